import Foundation
import Mustache
import TabStageLayout

/// Items whose rows the checker cannot tell apart, so a template is checked once per class
/// instead of once per item.
///
/// A field that a template shows only as escaped text (`<text>{{title}}</text>`, never inside
/// an attribute, a comment, a transform or `{{{ }}}`) reaches the checker only through its
/// number of characters and of escaped bytes, provided its value is plain: every scalar a
/// character of its own, no control character, an ASCII printable character at each end (so
/// no character of the value joins one of the template's). Two items with the same fields
/// present, the same such counts for those fields and the same values for every other field
/// render rows that are accepted or refused together and cost the same. Which fields are text
/// only is read once per set of fields present, from the template rendered with marker values.
struct ItemClasses {
    /// A field's part in an item's class.
    enum FieldKey: Hashable {
        /// Shown only as escaped text: its characters and escaped bytes.
        case text(characters: Int, bytes: Int)
        /// Anything else: the value itself.
        case exact(String)
    }

    /// The fields of an item that can be shown as text only: title, subtitle, text and time.
    static let textFieldCount = 4

    static func textField(_ index: Int, of item: RowItem) -> String {
        [item.title, item.subtitle, item.text, item.time][index]
    }

    static func setTextField(_ index: Int, of item: inout RowItem, to value: String) {
        switch index {
        case 0: item.title = value
        case 1: item.subtitle = value
        case 2: item.text = value
        default: item.time = value
        }
    }

    let template: MustacheTemplate
    /// Per set of text fields present: the indices (into `textFields`) shown as text only.
    private var textOnly: [[Bool]: Set<Int>] = [:]
    /// Bytes of marker renderings read so far (two appearances, two markers each).
    private(set) var bytesRead = 0

    init(_ template: MustacheTemplate) { self.template = template }

    /// The class of `item`: equal classes render rows the checker treats alike.
    mutating func key(of item: RowItem) -> [FieldKey] {
        let present = (0..<Self.textFieldCount).map { !Self.textField($0, of: item).isEmpty }
        let shownAsText = textOnlyFields(present: present)
        var key: [FieldKey] = [.exact(present.map { $0 ? "1" : "0" }.joined())]
        for index in 0..<Self.textFieldCount {
            let value = Self.textField(index, of: item)
            if shownAsText.contains(index), let counts = Self.plainCounts(value) {
                key.append(.text(characters: counts.characters, bytes: counts.bytes))
            } else {
                key.append(.exact(value))
            }
        }
        // The picture's fields are never grouped: few items differ in them.
        key.append(.exact(item.image.map { "\($0.width)x\($0.height)" } ?? ""))
        return key
    }

    /// Characters and escaped bytes of a plain value (see the type's documentation), or nil.
    static func plainCounts(_ value: String) -> (characters: Int, bytes: Int)? {
        let scalars = value.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, (0x20...0x7E).contains(first.value),
            (0x20...0x7E).contains(last.value)
        else { return nil }
        var bytes = 0
        var count = 0
        for scalar in scalars {
            let code = scalar.value
            guard code >= 0x20, code != 0x7F, !(0x80...0x9F).contains(code), code != 0xFFFE, code != 0xFFFF else { return nil }
            count += 1
            switch scalar {
            case "<", ">": bytes += 4
            case "&": bytes += 5
            case "\"", "'": bytes += 5
            default: bytes += String(scalar).utf8.count
            }
        }
        // Every scalar a character of its own: no combining mark, joiner or flag pair.
        guard value.count == count else { return nil }
        return (count, bytes)
    }

    /// The text fields (of those `present`) that the template shows only as escaped text, in
    /// both appearances.
    private mutating func textOnlyFields(present: [Bool]) -> Set<Int> {
        if let known = textOnly[present] { return known }
        var shown = Set(present.indices.filter { present[$0] })
        for dark in [false, true] where !shown.isEmpty {
            shown.formIntersection(textOnlyFields(present: present, dark: dark))
        }
        textOnly[present] = shown
        return shown
    }

    /// Markers for field `index`: two spellings that differ in length, case and ends, so a
    /// transform of the value (`uppercased`, `reversed`, …) shows up as a difference.
    static func marker(_ index: Int, second: Bool) -> String {
        second ? "\u{E002}Zz\(index)<zz\u{E003}" : "\u{E000}q\(index)<Q\u{E001}"
    }

    private mutating func textOnlyFields(present: [Bool], dark: Bool) -> Set<Int> {
        func rendered(second: Bool) -> String {
            var item = RowItem()
            for index in 0..<Self.textFieldCount where present[index] {
                Self.setTextField(index, of: &item, to: Self.marker(index, second: second))
            }
            return template.render(RowTemplateRenderer.fields(item: item, index: 0, width: 390, height: 100, dark: dark))
        }
        let (first, second) = (rendered(second: false), rendered(second: true))
        bytesRead += first.utf8.count + second.utf8.count
        let fields = present.indices.filter { present[$0] }
        // The same text around every marker in both renderings, and no marker unescaped.
        var (a, b) = (first, second)
        for index in fields {
            let (one, two) = (Self.marker(index, second: false), Self.marker(index, second: true))
            if a.contains(one) || b.contains(two) { return [] }
            a = a.replacingOccurrences(of: Self.escaped(one), with: "\u{E004}\(index)\u{E004}")
            b = b.replacingOccurrences(of: Self.escaped(two), with: "\u{E004}\(index)\u{E004}")
        }
        guard a == b, !a.contains("\u{E000}"), !a.contains("\u{E001}") else { return [] }
        // Where each marker lands: only in text, as often as it was written.
        guard first.utf8.count <= SVGFragmentChecker.maximumRowBytes,
            SVGFragmentChecker.preParseRefusal(first) == nil
        else { return [] }
        let reader = TextReader()
        let parser = LibXMLParser(SVGFragmentChecker.wrapperOpening + first + "</svg>")
        parser.handler = reader
        guard parser.parse() else { return [] }
        var textOnly: Set<Int> = []
        for index in fields {
            let marker = Self.marker(index, second: false)
            let written = first.components(separatedBy: Self.escaped(marker)).count - 1
            let inText = reader.texts.reduce(0) { $0 + $1.components(separatedBy: marker).count - 1 }
            let inAttributes = reader.attributes.reduce(0) { $0 + $1.components(separatedBy: marker).count - 1 }
            if written == inText, inAttributes == 0 { textOnly.insert(index) }
        }
        return textOnly
    }

    static func escaped(_ marker: String) -> String { marker.replacingOccurrences(of: "<", with: "&lt;") }

    /// Text runs (between tags) and attribute values of a parsed rendering.
    private final class TextReader: LibXMLParser.Handler {
        var texts: [String] = []
        var attributes: [String] = []
        var pending = ""

        func parser(_ parser: LibXMLParser, didStartElement name: String, attributes: [String: String]) {
            flush()
            self.attributes.append(contentsOf: attributes.values)
            self.attributes.append(contentsOf: attributes.keys)
            self.attributes.append(name)
        }

        func parser(_ parser: LibXMLParser, didEndElement name: String) { flush() }
        func parser(_ parser: LibXMLParser, foundCharacters string: String) { pending += string }
        func parserDidEndDocument(_ parser: LibXMLParser) { flush() }

        func flush() {
            if !pending.isEmpty { texts.append(pending) }
            pending = ""
        }
    }
}
