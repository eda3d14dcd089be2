import Adaptive

/// Appends SVG elements to a string. Owns the two rules every element must follow:
/// numbers with at most two decimals in the C locale, and escaped text.
struct SVGBuilder {
    private(set) var text = ""

    init(width: Double, height: Double) {
        let w = n(width), h = n(height)
        text.reserveCapacity(32 * 1024)
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        text += " font-family=\"DejaVu Sans\">\n"
    }

    mutating func finish() -> String {
        text += "</svg>\n"
        return text
    }

    /// Raw markup for `<defs>` content built from the helpers' output.
    mutating func raw(_ markup: String) { text += markup }

    mutating func open(_ id: String? = nil, transform: String? = nil, clip: String? = nil, opacity: Double? = nil, filter: String? = nil) {
        text += "<g"
        if let id { text += " id=\"\(xmlEscape(id))\"" }
        if let transform { text += " transform=\"\(transform)\"" }
        if let clip { text += " clip-path=\"url(#\(clip))\"" }
        if let filter { text += " filter=\"url(#\(filter))\"" }
        if let opacity, opacity < 1 { text += " opacity=\"\(n(opacity))\"" }
        text += ">\n"
    }

    mutating func close() { text += "</g>\n" }

    mutating func rect(
        _ r: Rect, fill: String, radius: Double = 0, id: String? = nil, opacity: Double? = nil, stroke: String? = nil, strokeWidth: Double = 1
    ) {
        text += "<rect"
        if let id { text += " id=\"\(xmlEscape(id))\"" }
        text += " x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(max(0, r.height)))\""
        if radius > 0 { text += " rx=\"\(n(radius))\"" }
        text += " fill=\"\(fill)\""
        if let stroke { text += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
        if let opacity, opacity < 1 { text += " fill-opacity=\"\(n(opacity))\"" }
        text += "/>\n"
    }

    mutating func circle(
        cx: Double, cy: Double, r: Double, fill: String, id: String? = nil, opacity: Double? = nil,
        stroke: String? = nil, strokeWidth: Double = 0
    ) {
        text += "<circle"
        if let id { text += " id=\"\(xmlEscape(id))\"" }
        text += " cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(fill)\""
        if let opacity, opacity < 1 { text += " fill-opacity=\"\(n(opacity))\"" }
        if let stroke { text += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
        text += "/>\n"
    }

    mutating func path(_ d: String, fill: String, id: String? = nil, opacity: Double? = nil) {
        text += "<path"
        if let id { text += " id=\"\(xmlEscape(id))\"" }
        text += " d=\"\(d)\" fill=\"\(fill)\""
        if let opacity, opacity < 1 { text += " fill-opacity=\"\(n(opacity))\"" }
        text += "/>\n"
    }

    enum Anchor: String { case start, middle, end }

    mutating func label(
        _ string: String, x: Double, y: Double, size: Double, fill: String, bold: Bool = false,
        anchor: Anchor = .start, id: String? = nil, opacity: Double? = nil
    ) {
        text += "<text"
        if let id { text += " id=\"\(xmlEscape(id))\"" }
        text += " x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\""
        if bold { text += " font-weight=\"bold\"" }
        if anchor != .start { text += " text-anchor=\"\(anchor.rawValue)\"" }
        text += " fill=\"\(fill)\""
        if let opacity, opacity < 1 { text += " fill-opacity=\"\(n(opacity))\"" }
        text += ">\(xmlEscape(string))</text>\n"
    }

    struct Span {
        var text: String
        var size: Double
        var fill: String
        var bold = false
        /// Space before this span, in points.
        var gap: Double = 0
    }

    /// One line of differently styled runs laid out by the renderer, one after another.
    mutating func spans(_ spans: [Span], x: Double, y: Double, anchor: Anchor = .start, id: String? = nil) {
        text += "<text"
        if let id { text += " id=\"\(xmlEscape(id))\"" }
        text += " x=\"\(n(x))\" y=\"\(n(y))\""
        if anchor != .start { text += " text-anchor=\"\(anchor.rawValue)\"" }
        text += ">"
        for span in spans {
            text += "<tspan"
            if span.gap != 0 { text += " dx=\"\(n(span.gap))\"" }
            text += " font-size=\"\(n(span.size))\""
            if span.bold { text += " font-weight=\"bold\"" }
            text += " fill=\"\(span.fill)\">\(xmlEscape(span.text))</tspan>"
        }
        text += "</text>\n"
    }

    /// A clip path in `<defs>`, referenced by id from `open(clip:)`.
    mutating func clipRect(id: String, _ r: Rect, radius: Double = 0) {
        text += "<defs><clipPath id=\"\(xmlEscape(id))\"><rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(max(0, r.width)))\" height=\"\(n(max(0, r.height)))\""
        if radius > 0 { text += " rx=\"\(n(radius))\"" }
        text += "/></clipPath></defs>\n"
    }
}

/// SVG number text (DESIGN.md: at most two decimals, C locale).
func n(_ value: Double) -> String { decimalText(value, decimals: 2) }

/// XML-escapes text and attribute values; drops characters XML 1.0 cannot carry. Also used
/// for the HTML and JUnit reports.
public func xmlEscape(_ string: String) -> String {
    var out = ""
    out.reserveCapacity(string.utf8.count)
    for scalar in string.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\t", "\n", "\r": out += " "
        case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
            continue
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
