import TabStageModel

/// A bio wrapped as a label with `numberOfLines` wraps it: whole words per line (a word wider
/// than the line is broken between characters), explicit line breaks kept, and the last
/// allowed line cut with "…" when text remains.
struct BioWrapping {
    var lines: [FittedText] = []

    init(_ text: String, font: TextFont, width: Double, maxLines: Int, measuring: some TextMeasuring) {
        guard !text.isEmpty, maxLines > 0, width > 0 else { return }
        func fits(_ line: String) -> Bool { measuring.width(of: line, font: font) <= width + 0.001 }
        // Greedy filling, paragraph by paragraph; one line more than allowed tells whether to cut.
        var wrapped: [String] = []
        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if fits(candidate) {
                    line = candidate
                    continue
                }
                if !line.isEmpty {
                    wrapped.append(line)
                    if wrapped.count > maxLines { break paragraphs }
                }
                // A word wider than the whole line is broken between characters.
                var rest = Substring(word)
                while !fits(String(rest)), rest.count > 1 {
                    var head = 1
                    while head < rest.count, fits(String(rest.prefix(head + 1))) { head += 1 }
                    wrapped.append(String(rest.prefix(head)))
                    if wrapped.count > maxLines { break paragraphs }
                    rest = rest.dropFirst(head)
                }
                line = String(rest)
            }
            wrapped.append(line)
            if wrapped.count > maxLines { break }
        }
        let cut = wrapped.count > maxLines
        for (index, line) in wrapped.prefix(maxLines).enumerated() {
            if cut, index == maxLines - 1 {
                // The last line keeps what fits of itself and the next, then "…".
                let rest = line + " " + wrapped[maxLines]
                var fitted = FittedText(rest, font: font, available: width, measuring: measuring)
                if !fitted.isTruncated {
                    fitted = FittedText(line + FittedText.ellipsis, font: font, available: width, measuring: measuring)
                }
                fitted.isTruncated = true
                fitted.original = text
                lines.append(fitted)
            } else {
                lines.append(FittedText(line, font: font, available: width, measuring: measuring))
            }
        }
    }
}

/// A glyph before one of the X header's details, in the profile's coordinates.
package struct HeaderGlyphFrame: Sendable, Hashable {
    /// Which drawing.
    package var glyph: HeaderGlyph
    /// The square it fills.
    package var frame: Rect
}

/// One line of the header's text: where its leading edge and baseline sit (profile coordinates).
package struct HeaderText: Sendable, Hashable {
    /// `title`, `subtitle`, `bio` or `stats`.
    package var element: String
    /// The line's text after fitting, with its width.
    package var fitted: FittedText
    /// The leading edge: the left in left-to-right layouts, the right in right-to-left ones.
    package var x: Double
    /// Which end of the line sits at `x`: its start, or its end in right-to-left layouts.
    package var anchor: LaidOutElement.TextAnchor
    /// The baseline, in the profile's coordinates.
    package var baseline: Double
    /// The line's font (its text style at the layout's category).
    package var font: TextFont
    /// The font size in points.
    package var size: Double { font.size }
    /// Whether the line is semibold or heavier (the name).
    package var bold: Bool { font.isBold }
    /// Drawn in the secondary text colour.
    package var secondary: Bool
    /// Drawn in the accent colour (the X header's link), over `secondary`.
    package var accent = false
}
