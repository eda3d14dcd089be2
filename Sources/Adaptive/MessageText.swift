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
