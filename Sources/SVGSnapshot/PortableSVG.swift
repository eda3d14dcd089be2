import Look

/// What makes a snapshot SVG open the same outside tabstage: the `xlink` namespace on the root,
/// `xlink:href` beside SVG 2's `href` on every `<use>` (Inkscape 1.2 reads only the former),
/// `xlink:href` on the picture definitions (every renderer reads it; writing both would double
/// each picture's data), and the theme font's own family name after the private one tabstage
/// registers its files under (`ThemeFonts.cssFamily`), so a renderer with the font installed
/// uses it. None of it changes what librsvg draws.
public enum PortableSVG {
    /// The XLink namespace the root declares.
    public static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// The SVG without those additions, as tabstage wrote it before it added them: what a
    /// reference PNG's digest is taken over, so a reference rendered from the earlier SVG
    /// keeps its bytes. Undoes exactly the forms the builder writes, nothing else.
    public static func drawingForm(_ svg: String) -> String {
        guard let rootEnd = svg.firstIndex(of: "\n") else { return svg }
        var root = String(svg[..<rootEnd])
        guard root.hasPrefix("<svg "), root.contains(" xmlns:xlink=\"\(xlinkNamespace)\"") else { return svg }
        root = root.replacingOccurrences(of: " xmlns:xlink=\"\(xlinkNamespace)\"", with: "")
        // font-family="&apos;PRIVATE&apos;, &apos;OWN&apos;, Inter, sans-serif": drop the own name.
        if let family = root.range(of: " font-family=\"&apos;"),
            let first = root.range(of: "&apos;, &apos;", range: family.upperBound..<root.endIndex),
            let own = root.range(of: "&apos;, \(TextFonts.cssFamily)\"", range: first.upperBound..<root.endIndex)
        {
            root.removeSubrange(first.lowerBound..<own.lowerBound)
        }
        var body = Substring(svg[rootEnd...])
        var out = root
        out.reserveCapacity(svg.utf8.count)
        // ` xlink:href="#ID"` after a <use>'s href goes; a definition's ` xlink:href="data:` is `href` again.
        while let mark = body.range(of: " xlink:href=\"") {
            out += body[..<mark.lowerBound]
            let rest = body[mark.upperBound...]
            if rest.hasPrefix("#"), let close = rest.firstIndex(of: "\"") {
                body = rest[rest.index(after: close)...]
            } else {
                out += " href=\""
                body = rest
            }
        }
        out += body
        return out
    }
}
