import TabStageModel

/// A JSON value whose objects keep their key order, so the trace's bytes are stable and
/// read in the documented order.
package indirect enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func == (a: JSON, b: JSON) -> Bool { a.text() == b.text() }
    package func hash(into hasher: inout Hasher) { hasher.combine(text()) }

    /// Pretty-printed with two-space indents; short arrays of scalars stay on one line.
    package func text(indent: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += decimalText(value, decimals: 4)
        case .string(let value): JSON.writeString(value, to: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(to: &out, indent: indent)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let fields):
            if fields.isEmpty {
                out += "{}"
                return
            }
            if fields.count <= 4, fields.allSatisfy({ $0.1.isScalar }) {
                // Small records such as frames and insets read best on one line.
                out += "{"
                for (i, (key, value)) in fields.enumerated() {
                    if i > 0 { out += ", " }
                    JSON.writeString(key, to: &out)
                    out += ": "
                    value.write(to: &out, indent: indent)
                }
                out += "}"
                return
            }
            out += "{\n"
            for (i, (key, value)) in fields.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                JSON.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += i + 1 < fields.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
