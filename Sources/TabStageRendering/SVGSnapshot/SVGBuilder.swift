import TabStageLayout
import TabStageModel

/// Appends SVG elements to a byte buffer. Owns the two rules every element must follow:
/// numbers with at most two decimals in the C locale, and escaped text. Bytes rather than a
/// String: appending many short pieces to a String costs more than everything else the writer does.
struct SVGBuilder {
    private var out: [UInt8] = []
    /// Bytes written past `SVGLimits.maxBytes`: counted, not kept, so an SVG far over its
    /// budget costs no more memory than the budget.
    private var dropped = 0
    /// The budget: `SVGLimits.maxBytes`, or `Int.max` for an SVG drawn without one.
    private let limit: Int
    /// Bytes of `data:` URIs written, for the message of an SVG over its budget.
    private var pictureBytes = 0
    /// Each distinct picture drawn, in the order first drawn: written once, in `<defs>` at the
    /// end (or, when `sharesPictures`, once per page by its caller), and referenced by every
    /// drawing of it.
    private var table: SharedPictures
    /// Leave the pictures out of this SVG: they are defined once for several SVGs.
    private let sharesPictures: Bool
    /// Counts without keeping anything (`SVGBuilder.counter`): the size estimated before
    /// drawing. A template row is then drawn once per `TemplateRowKey` and counted again from
    /// `templateRows` for the other rows of its key.
    let estimating: Bool
    /// Bytes each template row drawn so far took, by what decides its length.
    var templateRows: [TemplateRowKey: TemplateRowSize] = [:]

    /// `fontFamily` is the root's CSS `font-family` list (the theme's, or Inter's).
    init(
        width: Double, height: Double, fontFamily: String = TextFonts.cssFamily, limit: Int = SVGLimits.maxBytes,
        sharing shared: SharedPictures? = nil, estimating: Bool = false
    ) {
        self.limit = estimating ? 0 : limit
        self.estimating = estimating
        table = shared ?? SharedPictures()
        sharesPictures = shared != nil
        out.reserveCapacity(48 * 1024)
        put("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"\(PortableSVG.xlinkNamespace)\" width=\"")
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

    /// Bytes written so far, those past the budget included.
    var written: Int { out.count + dropped }

    /// A builder that keeps nothing and counts every byte the same drawing would write, the
    /// pictures' one copy each included: what `SVGSnapshot` estimates a snapshot with before
    /// it draws it.
    static func counter(width: Double, height: Double, fontFamily: String, sharing shared: SharedPictures?) -> SVGBuilder {
        SVGBuilder(width: width, height: height, fontFamily: fontFamily, sharing: shared, estimating: true)
    }

    /// Counts `bytes` as written without writing them (a template row known from its key).
    mutating func count(_ bytes: Int) {
        precondition(estimating, "only an estimate counts bytes it does not write")
        dropped += bytes
    }

    /// What a counter counted: the whole SVG's size and its pictures' share.
    mutating func counted() -> (bytes: Int, pictureBytes: Int) {
        precondition(estimating, "only an estimate is counted")
        if case .failure(let size) = finish() { return (size.bytes, size.pictureBytes) }
        return (written, pictureBytes)
    }

    /// The finished SVG, or its size when it is over `limit`.
    mutating func finish() -> Result<String, SVGSizeError> {
        if !table.pictures.isEmpty && !sharesPictures {
            put("<defs>\n")
            // An estimate counts the pictures' definitions without copying their data.
            if estimating { dropped += table.definitionsSize(from: 0) } else { put(table.definitions(from: 0)) }
            put("</defs>\n")
            pictureBytes = table.pictures.reduce(0) { $0 + $1.dataURI.utf8.count }
        }
        put("</svg>\n")
        guard dropped == 0 else { return .failure(SVGSizeError(bytes: out.count + dropped, pictureBytes: pictureBytes)) }
        return .success(String(decoding: out, as: UTF8.self))
    }

    /// Keeps what was appended since `start` while the SVG is within its budget; once it is
    /// over, counts every later piece instead of keeping it.
    private mutating func settle(from start: Int) {
        guard dropped > 0 || out.count > limit else { return }
        dropped += out.count - start
        out.removeLast(out.count - start)
    }

    // MARK: low level

    // Once over the budget (an estimate is from its first byte), a piece whose length is known
    // is counted without being appended and removed again.
    private mutating func put(_ literal: StaticString) {
        if dropped > 0 {
            dropped += literal.utf8CodeUnitCount
            return
        }
        let start = out.count
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
        settle(from: start)
    }

    private mutating func put(_ text: String) {
        if dropped > 0 {
            dropped += text.utf8.count
            return
        }
        let start = out.count
        out.append(contentsOf: text.utf8)
        settle(from: start)
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
        let start = out.count
        appendDecimalText(value, decimals: 2, to: &out)
        settle(from: start)
    }

    private mutating func escaped(_ text: String) {
        let start = out.count
        appendXMLEscaped(text, to: &out)
        settle(from: start)
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

    /// An embedded picture scaled to cover `r` (aspect fill, cropped to `r`), or with `fit` shown
    /// whole inside it (aspect fit): a nested `<svg>` viewport showing the picture's one copy in
    /// `<defs>`, which librsvg draws exactly as an `<image>` with that `preserveAspectRatio`.
    /// Only a base64 PNG or JPEG `data:` URI is embedded (anything else is left out), so the
    /// renderer never loads a file or URL.
    mutating func image(_ picture: EmbeddedImage, _ r: Rect, id: String? = nil, fit: Bool = false) {
        guard let reference = pictureReference(picture) else { return }
        put("<svg")
        idAttribute(id)
        attribute("x", r.x)
        attribute("y", r.y)
        attribute("width", max(0, r.width))
        attribute("height", max(0, r.height))
        put(" ")
        put(reference.viewBox)
        put(fit ? " preserveAspectRatio=\"xMidYMid meet\"><use href=\"#" : " preserveAspectRatio=\"xMidYMid slice\"><use href=\"#")
        put(reference.id)
        // Both spellings: SVG 2's href, and SVG 1.1's xlink:href for renderers such as Inkscape 1.2.
        put("\" xlink:href=\"#")
        put(reference.id)
        put("\"/></svg>\n")
    }

    /// The id `pictureReference` gives `picture`, without adding it: a template row is
    /// rendered first, and the picture is added only when the row draws it.
    func pendingPictureID(_ picture: EmbeddedImage) -> String {
        "picture-\(table.index[picture.dataURI] ?? table.pictures.count)"
    }

    /// The pictures drawn so far (with those shared before), for the next SVG that shares them.
    var sharedPictures: SharedPictures { table }

    /// The id of `picture`'s one copy in this SVG, and the `viewBox` attribute that shows all
    /// of it; nil for data that is not a base64 PNG or JPEG.
    mutating func pictureReference(_ picture: EmbeddedImage) -> (id: String, viewBox: String)? {
        let viewBox = "viewBox=\"0 0 \(picture.embeddedWidth) \(picture.embeddedHeight)\""
        if let index = table.index[picture.dataURI] { return ("picture-\(index)", viewBox) }
        guard picture.embeddedWidth > 0, picture.embeddedHeight > 0, Self.isEmbeddedImage(picture.dataURI) else { return nil }
        return ("picture-\(table.add(picture))", viewBox)
    }

    /// Whether `uri` is a `data:` URI of a PNG or JPEG whose payload is all base64.
    static func isEmbeddedImage(_ uri: String) -> Bool {
        let payload: Substring
        if uri.hasPrefix("data:image/png;base64,") {
            payload = uri.dropFirst("data:image/png;base64,".count)
        } else if uri.hasPrefix("data:image/jpeg;base64,") {
            payload = uri.dropFirst("data:image/jpeg;base64,".count)
        } else {
            return false
        }
        // A loop over the bytes, not `allSatisfy` with a `switch` of ranges: a picture's
        // megabytes of base64 went through a generic call per byte in a debug build.
        return payload.utf8.withContiguousStorageIfAvailable { isBase64($0) }
            ?? Array(payload.utf8).withUnsafeBufferPointer { isBase64($0) }
    }

    /// Whether every byte is a base64 digit or padding (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`, `=`).
    private static func isBase64(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A  // A-Z or a-z
            guard letter || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2F || byte == 0x3D else { return false }
            index += 1
        }
        return true
    }

    /// Where a label's x is: its left edge, middle or right edge on the page (physical, whatever
    /// the layout direction; `label` writes the logical `text-anchor`).
    enum Anchor: String { case start, middle, end }

    /// The layout is right to left: text without a letter of its own direction (digits,
    /// punctuation) is a right-to-left paragraph.
    var rtl = false
    /// The `font-family` written on text with tabular digits (Inter Tabular, which tabstage's
    /// font configuration maps to Inter with `tnum`); nil in a theme's fonts, which keep theirs.
    var tabularFamily: String? = TextFonts.tabularCSSFamily

    /// One line of text in `font`: `class` names its text style, and the weight, tracking and
    /// digit widths it was measured with are written out. `anchor` is physical (`.start` is the
    /// left edge); in a right-to-left label the left edge is its logical end.
    mutating func label(
        _ string: String, x: Double, y: Double, font: TextFont, fill: String, anchor: Anchor = .start, id: String? = nil,
        opacity: Double? = nil
    ) {
        put("<text")
        idAttribute(id)
        attribute("x", x)
        attribute("y", y)
        attribute("font-size", font.size)
        if font.weight != 400 { attribute("font-weight", raw: String(font.weight)) }
        if font.tracking != 0 { attribute("letter-spacing", font.tracking) }
        if font.tabularDigits {
            if let tabularFamily { attribute("font-family", raw: xmlEscape(tabularFamily)) }
            attribute("font-variant-numeric", raw: "tabular-nums")
        }
        // UILabel's natural writing direction: the paragraph takes its first letter's direction
        // (Unicode's rules P2 and P3), the layout's when it has none. A right-to-left paragraph
        // is written with direction="rtl", so its punctuation lands where Arabic and Hebrew put
        // it; text-anchor is then logical, so it is swapped to keep the physical anchor.
        let rightToLeft = Self.paragraphIsRightToLeft(string) ?? rtl
        let logical: Anchor =
            switch (anchor, rightToLeft) {
            case (.middle, _): .middle
            case (.start, false), (.end, true): .start
            case (.end, false), (.start, true): .end
            }
        if rightToLeft { attribute("direction", raw: "rtl") }
        if logical != .start { attribute("text-anchor", raw: logical.rawValue) }
        attribute("fill", raw: fill)
        if let opacity, opacity < 1 { attribute("fill-opacity", opacity) }
        attribute("class", raw: font.style.rawValue)
        put(">")
        escaped(string)
        put("</text>\n")
    }

    /// Whether `text` is a right-to-left paragraph by its first strong character: true for
    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left scripts' letters, false
    /// for any other letter, nil when it has no letter (digits, punctuation, symbols).
    static func paragraphIsRightToLeft(_ text: String) -> Bool? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
            case 0x200F: return true  // RIGHT-TO-LEFT MARK
            case 0x200E: return false  // LEFT-TO-RIGHT MARK
            default: if scalar.properties.isAlphabetic { return false }
            }
        }
        return nil
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

/// The pictures several SVGs of one page draw, each defined once for all of them: the player
/// page writes `definitions(from:)` for the pictures a frame added, and every frame's SVG
/// refers to them by id (`#picture-N`), so the page grows with the frames' markup only.
package struct SharedPictures: Sendable {
    /// Each distinct picture, in the order first drawn; `picture-N` is the N-th.
    package private(set) var pictures: [EmbeddedImage] = []
    var index: [String: Int] = [:]

    /// No pictures yet.
    package init() {}

    /// Adds `picture` and returns its number.
    mutating func add(_ picture: EmbeddedImage) -> Int {
        index[picture.dataURI] = pictures.count
        pictures.append(picture)
        return pictures.count - 1
    }

    /// `<image id="picture-N" …/>` elements for the pictures from number `start` on, for a `<defs>`.
    package func definitions(from start: Int) -> String {
        var out = ""
        for number in start..<max(start, pictures.count) { out += definition(number, dataURI: pictures[number].dataURI) }
        return out
    }

    /// The bytes `definitions(from:)` would write, without copying the pictures' data.
    func definitionsSize(from start: Int) -> Int {
        (start..<max(start, pictures.count)).reduce(0) { total, number in
            total + definition(number, dataURI: "").utf8.count + pictures[number].dataURI.utf8.count
        }
    }

    private func definition(_ number: Int, dataURI: String) -> String {
        let picture = pictures[number]
        return
            "<image id=\"picture-\(number)\" width=\"\(picture.embeddedWidth)\" height=\"\(picture.embeddedHeight)\" xlink:href=\"\(dataURI)\"/>\n"
    }
}
