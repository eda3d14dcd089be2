import Adaptive
import TextSupport

/// `NAME.accessibility.svg`'s text (rendered as `NAME.accessibility.png`): the snapshot with a
/// numbered, coloured box around each accessibility element and a legend beside it listing
/// them in reading order, as AccessibilitySnapshot draws them.
public enum AccessibilityPicture {
    /// The legend's width in points, right of the screen.
    public static let legendWidth = 320.0
    /// One legend line's height in points.
    static let lineHeight = 20.0
    /// Labels longer than this many characters are cut with "…" in the legend (never in the JSON).
    static let legendCharacters = 32
    /// Box colours, one per element in turn.
    static let colors = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#0f9ba8", "#f032e6", "#808000"]

    /// The picture: `screen` (the snapshot's SVG, `width`×`height` points) at the top left,
    /// the boxes over it and the legend to its right.
    public static func svg(screen: String, width: Double, height: Double, elements: [AccessibilityElement]) -> String {
        let legendHeight = 16 + Double(elements.count) * lineHeight + 8
        let totalWidth = width + legendWidth, totalHeight = max(height, legendHeight)
        func n(_ value: Double) -> String { decimalText(value, decimals: 2) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" "
        out += "viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" font-family=\"DejaVu Sans\">\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#ffffff\"/>\n"
        // The snapshot keeps its own width and height: nested, it is the top-left viewport.
        out += screen.hasSuffix("\n") ? screen : screen + "\n"
        out += "<g id=\"accessibility-boxes\">\n"
        for (index, element) in elements.enumerated() {
            let color = colors[index % colors.count], frame = element.frame
            out += "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" "
            out += "fill=\"\(color)\" fill-opacity=\"0.12\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            let badgeX = min(max(0, frame.x), width - 22), badgeY = min(max(0, frame.y), height - 16)
            out += badge(index + 1, x: badgeX, y: badgeY, color: color)
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

    /// A numbered tag.
    private static func badge(_ number: Int, x: Double, y: Double, color: String) -> String {
        let x = decimalText(x, decimals: 2), y = decimalText(y, decimals: 2)
        return "<g transform=\"translate(\(x),\(y))\"><rect width=\"22\" height=\"16\" rx=\"3\" fill=\"\(color)\"/>"
            + "<text x=\"11\" y=\"12\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">\(number)</text></g>\n"
    }

    /// At most `legendCharacters` characters, the last one "…" when cut.
    static func shortened(_ text: String) -> String {
        let flat = text.map { $0.isNewline ? " " : $0 }
        guard flat.count > legendCharacters else { return String(flat) }
        return String(flat.prefix(legendCharacters - 1)) + "…"
    }
}
