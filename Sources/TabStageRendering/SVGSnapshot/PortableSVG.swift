import TabStageLayout

/// What makes a snapshot SVG open the same outside tabstage: the `xlink` namespace on the root,
/// `xlink:href` beside SVG 2's `href` on every `<use>` (Inkscape 1.2 reads only the former),
/// `xlink:href` on the picture definitions (every renderer reads it; writing both would double
/// each picture's data), and the theme font's own family name after the private one tabstage
/// registers its files under (`ThemeFonts.cssFamily`), so a renderer with the font installed
/// uses it. None of it changes what librsvg draws.
package enum PortableSVG {
    /// The XLink namespace the root declares.
    package static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// The SVG without those additions, as tabstage wrote it before it added them: what a
    /// reference PNG's digest is taken over, so a reference rendered from the earlier SVG
    /// keeps its bytes. Undoes exactly the forms the builder writes, nothing else.
    package static func drawingForm(_ svg: String) -> String {
        String(decoding: drawingFormUTF8(svg), as: UTF8.self)
    }

    /// `drawingForm` as UTF-8 bytes: what the digest reads, without making a string of them.
    package static func drawingFormUTF8(_ svg: String) -> [UInt8] {
        // Searched as UTF-8 bytes: every mark is ASCII, and Foundation's `range(of:)` converts
        // the rest of the document to UTF-16 on each call (a reference's SVG is read on every
        // `verify`, so this is on the path a passing suite pays for).
        let bytes = Array(svg.utf8)
        guard let rootEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return bytes }
        var root = Array(bytes[..<rootEnd])
        let namespace = Array(" xmlns:xlink=\"\(xlinkNamespace)\"".utf8)
        guard root.starts(with: "<svg ".utf8), Self.find(namespace, in: root, from: 0) != nil else { return bytes }
        while let at = Self.find(namespace, in: root, from: 0) { root.removeSubrange(at..<at + namespace.count) }
        // font-family="&apos;PRIVATE&apos;, &apos;OWN&apos;, Inter, sans-serif": drop the own name.
        let family = Array(" font-family=\"&apos;".utf8), separator = Array("&apos;, &apos;".utf8)
        let ownEnd = Array("&apos;, \(TextFonts.cssFamily)\"".utf8)
        if let familyAt = Self.find(family, in: root, from: 0),
            let first = Self.find(separator, in: root, from: familyAt + family.count),
            let own = Self.find(ownEnd, in: root, from: first + separator.count)
        {
            root.removeSubrange(first..<own)
        }
        var out = root
        out.reserveCapacity(bytes.count)
        // ` xlink:href="#ID"` after a <use>'s href goes; a definition's ` xlink:href="data:` is `href` again.
        let mark = Array(" xlink:href=\"".utf8), href = Array(" href=\"".utf8)
        var position = rootEnd
        while let at = Self.find(mark, in: bytes, from: position) {
            out += bytes[position..<at]
            let rest = at + mark.count
            if rest < bytes.count, bytes[rest] == UInt8(ascii: "#"),
                let close = bytes[rest...].firstIndex(of: UInt8(ascii: "\""))
            {
                position = close + 1
            } else {
                out += href
                position = rest
            }
        }
        out += bytes[position...]
        return out
    }

    /// The index of the first `needle` in `haystack` at or after `from`.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, from <= haystack.count - needle.count else { return nil }
        var index = from
        let last = haystack.count - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
