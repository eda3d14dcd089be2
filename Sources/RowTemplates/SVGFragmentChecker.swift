import Adaptive
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Checks a rendered row with a real XML parser (Foundation's, libxml2 underneath) and writes
/// it again from the parsed elements, attributes and text. Refused: anything that is not a
/// well-formed fragment; a DTD or entity other than XML's five and numeric references;
/// processing instructions; `<script>`, `<foreignObject>` and other elements that can load or
/// run something; `href`/`xlink:href` other than an embedded PNG or JPEG; `url(…)` other than
/// `url(#id)`; `@import`; event-handler attributes. Comments are dropped.
public enum SVGFragmentChecker {
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
    static let expected =
        "an SVG fragment with no external references: images only as data:image/png or data:image/jpeg, url(#id) only, no scripts, DTDs or entities"

    /// The fragment as written again from what was parsed, ids prefixed; or why it was refused.
    /// An `<image>` whose data is one of `pictures` is written as a view of that picture's one
    /// copy in the SVG (see `SharedPicture`).
    public static func check(_ fragment: String, idPrefix: String, pictures: [String: SharedPicture] = [:])
        -> Result<String, RowTemplateError>
    {
        // libxml2 would read a DTD before any callback; refuse it, and entity declarations, first.
        for (marker, what) in [
            ("<!DOCTYPE", "a DTD (<!DOCTYPE>)"), ("<!ENTITY", "an entity declaration"), ("<![CDATA[", "a CDATA section"),
        ]
        where fragment.range(of: marker, options: .caseInsensitive) != nil {
            return .failure(RowTemplateError(line: lineOf(marker, in: fragment), "the rendered row contains \(what)", expected: expected))
        }
        let wrapped =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">" + fragment + "</svg>"
        let parser = XMLParser(data: Data(wrapped.utf8))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let collector = Collector()
        parser.delegate = collector
        let parsed = parser.parse()
        if let refusal = collector.refusal { return .failure(refusal) }
        if let open = collector.stack.last {
            return .failure(
                RowTemplateError(line: nil, "the rendered row is not well-formed XML (<\(open)> is never closed)", expected: expected))
        }
        guard parsed else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"
            return .failure(
                RowTemplateError(
                    line: parser.lineNumber > 0 ? parser.lineNumber : nil,
                    "the rendered row is not well-formed XML (\(reason))", expected: expected))
        }
        return .success(collector.write(idPrefix: idPrefix, pictures: pictures))
    }

    static func lineOf(_ marker: String, in text: String) -> Int? {
        guard let range = text.range(of: marker, options: .caseInsensitive) else { return nil }
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    /// Whether every `url(` in `value` is a local `url(#id)`; collects the ids it names.
    static func localURLs(_ value: String) -> [String]? {
        var ids: [String] = []
        var rest = Substring(value)
        while let start = rest.range(of: "url(", options: .caseInsensitive) {
            var after = rest[start.upperBound...].drop { $0 == " " || $0 == "'" || $0 == "\"" }
            guard after.first == "#" else { return nil }
            after = after.dropFirst()
            let id = after.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
            guard !id.isEmpty else { return nil }
            ids.append(String(id))
            rest = after.dropFirst(id.count)
        }
        return ids
    }

    /// Parsed events, in order, and the first refusal.
    final class Collector: NSObject, XMLParserDelegate {
        enum Event {
            case open(String, [(String, String)])
            case close(String)
            case text(String)
        }
        var events: [Event] = []
        var refusal: RowTemplateError?
        var depth = 0
        /// The text of the open `<style>`, collected whole: the parser hands it over in pieces.
        var styleText: String?
        var declaredIds: Set<String> = []
        /// Open elements: the parser's own recovery must not hand back an unbalanced fragment.
        var stack: [String] = []

        func refuse(_ parser: XMLParser, _ message: String) {
            guard refusal == nil else { return }
            refusal = RowTemplateError(
                line: parser.lineNumber > 0 ? parser.lineNumber : nil, message, expected: SVGFragmentChecker.expected)
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            guard depth > 1 else { return }  // the wrapper
            if depth > SVGFragmentChecker.maximumDepth {
                return refuse(parser, "the rendered row nests elements more than \(SVGFragmentChecker.maximumDepth) deep")
            }
            if SVGFragmentChecker.refusedElements.contains(name.lowercased()) || name.contains(":") {
                return refuse(parser, "the rendered row contains a <\(name)> element")
            }
            if styleText != nil { return refuse(parser, "the rendered row's <style> contains an element (<\(name)>)") }
            if name.lowercased() == "style" { styleText = "" }
            var kept: [(String, String)] = []
            for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
                let lowered = key.lowercased()
                if lowered.hasPrefix("on") { return refuse(parser, "the rendered row has an event handler attribute '\(key)'") }
                if lowered == "href" || lowered.hasSuffix(":href") {
                    let embedded = value.hasPrefix("data:image/png;base64,") || value.hasPrefix("data:image/jpeg;base64,")
                    if !embedded {
                        return refuse(
                            parser,
                            "the rendered row has \(key)=\"\(quotedValue(value))\", which is not an embedded data:image/png or data:image/jpeg"
                        )
                    }
                }
                if lowered.hasPrefix("xmlns") { continue }
                if lowered == "xml:base" { return refuse(parser, "the rendered row sets xml:base") }
                if value.contains("\\") { return refuse(parser, "the rendered row has a backslash (a CSS escape) in '\(key)'") }
                if value.range(of: "@import", options: .caseInsensitive) != nil {
                    return refuse(parser, "the rendered row has @import in '\(key)'")
                }
                if SVGFragmentChecker.localURLs(value) == nil {
                    return refuse(parser, "the rendered row has \(key)=\"\(quotedValue(value))\" with a url() outside the row")
                }
                if lowered == "id" { declaredIds.insert(value) }
                kept.append((key, value))
            }
            stack.append(name)
            events.append(.open(name, kept))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard depth > 0 else { return }
            if let style = styleText, name.lowercased() == "style" {
                styleText = nil
                if style.contains("\\") { return refuse(parser, "the rendered row's <style> uses a CSS escape (a backslash)") }
                if style.range(of: "@import", options: .caseInsensitive) != nil {
                    return refuse(parser, "the rendered row's <style> uses @import")
                }
                if SVGFragmentChecker.localURLs(style) == nil {
                    return refuse(parser, "the rendered row's <style> has a url() outside the row")
                }
            }
            guard stack.last == name else {
                return refuse(
                    parser, "the rendered row is not well-formed XML (</\(name)> closes <\(stack.last ?? "nothing")>)")
            }
            stack.removeLast()
            events.append(.close(name))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard depth > 1 else {
                if !string.allSatisfy(\.isWhitespace) { events.append(.text(string)) }
                return
            }
            styleText? += string
            events.append(.text(string))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            refuse(parser, "the rendered row is not well-formed XML (\((parseError as NSError).localizedDescription))")
        }

        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
            refuse(parser, "the rendered row contains a processing instruction <?\(target)?>")
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            refuse(parser, "the rendered row contains a CDATA section")
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            refuse(parser, "the rendered row refers to the entity '&\(name);'")
            return nil
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            refuse(parser, "the rendered row declares the entity '\(name)'")
        }

        func parser(
            _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
        ) {
            refuse(parser, "the rendered row declares the entity '\(name)'")
        }

        func parser(
            _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
            notationName: String?
        ) {
            refuse(parser, "the rendered row declares the entity '\(name)'")
        }

        /// The fragment again, escaped by tabstage's own escaper, ids and local references prefixed.
        func write(idPrefix: String, pictures: [String: SharedPicture]) -> String {
            func rewrite(_ value: String) -> String {
                guard value.contains("#") else { return value }
                var out = value
                for id in declaredIds.sorted(by: { $0.count > $1.count }) {
                    out = out.replacingOccurrences(of: "#\(id))", with: "#\(idPrefix)\(id))")
                }
                return out
            }
            var out = ""
            var shared: [Bool] = []
            for event in events {
                switch event {
                case .open(let name, var attributes):
                    let view = SharedPicture.view(name, &attributes, pictures)
                    shared.append(view != nil)
                    out += "<" + (view == nil ? name : "g")
                    for (attribute, value) in attributes {
                        // The document declares no xlink namespace; SVG 2's plain href means the same.
                        let key = attribute.lowercased() == "xlink:href" ? "href" : attribute
                        let written = key.lowercased() == "id" ? idPrefix + value : rewrite(value)
                        out += " \(key)=\"\(xmlEscape(written))\""
                    }
                    out += ">" + (view ?? "")
                case .close(let name): out += shared.popLast() == true ? SharedPicture.viewEnd : "</\(name)>"
                case .text(let text): out += xmlEscape(insideStyleRewrite(text, rewrite))
                }
            }
            return out
        }

        private func insideStyleRewrite(_ text: String, _ rewrite: (String) -> String) -> String { rewrite(text) }
    }
}

/// A value as a message quotes it: at most 60 characters.
func quotedValue(_ value: String) -> String {
    value.count > 60 ? String(value.prefix(60)) + "…" : value
}
