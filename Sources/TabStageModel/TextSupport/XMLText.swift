/// The one XML escaper, for SVG text and attributes and for the HTML and JUnit reports:
/// escapes the five markup characters, turns tabs and line breaks into spaces, and drops
/// characters XML 1.0 cannot carry.
package func xmlEscape(_ string: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(string.utf8.count)
    appendXMLEscaped(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `xmlEscape` appended as UTF-8 bytes.
package func appendXMLEscaped(_ text: String, to out: inout [UInt8]) {
    func put(_ literal: StaticString) { literal.withUTF8Buffer { out.append(contentsOf: $0) } }
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": put("&amp;")
        case "<": put("&lt;")
        case ">": put("&gt;")
        case "\"": put("&quot;")
        case "'": put("&apos;")
        case "\t", "\n", "\r": out.append(UInt8(ascii: " "))
        case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
        case _ where scalar.isASCII: out.append(UInt8(scalar.value))
        default: UTF8.encode(scalar) { out.append($0) }
        }
    }
}
