import TabStageModel

/// `NAME.accessibility.svg`'s text (rendered as `NAME.accessibility.png`): the snapshot with a
/// numbered, coloured box around each accessibility element and a legend beside it listing
/// them in reading order, as AccessibilitySnapshot draws them.
package enum AccessibilityPicture {
    /// The legend's width in points, right of the screen.
    package static let legendWidth = 320.0
    /// One legend line's height in points.
    static let lineHeight = 20.0
    /// Labels longer than this many characters are cut with "…" in the legend (never in the JSON).
    static let legendCharacters = 32
    /// Box colours, one per element in turn.
    static let colors = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#0f9ba8", "#f032e6", "#808000"]

    /// The picture: `screen` (the snapshot's SVG, `width`×`height` points) at the top left,
    /// the boxes over it and the legend to its right.
    package static func svg(screen: String, width: Double, height: Double, elements: [AccessibilityElement]) -> String {
        let legendHeight = 16 + Double(elements.count) * lineHeight + 8
        let totalWidth = width + legendWidth, totalHeight = max(height, legendHeight)
        func n(_ value: Double) -> String { decimalText(value, decimals: 2) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" "
        out += "viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" font-family=\"DejaVu Sans\">\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#ffffff\"/>\n"
        // The snapshot keeps its own width and height: nested, it is the top-left viewport.
        out += screen.hasSuffix("\n") ? screen : screen + "\n"
        out += "<g id=\"accessibility-boxes\">\n"
        let badges = badgeOrigins(for: elements.map(\.frame), width: width, height: height)
        for (index, element) in elements.enumerated() {
            let color = colors[index % colors.count], frame = element.frame
            out += "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" "
            out += "fill=\"\(color)\" fill-opacity=\"0.12\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            out += badge(index + 1, x: badges[index].x, y: badges[index].y, color: color)
        }
        out += "</g>\n<g id=\"accessibility-legend\">\n"
        out += "<rect x=\"\(n(width))\" y=\"0\" width=\"\(n(legendWidth))\" height=\"\(n(totalHeight))\" fill=\"#f7f7f8\"/>\n"
        for (index, element) in elements.enumerated() {
            let y = 16 + Double(index) * lineHeight
            out += badge(index + 1, x: width + 8, y: y - 2, color: colors[index % colors.count])
            let traits = element.traits.map(\.rawValue).joined(separator: ", ")
            var text = shortened(element.label.isEmpty ? "(no label)" : element.label)
            if !element.value.isEmpty { text += " · " + element.value }
            out +=
                "<text x=\"\(n(width + 36))\" y=\"\(n(y + 11))\" font-size=\"11\" xml:space=\"preserve\" fill=\"#1c1c1e\">\(xmlEscape(text))"
            if !traits.isEmpty { out += "<tspan fill=\"#6c6c70\"> (\(xmlEscape(traits)))</tspan>" }
            out += "</text>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// A badge's size in points.
    static let badgeWidth = 22.0, badgeHeight = 16.0
    /// Room left between a box and a badge outside it.
    static let badgeGap = 2.0

    /// Where each element's numbered badge goes, in reading order. A badge never covers the
    /// first letters of a label: it sits outside its box, after the trailing edge, before the
    /// leading edge, above or below it, the first of those that is on screen and clear of
    /// every earlier badge and of every other element's box (a box that holds this one, a
    /// row around its button, does not count). A box with no such place takes its badge
    /// inside at its right end, where a left-aligned label ends.
    package static func badgeOrigins(for frames: [Rect], width: Double, height: Double) -> [(x: Double, y: Double)] {
        var placed: [Rect] = []
        for (index, frame) in frames.enumerated() {
            let top = min(max(0, frame.y), height - badgeHeight)
            let candidates = [
                Rect(x: frame.maxX + badgeGap, y: top, width: badgeWidth, height: badgeHeight),
                Rect(x: frame.x - badgeGap - badgeWidth, y: top, width: badgeWidth, height: badgeHeight),
                Rect(x: max(0, frame.x), y: frame.y - badgeGap - badgeHeight, width: badgeWidth, height: badgeHeight),
                Rect(x: max(0, frame.x), y: frame.maxY + badgeGap, width: badgeWidth, height: badgeHeight),
            ]
            let others = frames.enumerated().filter { $0.offset != index && !holds($0.element, frame) }.map(\.element)
            func onScreen(_ r: Rect) -> Bool { r.x >= 0 && r.y >= 0 && r.maxX <= width && r.maxY <= height }
            func clear(_ r: Rect) -> Bool { !placed.contains { $0.intersects(r) } && !others.contains { $0.intersects(r) } }
            let inside = Rect(
                x: max(0, min(frame.maxX, width) - badgeWidth), y: top, width: badgeWidth, height: badgeHeight)
            let chosen = candidates.first { onScreen($0) && clear($0) } ?? inside
            placed.append(chosen)
        }
        return placed.map { (x: $0.x, y: $0.y) }
    }

    /// Whether `outer` holds all of `inner` (a row around its avatar and button).
    private static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.x <= inner.x && outer.y <= inner.y && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    /// A numbered tag.
    private static func badge(_ number: Int, x: Double, y: Double, color: String) -> String {
        let x = decimalText(x, decimals: 2), y = decimalText(y, decimals: 2)
        let size = "width=\"\(decimalText(badgeWidth, decimals: 2))\" height=\"\(decimalText(badgeHeight, decimals: 2))\""
        return "<g transform=\"translate(\(x),\(y))\"><rect \(size) rx=\"3\" fill=\"\(color)\"/>"
            + "<text x=\"11\" y=\"12\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">\(number)</text></g>\n"
    }

    /// At most `legendCharacters` characters, the last one "…" when cut.
    static func shortened(_ text: String) -> String {
        let flat = text.map { $0.isNewline ? " " : $0 }
        guard flat.count > legendCharacters else { return String(flat) }
        return String(flat.prefix(legendCharacters - 1)) + "…"
    }
}
