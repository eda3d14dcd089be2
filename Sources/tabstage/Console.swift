import Foundation

/// One console line as tabstage prints it: control characters (a newline or an escape sequence
/// inside a file name), line and paragraph separators and bidirectional overrides are shown as
/// "?". A name from a pull request therefore cannot add a second line (which CI would read as a
/// workflow command), colour the terminal or reverse what it shows.
func consoleLine(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        out.unicodeScalars.append(isUnsafeOnConsole(scalar) ? "?" : scalar)
    }
    return out
}

/// Control characters, U+2028/U+2029 and the bidirectional embeddings, overrides, isolates and
/// marks.
func isUnsafeOnConsole(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2028, 0x2029, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return scalar.properties.generalCategory == .control
    }
}

/// Prints one line on standard output, made safe with `consoleLine`.
func printLine(_ text: String) {
    print(consoleLine(text))
}

/// Prints one line on standard error, made safe with `consoleLine`.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((consoleLine(line) + "\n").utf8))
}
