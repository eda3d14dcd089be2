import TabStageModel

/// The X app's profile text, under its 80 pt avatar: the name (title2 bold) with the badge, the
/// handle (subheadline, secondary), the bio (subheadline, wrapped), the location, link and join
/// date each after a glyph (subheadline, secondary; the link in the accent colour), and the
/// counts with their numbers bold (subheadline semibold, tabular digits) and their labels
/// secondary. Every line takes its style's line height, its baseline a quarter of the size above
/// the line's bottom (the descent); blocks are 12 pt apart (assumed, measured on X's iOS
/// profile at the default size).
extension HeaderLayout {
    /// Between the avatar (or the button, when it reaches lower) and the name.
    static let xNameGap = 8.0
    /// Between the handle, bio, details and counts blocks.
    static let xBlockGap = 12.0
    /// Between one detail (glyph and text) and the next, and between two counts.
    static let xItemGap = 12.0
    /// Between a glyph and its text, and between a count's number and its label.
    static let xInnerGap = 4.0

    /// A detail glyph's side: the text's size plus 1, rounded (16 pt at 15 pt text).
    static func xGlyphSide(_ size: Double) -> Double { (size + 1).rounded() }

    static func xTexts(
        _ header: HeaderConfig, content: HeaderContent, top: Double, width: Double, leadingInset: Double, trailingInset: Double,
        button: Rect?, textCategory: ContentSizeCategory, mirroring: Mirroring, measuring: some TextMeasuring
    ) -> (texts: [HeaderText], badge: Rect?, bioLines: Int, glyphs: [HeaderGlyphFrame]) {
        let nameFont = nameStyle.font(for: textCategory).emphasized, detailFont = handleStyle.font(for: textCategory)
        let bioFont = bioStyle.font(for: textCategory), countFont = countsStyle.font(for: textCategory)
        let numberFont = countFont.emphasized.monospacedDigits
        let room = max(0, width - leadingInset - trailingInset)
        var texts: [HeaderText] = []
        var glyphs: [HeaderGlyphFrame] = []

        func place(
            _ element: String, _ string: String, font: TextFont, secondary: Bool, accent: Bool = false, at leading: Double,
            baseline: Double, room: Double
        ) -> HeaderText {
            let fitted = FittedText(string, font: font, available: max(0, room), measuring: measuring)
            var text = HeaderText(
                element: element, fitted: fitted, x: mirroring.x(leadingInset + leading, in: width), anchor: mirroring.leadingAnchor,
                baseline: baseline, font: font,
                secondary: secondary)
            text.accent = accent
            return text
        }
        func baseline(lineTop: Double, _ font: TextFont) -> Double { lineTop + font.lineHeight - 0.25 * font.size }

        // The name, below the avatar and the button.
        var lineTop = max(top + xNameGap, (button?.maxY ?? 0) + xNameGap / 2)
        let badgeSize = content.verified ? (0.9 * nameFont.size).rounded() : 0
        let badgeRoom = content.verified ? badgeSize + 4 : 0
        let nameBaseline = baseline(lineTop: lineTop, nameFont)
        texts.append(place("title", content.title, font: nameFont, secondary: false, at: 0, baseline: nameBaseline, room: room - badgeRoom))
        var badge: Rect?
        if content.verified {
            let nameWidth = texts[0].fitted.width
            badge = Rect(
                x: mirroring.x(leadingInset + nameWidth + 4, width: badgeSize, in: width),
                y: nameBaseline - 0.36 * nameFont.size - badgeSize / 2, width: badgeSize, height: badgeSize)
        }
        lineTop += nameFont.lineHeight

        // The handle, right under the name.
        if !content.subtitle.isEmpty {
            texts.append(
                place(
                    "subtitle", content.subtitle, font: detailFont, secondary: true, at: 0,
                    baseline: baseline(lineTop: lineTop, detailFont),
                    room: room))
            lineTop += detailFont.lineHeight
        }

        // The bio, wrapped.
        let bio = BioWrapping(content.bio, font: bioFont, width: room, maxLines: content.bioLineLimit, measuring: measuring)
        if !bio.lines.isEmpty { lineTop += xBlockGap }
        for line in bio.lines {
            texts.append(
                HeaderText(
                    element: "bio", fitted: line, x: mirroring.x(leadingInset, in: width), anchor: mirroring.leadingAnchor,
                    baseline: baseline(lineTop: lineTop, bioFont),
                    font: bioFont, secondary: false))
            lineTop += bioFont.lineHeight
        }

        // Location, link and join date, each after its glyph, flowing onto a new line when the
        // next one does not fit.
        let details: [(HeaderGlyph, String)] = [(.location, content.location), (.link, content.link), (.joined, content.joined)]
            .filter { !$0.1.isEmpty }
        if !details.isEmpty {
            lineTop += xBlockGap
            let side = xGlyphSide(detailFont.size)
            var at = 0.0
            for (glyph, string) in details {
                let textWidth = measuring.width(of: string, font: detailFont)
                if at > 0, at + side + xInnerGap + textWidth > room + 0.001 {
                    at = 0
                    lineTop += detailFont.lineHeight
                }
                let line = baseline(lineTop: lineTop, detailFont)
                let middle = line - 0.35 * detailFont.size
                glyphs.append(
                    HeaderGlyphFrame(
                        glyph: glyph,
                        frame: Rect(
                            x: mirroring.x(leadingInset + at, width: side, in: width), y: middle - side / 2, width: side, height: side)))
                let text = place(
                    glyph.rawValue, string, font: detailFont, secondary: glyph != .link, accent: glyph == .link,
                    at: at + side + xInnerGap, baseline: line, room: room - at - side - xInnerGap)
                texts.append(text)
                at += side + xInnerGap + text.fitted.width + xItemGap
            }
            lineTop += detailFont.lineHeight
        }

        // The counts: "1,024 Following  12.5K Followers", numbers bold, labels secondary.
        if !content.stats.isEmpty {
            lineTop += xBlockGap
            let line = baseline(lineTop: lineTop, countFont)
            var at = 0.0
            for stat in content.stats {
                let number = place("stats", stat.value, font: numberFont, secondary: false, at: at, baseline: line, room: room - at)
                texts.append(number)
                at += number.fitted.width
                if !stat.label.isEmpty {
                    let label = place(
                        "stats", stat.label, font: countFont, secondary: true, at: at + xInnerGap, baseline: line,
                        room: room - at - xInnerGap)
                    texts.append(label)
                    at += xInnerGap + label.fitted.width
                }
                at += xItemGap
            }
        }
        return (texts, badge, bio.lines.count, glyphs)
    }
}
