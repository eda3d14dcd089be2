import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario

/// What a snapshot laid out, as `NAME.layout.txt` beside its PNG and SVG: every drawn element
/// under its SVG id with its frame, and the numbers UIKit would report (header height, each
/// tab's offset, inset and content size, the selected tab, the presentation and its detent, the
/// traits). `verify` compares it before the pixels, so a change that moves only light content
/// (a hairline, a placeholder bar) still fails, and a failure says what moved.
///
/// A file of its own, one element or value a line, rather than a section of the SVG or a JSON
/// document: a pull request's diff shows a move as one changed line, and the reader is a
/// bounded line reader with nothing to nest.
///
/// ```
/// tabstage layout 1
/// [elements]
/// tab-bar 0 240 402 44
/// row-0-0 0 284 402 108
/// [state]
/// container.headerHeight 240
/// container.tabs[0].title "Posts"
/// ```
package struct LayoutReference: Sendable, Hashable {
    /// One drawn element: its SVG id and frame in window coordinates, points rounded to 0.01.
    package struct Element: Sendable, Hashable {
        package var id: String
        package var frame: Rect
        package init(id: String, frame: Rect) {
            self.id = id
            self.frame = frame
        }
    }

    /// One number or word of the state, by its path in `trace.json`'s `state`
    /// (`container.tabs[1].contentOffsetY`).
    package struct Value: Sendable, Hashable {
        package var path: String
        package var value: Scalar
        package init(path: String, value: Scalar) {
            self.path = path
            self.value = value
        }
    }

    /// A value of the state: a number (rounded to 0.01, as written), a word, a flag or null.
    package enum Scalar: Sendable, Hashable {
        case number(Double)
        case text(String)
        case flag(Bool)
        case null
    }

    /// The first line of every layout file; a later format gets a new number.
    package static let header = "tabstage layout 1"

    /// The elements in drawing order.
    package var elements: [Element]
    /// The state's values in `trace.json`'s order.
    package var values: [Value]

    package init(elements: [Element], values: [Value]) {
        self.elements = elements
        self.values = values
    }

    /// The layout of `state` as `layout` (the one its SVG is drawn from) placed it.
    package init(_ state: StageState, layout: StageLayout) {
        // An id drawn more than once (a counts line wrapped into two at large text sizes) is
        // told apart by its place: `stats`, `stats~2`.
        var seen: [String: Int] = [:]
        elements = layout.drawnElements.map { element in
            seen[element.id, default: 0] += 1
            let count = seen[element.id]!
            return Element(id: count == 1 ? element.id : "\(element.id)~\(count)", frame: Self.rounded(element.frame))
        }
        values = []
        Self.flatten(Trace.state(state, layout: layout, lifecycle: []), path: "", into: &values)
    }

    /// The file's text: deterministic, every number with at most two decimals in the C locale.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The file's bytes (`text` in UTF-8), built without a String per number: a passing
    /// `verify` builds them for every snapshot to compare with the reference's bytes.
    package var bytes: [UInt8] {
        let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n")
        var out: [UInt8] = []
        // About 30 bytes an element line and 45 a value line.
        out.reserveCapacity(48 + elements.count * 32 + values.count * 48)
        out.append(contentsOf: Self.header.utf8)
        out.append(contentsOf: "\n[elements]\n".utf8)
        func number(_ value: Double) {
            out.append(space)
            appendDecimalText(value, decimals: 2, to: &out)
        }
        for element in elements {
            out.append(contentsOf: element.id.utf8)
            let f = element.frame
            number(f.x)
            number(f.y)
            number(f.width)
            number(f.height)
            out.append(newline)
        }
        out.append(contentsOf: "[state]\n".utf8)
        for value in values {
            out.append(contentsOf: value.path.utf8)
            if case .number(let n) = value.value {
                number(n)
            } else {
                out.append(space)
                out.append(contentsOf: Self.word(value.value).utf8)
            }
            out.append(newline)
        }
        return out
    }

    /// A tab's title by its index, from the state (`container.tabs[N].title`), for naming rows.
    package func tabTitle(_ index: Int) -> String? {
        for value in values where value.path == "container.tabs[\(index)].title" {
            if case .text(let title) = value.value { return title }
        }
        return nil
    }

    // MARK: Writing

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    static func rounded(_ rect: Rect) -> Rect {
        Rect(x: rounded(rect.x), y: rounded(rect.y), width: rounded(rect.width), height: rounded(rect.height))
    }
    static func number(_ value: Double) -> String { decimalText(value, decimals: 2) }

    static func word(_ scalar: Scalar) -> String {
        switch scalar {
        case .number(let value): return number(value)
        case .text(let text): return JSON.string(text).text()
        case .flag(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Keys of the state that are not layout: what a step's callbacks were.
    static let skippedKeys: Set<String> = ["lifecycle"]

    /// `json`'s numbers, words, flags and nulls, each under its path below `path`
    /// (`container.tabs[1].contentOffsetY`), in the document's order; numbers rounded to 0.01.
    package static func flatten(_ json: JSON, path: String, into values: inout [Value]) {
        switch json {
        case .object(let fields):
            for (key, value) in fields where !skippedKeys.contains(key) {
                flatten(value, path: path.isEmpty ? key : "\(path).\(key)", into: &values)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { flatten(item, path: "\(path)[\(index)]", into: &values) }
        case .number(let value): values.append(Value(path: path, value: .number(rounded(value))))
        case .string(let text): values.append(Value(path: path, value: .text(text)))
        case .bool(let flag): values.append(Value(path: path, value: .flag(flag)))
        case .null: values.append(Value(path: path, value: .null))
        }
    }
}

// MARK: Reading

/// Why a layout file was refused, at its line: `verify` stops with it (exit 2), as with any
/// input that is not what tabstage wrote.
package struct LayoutReferenceError: Error, Sendable, Hashable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var reason: String
    /// `FILE:LINE:1: error: …` at a line; a whole file's refusal names the file in its words.
    package var description: String {
        let fix = " (a layout reference is what `tabstage record` writes; record it again)"
        return line > 0 ? "\(path):\(line):1: error: \(reason)\(fix)" : reason + fix
    }
}

extension LayoutReference {
    /// The most a layout file may hold: far above what a screen lays out (a few hundred
    /// elements and values), far below what would cost a passing `verify` anything.
    package enum Limits {
        /// Bytes of one file.
        package static let maxBytes = 1 << 20
        /// Lines of one file.
        package static let maxLines = 20_000
        /// Bytes of one line.
        package static let maxLineBytes = 4_096
        /// The largest coordinate or value, in points: the largest window is 10,000 pt and a
        /// tab's content at most a few million.
        package static let maxMagnitude = 1e9
    }

    /// Why `parse` would refuse this layout's file (`bytes`, its `bytes`), worded for the step
    /// that makes it, so `record` never writes a reference `verify` cannot read; nil within
    /// `Limits`. The file's lines are its header, `[elements]`, `[state]` and one a line each.
    package func limitProblem(_ bytes: [UInt8]) -> String? {
        let fix = "(expected a layout reference `verify` can read: fewer tabs, or fewer rows in a fullContent snapshot)"
        let lines = 3 + elements.count + values.count
        if lines > Limits.maxLines {
            return
                "its layout reference would be \(lines) lines (\(elements.count) elements, \(values.count) values), over the limit of \(Limits.maxLines) lines \(fix)"
        }
        if bytes.count > Limits.maxBytes {
            return "its layout reference would be \(bytes.count) bytes, over the limit of \(Limits.maxBytes) bytes \(fix)"
        }
        var longest = 0, current = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
        }
        if max(longest, current) > Limits.maxLineBytes {
            return
                "its layout reference would have a line of \(max(longest, current)) bytes, over the limit of \(Limits.maxLineBytes) bytes \(fix)"
        }
        return nil
    }

    /// Parses what `text` wrote, refusing anything else at its line.
    package static func parse(_ bytes: [UInt8], path: String) throws(LayoutReferenceError) -> LayoutReference {
        func refuse(_ line: Int, _ reason: String) -> LayoutReferenceError { LayoutReferenceError(path: path, line: line, reason: reason) }
        guard bytes.count <= Limits.maxBytes else {
            throw refuse(0, "the layout reference \(path) is \(bytes.count) bytes, over the limit of \(Limits.maxBytes)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw refuse(0, "the layout reference \(path) is not UTF-8 text")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= Limits.maxLines + 1 else {
            throw refuse(Limits.maxLines + 1, "the file has more than \(Limits.maxLines) lines")
        }
        guard lines.first.map(String.init) == header else {
            throw refuse(1, "the first line must be '\(header)'")
        }
        enum Section { case none, elements, state }
        var section = Section.none
        var elements: [Element] = [], values: [Value] = []
        var ids: [String: Int] = [:], paths: [String: Int] = [:]
        for (offset, raw) in lines.enumerated().dropFirst() {
            let number = offset + 1
            if raw.isEmpty {
                guard offset == lines.count - 1 else { throw refuse(number, "an empty line") }
                continue
            }
            guard raw.utf8.count <= Limits.maxLineBytes else {
                throw refuse(number, "the line is over \(Limits.maxLineBytes) bytes")
            }
            let line = String(raw)
            if line == "[elements]" {
                guard section == .none else { throw refuse(number, "'[elements]' must come once, before '[state]'") }
                section = .elements
                continue
            }
            if line == "[state]" {
                guard section == .elements else { throw refuse(number, "'[state]' must come once, after '[elements]'") }
                section = .state
                continue
            }
            switch section {
            case .none: throw refuse(number, "expected '[elements]'")
            case .elements:
                let fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 5, isName(fields[0]) else {
                    throw refuse(number, "an element is 'ID X Y WIDTH HEIGHT', an id of letters, digits, '-' and '~'")
                }
                var numbers: [Double] = []
                for field in fields.dropFirst() {
                    guard let value = finite(field) else {
                        throw refuse(number, "'\(quoted(field))' is not a finite number of at most ±\(Int(Limits.maxMagnitude)) points")
                    }
                    numbers.append(value)
                }
                guard numbers[2] >= 0, numbers[3] >= 0 else { throw refuse(number, "a width or height below 0") }
                if let first = ids[fields[0]] {
                    throw refuse(number, "the id '\(fields[0])' is given twice; the first is at line \(first)")
                }
                ids[fields[0]] = number
                elements.append(Element(id: fields[0], frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
            case .state:
                guard let space = line.firstIndex(of: " ") else { throw refuse(number, "a value is 'PATH VALUE'") }
                let key = String(line[..<space]), word = String(line[line.index(after: space)...])
                guard isPath(key) else { throw refuse(number, "'\(quoted(key))' is not a path of the state (letters, digits, '.', '[N]')") }
                if let first = paths[key] { throw refuse(number, "'\(key)' is given twice; the first is at line \(first)") }
                paths[key] = number
                let scalar: Scalar
                switch word {
                case "true": scalar = .flag(true)
                case "false": scalar = .flag(false)
                case "null": scalar = .null
                default:
                    if word.hasPrefix("\"") {
                        guard let text = jsonString(word) else { throw refuse(number, "the value is not one quoted string") }
                        scalar = .text(text)
                    } else if let value = finite(word) {
                        scalar = .number(value)
                    } else {
                        throw refuse(number, "'\(quoted(word))' is not a finite number, a quoted string, true, false or null")
                    }
                }
                values.append(Value(path: key, value: scalar))
            }
        }
        guard section == .state else { throw refuse(lines.count, "the file ends before '[state]'") }
        return LayoutReference(elements: elements, values: values)
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "~") }
    }

    static func isPath(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 256
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._[]".unicodeScalars.contains($0))
            }
    }

    /// A number as `text` writes one: digits, at most one point, an optional minus; finite and
    /// within the limit. No exponents, no `nan`, no `inf`.
    static func finite(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 24,
            text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "-" }),
            let value = Double(text), value.isFinite, abs(value) <= Limits.maxMagnitude
        else { return nil }
        return value
    }

    /// One JSON string and nothing after it.
    static func jsonString(_ text: String) -> String? {
        guard let data = text.data(using: .utf8),
            let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? String
        else { return nil }
        return value
    }
}
