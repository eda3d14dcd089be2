import TabStageScenario
import TabStageWorkflow

/// What changed between a `NAME.trace.json` reference and the state drawn now, by path:
/// `container.tabs[3].contentHeight 216 → 540 (+324)`, largest first, as `verify` names a
/// layout's changed values (the same flattening and the same comparison), so a reader sees
/// which tab's number moved instead of a line number.
enum TraceChanges {
    /// The failure's lines: a summary (`2 values changed`), then one line a value, at most
    /// `LayoutComparison.listed` and "and N more". Nil when the reference is not a JSON
    /// document tabstage could have written, or when no value differs by 0.01 or more (the
    /// layout file's precision; a smaller change or a reordered key): the caller then shows the
    /// changed lines instead.
    static func lines(reference old: String, now new: JSON) -> [String]? {
        guard let parsed = TraceJSONReader.parse(old) else { return nil }
        var oldValues: [LayoutReference.Value] = [], newValues: [LayoutReference.Value] = []
        LayoutReference.flatten(parsed, path: "", into: &oldValues)
        LayoutReference.flatten(new, path: "", into: &newValues)
        // Every value is compared exactly (tolerance 0): the trace is compared as text, so any
        // change the flattening keeps is one the reader must see.
        let comparison = LayoutComparison(
            LayoutReference(elements: [], values: oldValues), LayoutReference(elements: [], values: newValues), tolerance: 0)
        guard !comparison.isEmpty else { return nil }
        return [comparison.summary] + comparison.lines
    }
}

/// A reader of the JSON `trace.json` is written in, keeping each object's key order (so equal
/// moves are listed in the file's order). Anything else (a syntax error, nesting deeper than
/// `maxDepth`) is nil: the trace check then falls back to a line diff, so a damaged reference
/// still fails with what it holds.
enum TraceJSONReader {
    /// Deeper than any trace (its state nests five levels); a bound on the recursion.
    static let maxDepth = 64

    static func parse(_ text: String) -> JSON? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ word: String) -> Bool {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
            index += expected.count
            return true
        }

        mutating func value(depth: Int) -> JSON? {
            guard depth <= TraceJSONReader.maxDepth else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var fields: [(String, JSON)] = []
                skipSpace()
                if take("}") { return .object(fields) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard take(":"), let item = value(depth: depth + 1) else { return nil }
                    fields.append((key, item))
                    skipSpace()
                    if take("}") { return .object(fields) }
                    guard take(",") else { return nil }
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSON] = []
                skipSpace()
                if take("]") { return .array(items) }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    if take("]") { return .array(items) }
                    guard take(",") else { return nil }
                }
            case UInt8(ascii: "\""): return string().map(JSON.string)
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            default: return number()
            }
        }

        mutating func number() -> JSON? {
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                return nil
            }
            return .number(value)
        }

        mutating func string() -> String? {
            guard take("\"") else { return nil }
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) -> Bool {
                guard let text = String(validating: bytes[run..<end], as: UTF8.self) else { return false }
                scalars.append(contentsOf: text.unicodeScalars)
                return true
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    guard flush(index) else { return nil }
                    index += 1
                    return String(scalars)
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                guard flush(index), index + 1 < bytes.count else { return nil }
                let escape = bytes[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var code = hex4() else { return nil }
                    // A surrogate pair (`\ud83d\ude00`) is one scalar.
                    if (0xD800..<0xDC00).contains(code) {
                        guard take("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scalars.append(scalar)
                default: return nil
                }
                run = index
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4, let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { return nil }
            index += 4
            return code
        }
    }
}
