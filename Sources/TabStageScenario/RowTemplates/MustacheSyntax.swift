import Foundation
import Mustache

/// Says in plain words why swift-mustache refused a template, at the tag that is wrong.
///
/// The library reports an error kind (`unfinishedName`, `expectedSectionEnd`, …) and where its
/// parser stopped, which for an unclosed section is the end of the file. This reads the
/// template's `{{ }}` tags once, in order, to name the tag and the section instead; when it finds
/// nothing (a delimiter change, say), the library's own kind and place are explained.
enum MustacheSyntax {
    enum Expected {
        static let tag = "a tag written {{name}}, {{{name}}}, {{#name}}, {{^name}}, {{/name}} or {{! comment }}"
        static let name = "a field name such as {{title}} (letters, digits, '_', '-' and '.')"
        static let section = "each {{#name}} or {{^name}} closed by {{/name}}, innermost first"
        static let feature = "plain fields and sections; partials, inheritance and settings are not available to row templates"
    }

    /// `{` characters a template may have. swift-mustache 2.1.1 measures the rest of the
    /// template each time it meets one (`Parser.read(count:)` counts the characters to the end),
    /// so its time grows with the number of braces times the template's length; with this bound
    /// it stays linear in the length (a 64 KiB template of braces took 3 s to compile, and it is
    /// compiled for every page drawn).
    static let maximumBraces = 2000

    /// Refuses a template with more `{` than `maximumBraces`, at the line of the first one over.
    /// A set-delimiter tag (`{{=[ ]=}}`) moves the cost to the new opening delimiter's first
    /// character, so from there on that character is counted too: `{{=[ ]=}}` and 20,000 `[a]`
    /// took 4.4 s for one tab.
    static func braceLimitError(_ source: String) -> RowTemplateError? {
        let bytes = Array(source.utf8)
        var opening = Array("{{".utf8)
        var closing = Array("}}".utf8)
        var pending: (end: Int, opening: [UInt8], closing: [UInt8])?
        var counted = 0
        var line = 1
        for index in bytes.indices {
            if let change = pending, index == change.end {
                (opening, closing) = (change.opening, change.closing)
                pending = nil
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if pending == nil, bytes[index...].starts(with: opening + [UInt8(ascii: "=")]) {
                pending = delimiterChange(bytes, from: index + opening.count + 1, closing: closing)
            }
            guard byte == UInt8(ascii: "{") || byte == opening[0] else { continue }
            counted += 1
            if counted > maximumBraces {
                let what =
                    opening[0] == UInt8(ascii: "{") ? "'{'" : "'{' and '\(Character(Unicode.Scalar(opening[0])))' (its tag delimiter)"
                return RowTemplateError(
                    line: line, "the template has more than \(maximumBraces) \(what) characters",
                    expected: "at most \(maximumBraces) (a {{tag}} has two); draw repeated shapes with fewer tags")
            }
        }
        return nil
    }

    /// The delimiters a `=OPEN CLOSE=` tag body starting at `start` sets, and where the tag
    /// ends; nil when it is not one (swift-mustache then refuses the template).
    private static func delimiterChange(_ bytes: [UInt8], from start: Int, closing: [UInt8]) -> (
        end: Int, opening: [UInt8], closing: [UInt8]
    )? {
        let end = [UInt8(ascii: "=")] + closing
        var index = start
        while index < bytes.count, !bytes[index...].starts(with: end) { index += 1 }
        guard index < bytes.count else { return nil }
        let words = bytes[start..<index].split(whereSeparator: {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
        })
        guard words.count == 2 else { return nil }
        return (index + end.count, Array(words[0]), Array(words[1]))
    }

    static func explain(_ source: String, _ error: MustacheTemplate.ParserError) -> RowTemplateError {
        if let found = firstProblem(in: source) { return found }
        let context = error.context
        let message: String
        let expected: String
        switch error.error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?:
            (message, expected) = ("a {{/…}} tag does not match the section that is open", Expected.section)
        case .expectedSectionEnd?:
            (message, expected) = ("a section is opened but never closed", Expected.section)
        case .unfinishedName?:
            (message, expected) = ("a {{ tag is not closed with }}, or its name has a character a name cannot have", Expected.tag)
        case .invalidSetDelimiter?:
            (message, expected) = ("a {{=… …=}} delimiter change is not written as {{=<% %>=}}", Expected.tag)
        default:
            (message, expected) = ("the template uses a Mustache feature row templates do not have", Expected.feature)
        }
        return RowTemplateError(line: context.lineNumber, column: context.columnNumber, message, expected: expected)
    }

    private struct Open {
        let name: String
        let line: Int
        let column: Int
    }

    /// The first tag that is not closed, not a name, or closes the wrong section; nil when the
    /// tags look right (or the template changes its delimiters, which this does not follow).
    static func firstProblem(in source: String) -> RowTemplateError? {
        let characters = Array(source)
        var sections: [Open] = []
        var line = 1
        var column = 1
        var index = 0
        func advance(to target: Int) {
            while index < target {
                if characters[index].isNewline {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += 1
            }
        }
        func find(_ closing: [Character], from start: Int) -> Int? {
            var position = start
            while position + closing.count <= characters.count {
                if characters[position] == closing[0], Array(characters[position..<position + closing.count]) == closing { return position }
                position += 1
            }
            return nil
        }
        while index + 1 < characters.count {
            guard characters[index] == "{", characters[index + 1] == "{" else {
                advance(to: index + 1)
                continue
            }
            let (tagLine, tagColumn) = (line, column)
            let sigil: Character? = index + 2 < characters.count ? characters[index + 2] : nil
            if sigil == "=" { return nil }
            let triple = sigil == "{"
            let closing: [Character] = triple ? ["}", "}", "}"] : ["}", "}"]
            let hasSigil = triple || [Character("#"), "^", "/", "!", "&", ">", "<", "$", "%"].contains(sigil)
            let contentStart = index + (hasSigil ? 3 : 2)
            guard let end = find(closing, from: contentStart) else {
                return RowTemplateError(
                    line: tagLine, column: tagColumn, "a \(triple ? "{{{" : "{{") tag is not closed with \(triple ? "}}}" : "}}")",
                    expected: Expected.tag)
            }
            let content = String(characters[contentStart..<end])
            if sigil != "!" {
                let name = content.trimmingCharacters(in: .whitespacesAndNewlines)
                if name.contains("{{") || name.contains("<") || name.contains("\n") {
                    return RowTemplateError(line: tagLine, column: tagColumn, "a {{ tag is not closed with }}", expected: Expected.tag)
                }
                let allowed = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || "_-.()".contains($0) }
                if !allowed {
                    return RowTemplateError(
                        line: tagLine, column: tagColumn,
                        "'{{\(hasSigil && !triple ? sigil.map(String.init) ?? "" : "")\(quotedValue(content))}}' is not a field name",
                        expected: Expected.name)
                }
                switch sigil {
                case "#", "^": sections.append(Open(name: name, line: tagLine, column: tagColumn))
                case "/":
                    guard let open = sections.popLast() else {
                        return RowTemplateError(
                            line: tagLine, column: tagColumn, "{{/\(name)}} closes a section that is not open", expected: Expected.section)
                    }
                    if open.name != name {
                        return RowTemplateError(
                            line: tagLine, column: tagColumn,
                            "{{/\(name)}} does not close the open section '\(open.name)' (opened at \(open.line):\(open.column))",
                            expected: Expected.section)
                    }
                default: break
                }
            }
            advance(to: end + closing.count)
        }
        if let open = sections.last {
            return RowTemplateError(
                line: open.line, column: open.column, "section '\(open.name)' is opened but never closed; close it with {{/\(open.name)}}",
                expected: Expected.section)
        }
        return nil
    }
}
