/// A character that would break a one-line message: a control character (a newline, an escape
/// sequence), a line or paragraph separator, or a bidirectional embedding, override, isolate
/// or mark (which would reverse what a terminal shows). Messages show it as "?", so a file name
/// or value from a pull request cannot add a line that CI reads as a command.
package func isUnsafeInMessage(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return scalar.properties.generalCategory == .control
    }
}

/// A user's value as a message quotes it: a character holding an unsafe scalar shown as "?",
/// and cut to `limit` characters with "…", so a huge value never makes a huge message.
package func messageQuote(_ value: String, limit: Int) -> String {
    var out = ""
    var count = 0
    for character in value {
        if count == limit { return out + "…" }
        out.append(character.unicodeScalars.contains(where: isUnsafeInMessage) ? "?" : character)
        count += 1
    }
    return out
}

/// Bytes from the file system (a name that need not be UTF-8) as a message shows them: valid
/// UTF-8 as text, and each byte of an invalid sequence, a control character or another unsafe
/// scalar (see `isUnsafeInMessage`) or a backslash as `\xNN`, so every name stays one line and
/// two different names never look the same.
package func escapedBytes(_ bytes: [UInt8]) -> String {
    var out = ""
    var index = 0
    while index < bytes.count {
        let length = utf8SequenceLength(bytes, at: index)
        if length > 0, let text = String(validating: bytes[index..<index + length], as: UTF8.self),
            let scalar = text.unicodeScalars.first, !isUnsafeInMessage(scalar), scalar != "\\"
        {
            out += text
            index += length
        } else {
            for byte in bytes[index..<index + max(length, 1)] { out += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(2) }
            index += max(length, 1)
        }
    }
    return out
}

/// Whether a name from the file system is valid UTF-8.
package func isValidUTF8(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

/// The length of the well-formed UTF-8 sequence at `index`, or 0 when the byte there does not start one.
private func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length = lead < 0x80 ? 1 : lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 0
    guard length > 0, index + length <= bytes.count else { return 0 }
    return String(validating: bytes[index..<index + length], as: UTF8.self) == nil ? 0 : length
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
