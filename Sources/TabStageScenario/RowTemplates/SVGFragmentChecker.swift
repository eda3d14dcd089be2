import Foundation
import TabStageModel

/// Checks a rendered row with a real XML parser (libxml2's, as Foundation's XMLParser sets it up:
/// `LibXMLParser`) and writes
/// it again from the parsed elements, attributes and text. Accepted: only what `SVGAllowlist`
/// names — SVG's drawing elements, their geometry and presentation attributes, CSS functions by
/// attribute (`CSSValues`), `url(#id)` naming an id in the row, `href` only as the item's
/// picture. Everything else is refused, located and named; the most common refusals (scripts,
/// `<style>`, filters, `url()` out of the row) say why in their own words. Also refused: anything
/// that is not a well-formed fragment; a DTD or entity other than XML's five and numeric
/// references; processing instructions. Comments are dropped.
@_spi(Fuzzing) public enum SVGFragmentChecker {
    /// Elements that load or run content, or embed a foreign document.
    /// Compared in lower case: a browser's HTML parser (the player page) reads `<SCRIPT>` as a
    /// script. Animation elements are refused too, since `<set>`/`<animate>` can rewrite an `href`.
    static let refusedElements: Set<String> = [
        "script", "foreignobject", "iframe", "object", "embed", "audio", "video", "canvas", "handler", "listener",
        "animation", "feimage", "font-face-uri", "color-profile", "cursor", "set", "animate", "animatemotion",
        "animatetransform", "animatecolor", "discard",
    ]
    /// Deeper nesting than librsvg's parser accepts (256) is refused here, with a location.
    static let maximumDepth = 64
    /// Characters of text one `<text>` element may hold. librsvg measures a text run's outline
    /// in time that grows with the square of its length (65,000 characters take minutes), and
    /// a row shows far fewer characters than this on one line.
    static let maximumTextLength = 1000

    /// What to write instead, one short text per kind of refusal.
    enum Expected {
        static let drawing = "an SVG drawing element: g, rect, circle, ellipse, line, polyline, polygon, path, text, image, …"
        static let textOnly = "plain text in <title> and <desc>"
        static let namespace = "SVG's own names: no xmlns other than SVG's, no prefix but xlink:href and xml:space"
        static let attribute = "SVG's geometry and presentation attributes (x, width, d, fill, stroke, opacity, font-size, …)"
        static let id = "an id of letters, digits, '-', '_' and '.'"
        static let style = "fill=\"…\", stroke=\"…\" or style=\"…\" on the element itself"
        static let embeddedImage = "href only as the item's picture: <image href=\"{{image}}\" …/>; give other pictures as items"
        static let noFilter = "no filters: their cost grows with the area and radius (one blur took a minute to draw)"
        static let localURL = "url(#id) naming an id in this row"
        static let plainText = "text with &amp; &lt; &gt; &quot; &apos; or &#NN; only"
        static let wellFormed = "every element closed in order: <g>…</g> or <rect …/>"
        static let cssText = "plain CSS values without backslash escapes or @import"
        static let attributes = "attributes without on… event handlers or xml:base"
        static let nesting = "at most \(maximumDepth) nested elements"
        static let textLength = "at most \(maximumTextLength) characters in one <text>; split long text into several <text> elements"
    }

    /// The fragment as written again from what was parsed, ids prefixed; or why it was refused.
    /// An `<image>` whose data is one of `pictures` is written as a view of that picture's one
    /// copy in the SVG (see `SharedPicture`).
    public static func check(_ fragment: String, idPrefix: String, pictures: [String: SharedPicture] = [:])
        -> Result<String, RowTemplateError>
    {
        checkWithCost(fragment, idPrefix: idPrefix, pictures: pictures).map(\.fragment)
    }

    /// Bytes one rendered row may have. A template is at most 64 KiB, but each of its tags can
    /// stand for an item's text: 1,000 tags of 1,000 characters made rows of megabytes, each
    /// parsed once per item when loading and once per row drawn.
    public static let maximumRowBytes = 256 * 1024

    /// `check`, and what the row costs to draw (see `DrawingCost`).
    /// Without `writing`, the fragment handed back is empty (a probe needs only the verdict).
    package static func checkWithCost(
        _ fragment: String, idPrefix: String, pictures: [String: SharedPicture] = [:], writing: Bool = true
    )
        -> Result<(fragment: String, cost: DrawingCost.RowCost), RowTemplateError>
    {
        let size = fragment.utf8.count
        if size > maximumRowBytes {
            return .failure(
                RowTemplateError(
                    line: 1, "the rendered row is \(size) bytes, over the limit",
                    expected: "at most \(maximumRowBytes) bytes a row: fewer or shorter {{fields}}"))
        }
        if let refusal = preParseRefusal(fragment) { return .failure(refusal) }
        let wrapped = wrapperOpening + fragment + "</svg>"
        let parser = LibXMLParser(wrapped)
        let collector = Collector(fragment: fragment)
        parser.handler = collector
        let parsed = parser.parse()
        if let refusal = collector.refusal { return .failure(refusal) }
        if let open = collector.stack.last {
            return .failure(neverClosed(open))
        }
        guard parsed else {
            return .failure(
                RowTemplateError(
                    line: parser.lineNumber > 0 ? parser.lineNumber : nil, "the rendered row is not well-formed XML",
                    expected: Expected.wellFormed))
        }
        if let dangling = collector.danglingReference() { return .failure(dangling) }
        switch collector.cost() {
        case .failure(let overBudget): return .failure(overBudget)
        case .success(let cost): return .success((writing ? collector.write(idPrefix: idPrefix, pictures: pictures) : "", cost))
        }
    }

    /// What is refused before the parser sees the fragment: libxml2 would read a DTD before any
    /// callback, so a DTD and entity declarations are refused first (and CDATA); a processing
    /// instruction too (Foundation's parser on Linux, which this check used before, read one
    /// without data, `<?rect?>`, through a null pointer and crashed the process).
    static func preParseRefusal(_ fragment: String) -> RowTemplateError? {
        for (marker, what) in [
            ("<!DOCTYPE", "a DTD (<!DOCTYPE>)"), ("<!ENTITY", "an entity declaration"), ("<![CDATA[", "a CDATA section"),
        ]
        where fragment.range(of: marker, options: .caseInsensitive) != nil {
            return RowTemplateError(line: lineOf(marker, in: fragment), "the rendered row contains \(what)", expected: Expected.plainText)
        }
        if let start = fragment.range(of: "<?") {
            let target = fragment[start.upperBound...].prefix { !($0.isWhitespace || $0 == "?" || $0 == ">") }
            return RowTemplateError(
                line: lineOf("<?", in: fragment),
                "the processing instruction <?\(quotedValue(String(target)))?> is not allowed in a row template",
                expected: Expected.drawing)
        }
        return nil
    }

    /// The element every fragment is parsed inside; it is on the fragment's first line.
    static let wrapperOpening = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"

    static func neverClosed(_ open: Collector.OpenElement) -> RowTemplateError {
        RowTemplateError(
            line: open.line, "<\(open.name)> is never closed in the rendered row", expected: Expected.wellFormed)
    }

    static func lineOf(_ marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker, options: .caseInsensitive) else { return nil }
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    /// The first closing tag that does not match the open element, or the first element never
    /// closed, read from the fragment's tags (libxml2's error names neither). Only called once
    /// the parser has refused the fragment.
    static func unbalancedTag(in fragment: String) -> RowTemplateError? {
        let bytes = Array(fragment.utf8)
        var open: [Collector.OpenElement] = []
        var line = 1
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            !(byte == UInt8(ascii: " ") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r"))
        }
        func skip(past end: String) {
            let pattern = Array(end.utf8)
            while index < bytes.count, !bytes[index...].starts(with: pattern) {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            index = min(bytes.count, index + pattern.count)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                skip(past: "-->")
            } else if bytes[index + 1] == UInt8(ascii: "?") {
                skip(past: "?>")
            } else if bytes[index + 1] == UInt8(ascii: "/") {
                let nameStart = index + 2
                var nameEnd = nameStart
                while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                guard let top = open.popLast() else {
                    return RowTemplateError(
                        line: line, "</\(name)> closes nothing in the rendered row", expected: Expected.wellFormed)
                }
                if top.name != name {
                    return RowTemplateError(
                        line: line, "</\(name)> closes <\(top.name)> (opened at line \(top.line)) in the rendered row",
                        expected: Expected.wellFormed)
                }
                index = nameEnd
                skip(past: ">")
            } else {
                let nameStart = index + 1
                var nameEnd = nameStart
                while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                let element = Collector.OpenElement(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), line: line)
                // To the tag's end, past quoted attribute values.
                index = nameEnd
                var quote: UInt8?
                var previous: UInt8 = 0
                while index < bytes.count {
                    let current = bytes[index]
                    if current == UInt8(ascii: "\n") { line += 1 }
                    if let open = quote {
                        if current == open { quote = nil }
                    } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                        quote = current
                    } else if current == UInt8(ascii: ">") {
                        break
                    }
                    previous = current
                    index += 1
                }
                index += 1
                if previous != UInt8(ascii: "/"), !element.name.isEmpty { open.append(element) }
            }
        }
        return open.last.map(neverClosed)
    }

    /// Parsed events, in order, and the first refusal.
    final class Collector: LibXMLParser.Handler {
        enum Event {
            case open(String, [(String, Attribute)])
            case close(String)
            case text(String)
        }
        /// An attribute as it is written again: the id is prefixed, references are prefixed.
        enum Attribute {
            case plain(String)
            case id(String)
            case references(LocalReferences)
        }
        struct OpenElement {
            let name: String
            let line: Int
        }
        var events: [Event] = []
        /// The line of each `.open` event, in order.
        var openLines: [Int] = []
        var refusal: RowTemplateError?
        var depth = 0
        var declaredIds: Set<String> = []
        /// The first reference to each id, with its line, checked against `declaredIds` at the end.
        var references: [(id: String, line: Int, attribute: String)] = []
        var referencedIds: Set<String> = []
        /// Open elements: the parser's own recovery must not hand back an unbalanced fragment.
        var stack: [OpenElement] = []
        /// Characters of text in the open `<text>` element (with its `<tspan>`s), or nil outside one.
        var textLength: Int?
        /// The fragment, to name a closing tag the parser's error does not name.
        let fragment: String

        init(fragment: String) { self.fragment = fragment }

        func line(_ parser: LibXMLParser) -> Int { max(parser.lineNumber, 1) }

        func refuse(_ parser: LibXMLParser, _ message: String, expected: String) {
            guard refusal == nil else { return }
            refusal = RowTemplateError(line: parser.lineNumber > 0 ? parser.lineNumber : nil, message, expected: expected)
            parser.abortParsing()
        }

        func parser(_ parser: LibXMLParser, didStartElement name: String, attributes: [String: String]) {
            depth += 1
            guard depth > 1 else { return }  // the wrapper
            if depth > SVGFragmentChecker.maximumDepth {
                return refuse(
                    parser, "the rendered row nests elements more than \(SVGFragmentChecker.maximumDepth) deep",
                    expected: Expected.nesting)
            }
            let lowered = name.lowercased()
            if lowered == "style" {
                return refuse(
                    parser,
                    "<style> is not allowed in a row template: its rules would restyle the whole picture (header, tab bar, other rows)",
                    expected: Expected.style)
            }
            if lowered == "filter" || (lowered.hasPrefix("fe") && lowered.count > 2) {
                return refuse(parser, "<\(name)> is not allowed in a row template", expected: Expected.noFilter)
            }
            if SVGFragmentChecker.refusedElements.contains(lowered) {
                return refuse(parser, "<\(name)> is not allowed in a row template: it can load or run content", expected: Expected.drawing)
            }
            guard SVGAllowlist.elements.contains(name) else {
                return refuse(parser, "<\(name)> is not one of the SVG elements a row template may use", expected: Expected.drawing)
            }
            if let parent = stack.last, SVGAllowlist.textOnly.contains(parent.name) {
                return refuse(parser, "<\(parent.name)> holds text only, not <\(name)>", expected: Expected.textOnly)
            }
            var kept: [(String, Attribute)] = []
            for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
                switch checkedAttribute(parser, element: lowered, key, value) {
                case .kept(let attribute): kept.append((key, attribute))
                case .dropped: continue
                case .refused: return
                }
            }
            if lowered == "text" { textLength = textLength ?? 0 }
            stack.append(OpenElement(name: name, line: line(parser)))
            events.append(.open(name, kept))
            openLines.append(line(parser))
        }

        /// What becomes of one attribute.
        enum AttributeCheck {
            case kept(Attribute)
            /// Namespace declarations: the document declares its own.
            case dropped
            /// The row was refused (`refusal` says why).
            case refused
        }

        /// The attribute as it will be written, dropped, or the row refused.
        private func checkedAttribute(_ parser: LibXMLParser, element: String, _ key: String, _ value: String) -> AttributeCheck {
            let lowered = key.lowercased()
            if lowered.hasPrefix("on") {
                refuse(parser, "the event handler attribute '\(key)' is not allowed in a row template", expected: Expected.attributes)
                return .refused
            }
            if key == "href" || key == "xlink:href" {
                // Only the item's picture, only on <image>: a template embeds no data of its own
                // (no unchecked picture, no SVG document in a data: URI) and links nowhere.
                guard element == "image", value == SharedPicture.itemPicture else {
                    refuse(
                        parser, "<\(element) \(key)=\"\(quotedValue(value))\"> is not the item's picture", expected: Expected.embeddedImage)
                    return .refused
                }
                return .kept(.plain(value))
            }
            let plain = value.utf8.allSatisfy(CSSValues.isPlainByte)
            if lowered == "filter" || (lowered == "style" && value.range(of: "filter", options: .caseInsensitive) != nil) {
                refuse(parser, "'\(key)' applies a filter, which is not allowed in a row template", expected: Expected.noFilter)
                return .refused
            }
            if lowered.hasPrefix("xmlns") {
                // The document declares its own; a declaration may only repeat SVG's or xlink's.
                guard
                    (key == "xmlns" && value == "http://www.w3.org/2000/svg")
                        || (key == "xmlns:xlink" && value == "http://www.w3.org/1999/xlink")
                else {
                    refuse(
                        parser, "<\(element) \(key)=\"\(quotedValue(value))\"> declares a namespace other than SVG's",
                        expected: Expected.namespace)
                    return .refused
                }
                return .dropped
            }
            if lowered == "xml:base" {
                refuse(parser, "xml:base is not allowed in a row template", expected: Expected.attributes)
                return .refused
            }
            if !plain, value.contains("\\") {
                refuse(parser, "'\(key)' has a backslash (a CSS escape)", expected: Expected.cssText)
                return .refused
            }
            if !plain, value.range(of: "@import", options: .caseInsensitive) != nil {
                refuse(parser, "'\(key)' uses @import", expected: Expected.cssText)
                return .refused
            }
            guard SVGAllowlist.allows(attribute: key) else {
                let what = key.contains(":") ? Expected.namespace : Expected.attribute
                refuse(parser, "the attribute '\(quotedValue(key))' is not allowed on <\(element)> in a row template", expected: what)
                return .refused
            }
            if key == "id" {
                guard !value.isEmpty, value.unicodeScalars.allSatisfy(LocalReferences.isIdCharacter) else {
                    refuse(parser, "id=\"\(quotedValue(value))\" has characters a url(#id) reference cannot name", expected: Expected.id)
                    return .refused
                }
                declaredIds.insert(value)
                return .kept(.id(value))
            }
            if !plain, value.range(of: "url(", options: .caseInsensitive) != nil, LocalReferences(value) == nil {
                refuse(
                    parser, "\(key)=\"\(quotedValue(value))\" has a url() that is not a reference to an id in the row",
                    expected: Expected.localURL)
                return .refused
            }
            if key == "style" {
                switch CSSValues.declarations(value) {
                case .failure(let problem):
                    refuse(parser, "<\(element)> " + problem.message, expected: problem.expected)
                    return .refused
                case .success: break
                }
            } else if !plain, let problem = CSSValues.problem(in: value, of: key) {
                refuse(parser, "<\(element)> " + problem.message, expected: problem.expected)
                return .refused
            }
            guard !plain, value.range(of: "url(", options: .caseInsensitive) != nil else { return .kept(.plain(value)) }
            guard let parsed = LocalReferences(value) else {
                refuse(
                    parser, "\(key)=\"\(quotedValue(value))\" has a url() that is not a reference to an id in the row",
                    expected: Expected.localURL)
                return .refused
            }
            for id in parsed.ids where referencedIds.insert(id).inserted {
                references.append((id, line(parser), key))
            }
            return .kept(.references(parsed))
        }

        func parser(_ parser: LibXMLParser, didEndElement name: String) {
            depth -= 1
            guard depth > 0 else { return }
            guard let open = stack.last, open.name == name else {
                let message = stack.last.map { "</\(name)> closes <\($0.name)> (opened at line \($0.line))" } ?? "</\(name)> closes nothing"
                return refuse(parser, message + " in the rendered row", expected: Expected.wellFormed)
            }
            stack.removeLast()
            if name.lowercased() == "text", !stack.contains(where: { $0.name.lowercased() == "text" }) { textLength = nil }
            events.append(.close(name))
        }

        func parser(_ parser: LibXMLParser, foundCharacters string: String) {
            guard depth > 1 else {
                if !string.allSatisfy(\.isWhitespace) { events.append(.text(string)) }
                return
            }
            if let length = textLength {
                textLength = length + string.count
                if length + string.count > SVGFragmentChecker.maximumTextLength {
                    return refuse(
                        parser, "a <text> in the rendered row holds more than \(SVGFragmentChecker.maximumTextLength) characters",
                        expected: Expected.textLength)
                }
            }
            events.append(.text(string))
        }

        func parser(_ parser: LibXMLParser, parseErrorOccurred code: Int) {
            guard refusal == nil else { return }
            if Self.nestingCodes.contains(code), let unbalanced = SVGFragmentChecker.unbalancedTag(in: fragment) {
                refusal = unbalanced
            } else {
                refusal = RowTemplateError(
                    line: line(parser), "the rendered row is not well-formed XML: \(Self.plainWords(code))", expected: Expected.wellFormed)
            }
            parser.abortParsing()
        }

        /// libxml2's codes for a closing tag that does not match, or an element left open
        /// (tag name mismatch, premature end, not well balanced).
        static let nestingCodes: Set<Int> = [76, 5, 85]

        /// What libxml2's error code means, in the words of someone writing a template.
        static func plainWords(_ code: Int) -> String {
            switch code {
            case 38: return "a '<' inside an attribute value (write &lt;)"
            case 39, 40, 41: return "an attribute without a quoted value (write name=\"value\")"
            case 42: return "an attribute given twice on one element"
            case 22, 23, 14, 68:
                return "a '<' or '&' that starts no tag or entity (write &lt; or &amp;, or use {{name}}, which escapes)"
            case 65, 72, 73, 77: return "a tag without its closing '>'"
            case 76, 5, 85: return "a closing tag that does not match the open element"
            case 86: return "text after the last closing tag"
            case 45: return "a <!-- comment --> that is not closed"
            default: return "libxml2 error \(code) (look for an unescaped '<' or '&', or an unclosed tag or quote)"
            }
        }

        func parser(_ parser: LibXMLParser, foundProcessingInstructionWithTarget target: String) {
            refuse(parser, "the processing instruction <?\(target)?> is not allowed in a row template", expected: Expected.drawing)
        }

        func parserFoundCDATA(_ parser: LibXMLParser) {
            refuse(parser, "the rendered row contains a CDATA section", expected: Expected.plainText)
        }

        func parser(_ parser: LibXMLParser, foundReferenceToEntity name: String) {
            refuse(parser, "the rendered row refers to the entity '&\(name);'", expected: Expected.plainText)
        }

        /// The parsed row as `DrawingCost` sees it: its cost, or the first budget it exceeds.
        func cost() -> Result<DrawingCost.RowCost, RowTemplateError> {
            var nodes: [DrawingCost.Node] = []
            var roots: [Int] = []
            var open: [Int] = []
            for event in events {
                switch event {
                case .open(let name, let attributes):
                    var properties: [String: String] = [:]
                    var style: String?
                    for (key, value) in attributes {
                        let text: String
                        switch value {
                        case .plain(let plain): text = plain
                        case .id(let id): text = id
                        case .references(let references): text = references.written(prefix: "")
                        }
                        if key == "style" { style = text } else { properties[key] = text }
                    }
                    if let style, case .success(let declarations) = CSSValues.declarations(style) {
                        for declaration in declarations { properties[declaration.property] = declaration.value }
                    }
                    let index = nodes.count
                    nodes.append(DrawingCost.Node(name: name, line: openLines[index], properties: properties))
                    if let parent = open.last { nodes[parent].children.append(index) } else { roots.append(index) }
                    open.append(index)
                case .close: open.removeLast()
                case .text(let text):
                    if let top = open.last, nodes[top].name == "text" || nodes[top].name == "tspan" { nodes[top].text += text.count }
                }
            }
            return DrawingCost.estimate(nodes, roots: roots, bytes: fragment.utf8.count)
        }

        /// A reference to an id no element of the row declares: it would reach outside the row.
        func danglingReference() -> RowTemplateError? {
            guard let missing = references.first(where: { !declaredIds.contains($0.id) }) else { return nil }
            return RowTemplateError(
                line: missing.line,
                "'\(missing.attribute)' refers to url(#\(quotedValue(missing.id))), but no element in the row has id=\"\(quotedValue(missing.id))\"",
                expected: Expected.localURL)
        }

        /// The fragment again, escaped by tabstage's own escaper, ids and local references
        /// prefixed; one pass over the parsed events.
        func write(idPrefix: String, pictures: [String: SharedPicture]) -> String {
            var out = ""
            var shared: [Bool] = []
            for event in events {
                switch event {
                case .open(let name, var attributes):
                    let view = SharedPicture.view(name, &attributes, pictures)
                    shared.append(view != nil)
                    // Without the picture (a probe, or no picture given), the name is not a
                    // link: the image is written without one and draws nothing.
                    if view == nil { attributes.removeAll { ["href", "xlink:href"].contains($0.0.lowercased()) } }
                    out += "<" + (view == nil ? name : "g")
                    for (attribute, value) in attributes {
                        // The document declares no xlink namespace; SVG 2's plain href means the same.
                        let key = attribute.lowercased() == "xlink:href" ? "href" : attribute
                        let written: String
                        switch value {
                        case .plain(let text): written = text
                        case .id(let id): written = idPrefix + id
                        case .references(let references): written = references.written(prefix: idPrefix)
                        }
                        out += " \(key)=\"\(xmlEscape(written))\""
                    }
                    out += ">" + (view ?? "")
                case .close(let name): out += shared.popLast() == true ? SharedPicture.viewEnd : "</\(name)>"
                case .text(let text): out += xmlEscape(text)
                }
            }
            return out
        }
    }
}

/// A value as a message quotes it: one line, at most 60 characters.
func quotedValue(_ value: String) -> String {
    messageQuote(value, limit: 60)
}
