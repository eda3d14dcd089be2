import Adaptive

/// Appends SVG elements to a byte buffer. Owns the two rules every element must follow:
/// numbers with at most two decimals in the C locale, and escaped text. Bytes rather than a
/// String: appending many short pieces to a String costs more than everything else the writer does.
struct SVGBuilder {
    private var out: [UInt8] = []

    /// `fontFamily` is the root's CSS `font-family` list (the theme's, or DejaVu Sans).
    init(width: Double, height: Double, fontFamily: String = "DejaVu Sans") {
        out.reserveCapacity(48 * 1024)
        put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        number(width)
        put("\" height=\"")
        number(height)
        put("\" viewBox=\"0 0 ")
        number(width)
        put(" ")
        number(height)
        put("\" font-family=\"")
        put(xmlEscape(fontFamily))
        put("\">\n")
    }

    mutating func finish() -> String {
        put("</svg>\n")
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: low level

    private mutating func put(_ literal: StaticString) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func put(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    /// ` name="value"` with a number value.
    private mutating func attribute(_ name: StaticString, _ value: Double) {
        put(" ")
        put(name)
        put("=\"")
        number(value)
        put("\"")
    }

    /// ` name="value"` with text that needs no escaping (colours, transforms, path data we build).
    private mutating func attribute(_ name: StaticString, raw value: String) {
        put(" ")
        put(name)
        put("=\"")
        put(value)
        put("\"")
    }

    private mutating func idAttribute(_ id: String?) {
        guard let id else { return }
        put(" id=\"")
        escaped(id)
        put("\"")
    }

    /// `decimalText(value, decimals: 2)`, written without building a String.
    private mutating func number(_ value: Double) {
        appendDecimalText(value, decimals: 2, to: &out)
    }

    private mutating func escaped(_ text: String) {
        appendXMLEscaped(text, to: &out)
    }

    // MARK: elements

    /// Raw markup for `<defs>` content built from the helpers' output.
    mutating func raw(_ markup: String) { put(markup) }

    /// `fontFamily` overrides the root's family inside the group (system chrome keeps the system font).
    mutating func open(
        _ id: String? = nil, transform: String? = nil, clip: String? = nil, opacity: Double? = nil, filter: String? = nil,
        fontFamily: String? = nil
    ) {
        put("<g")
        idAttribute(id)
        if let fontFamily {
            put(" font-family=\"")
            put(xmlEscape(fontFamily))
            put("\"")
        }
        if let transform { attribute("transform", raw: transform) }
        if let clip {
            put(" clip-path=\"url(#")
            put(clip)
            put(")\"")
        }
        if let filter {
            put(" filter=\"url(#")
            put(filter)
            put(")\"")
        }
        if let opacity, opacity < 1 { attribute("opacity", opacity) }
        put(">\n")
    }

    mutating func close() { put("</g>\n") }

    mutating func rect(
        _ r: Rect, fill: String, radius: Double = 0, id: String? = nil, opacity: Double? = nil, stroke: String? = nil,
        strokeWidth: Double = 1
    ) {
        put("<rect")
        idAttribute(id)
        attribute("x", r.x)
        attribute("y", r.y)
        attribute("width", max(0, r.width))
        attribute("height", max(0, r.height))
        if radius > 0 { attribute("rx", radius) }
        attribute("fill", raw: fill)
        if let stroke {
            attribute("stroke", raw: stroke)
            attribute("stroke-width", strokeWidth)
        }
        if let opacity, opacity < 1 { attribute("fill-opacity", opacity) }
        put("/>\n")
    }

    mutating func circle(
        cx: Double, cy: Double, r: Double, fill: String, id: String? = nil, opacity: Double? = nil,
        stroke: String? = nil, strokeWidth: Double = 0
    ) {
        put("<circle")
        idAttribute(id)
        attribute("cx", cx)
        attribute("cy", cy)
        attribute("r", r)
        attribute("fill", raw: fill)
        if let opacity, opacity < 1 { attribute("fill-opacity", opacity) }
        if let stroke {
            attribute("stroke", raw: stroke)
            attribute("stroke-width", strokeWidth)
        }
        put("/>\n")
    }

    mutating func path(_ d: String, fill: String, id: String? = nil, opacity: Double? = nil) {
        put("<path")
        idAttribute(id)
        attribute("d", raw: d)
        attribute("fill", raw: fill)
        if let opacity, opacity < 1 { attribute("fill-opacity", opacity) }
        put("/>\n")
    }

    /// A stroked outline (glyphs drawn as paths, not font text).
    mutating func strokedPath(_ d: String, stroke: String, width: Double, id: String? = nil) {
        put("<path")
        idAttribute(id)
        attribute("d", raw: d)
        put(" fill=\"none\"")
        attribute("stroke", raw: stroke)
        attribute("stroke-width", width)
        put(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n")
    }

    /// An embedded image scaled to cover `r` (aspect-fill; clip it to `r` for a crop), or with
    /// `fit` shown whole inside it (aspect-fit). Only a base64 PNG or JPEG `data:` URI is written
    /// (anything else is left out), so the renderer never loads a file or URL and the attribute
    /// cannot be broken out of.
    mutating func image(dataURI: String, _ r: Rect, id: String? = nil, fit: Bool = false) {
        guard Self.isEmbeddedImage(dataURI) else { return }
        put("<image")
        idAttribute(id)
        attribute("x", r.x)
        attribute("y", r.y)
        attribute("width", max(0, r.width))
        attribute("height", max(0, r.height))
        put(fit ? " preserveAspectRatio=\"xMidYMid meet\" href=\"" : " preserveAspectRatio=\"xMidYMid slice\" href=\"")
        put(dataURI)
        put("\"/>\n")
    }

    static func isEmbeddedImage(_ uri: String) -> Bool {
        let payload: Substring
        if uri.hasPrefix("data:image/png;base64,") {
            payload = uri.dropFirst("data:image/png;base64,".count)
        } else if uri.hasPrefix("data:image/jpeg;base64,") {
            payload = uri.dropFirst("data:image/jpeg;base64,".count)
        } else {
            return false
        }
        return payload.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
                true
            default: false
            }
        }
    }

    enum Anchor: String { case start, middle, end }

    mutating func label(
        _ string: String, x: Double, y: Double, size: Double, fill: String, bold: Bool = false,
        anchor: Anchor = .start, id: String? = nil, opacity: Double? = nil
    ) {
        put("<text")
        idAttribute(id)
        attribute("x", x)
        attribute("y", y)
        attribute("font-size", size)
        if bold { put(" font-weight=\"bold\"") }
        if anchor != .start { attribute("text-anchor", raw: anchor.rawValue) }
        attribute("fill", raw: fill)
        if let opacity, opacity < 1 { attribute("fill-opacity", opacity) }
        put(">")
        escaped(string)
        put("</text>\n")
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
        put("<text")
        idAttribute(id)
        attribute("x", x)
        attribute("y", y)
        if anchor != .start { attribute("text-anchor", raw: anchor.rawValue) }
        put(">")
        for span in spans {
            put("<tspan")
            if span.gap != 0 { attribute("dx", span.gap) }
            attribute("font-size", span.size)
            if span.bold { put(" font-weight=\"bold\"") }
            attribute("fill", raw: span.fill)
            put(">")
            escaped(span.text)
            put("</tspan>")
        }
        put("</text>\n")
    }

    /// A circular clip path in `<defs>`, referenced by id from `open(clip:)`.
    mutating func circleClip(id: String, cx: Double, cy: Double, r: Double) {
        put("<defs><clipPath")
        idAttribute(id)
        put("><circle")
        attribute("cx", cx)
        attribute("cy", cy)
        attribute("r", r)
        put("/></clipPath></defs>\n")
    }

    /// A clip path in `<defs>`, referenced by id from `open(clip:)`.
    mutating func clipRect(id: String, _ r: Rect, radius: Double = 0) {
        put("<defs><clipPath")
        idAttribute(id)
        put("><rect")
        attribute("x", r.x)
        attribute("y", r.y)
        attribute("width", max(0, r.width))
        attribute("height", max(0, r.height))
        if radius > 0 { attribute("rx", radius) }
        put("/></clipPath></defs>\n")
    }
}

/// SVG number text: at most two decimals in the C locale, so output never depends on the machine.
func n(_ value: Double) -> String { decimalText(value, decimals: 2) }
