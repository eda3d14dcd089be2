import Adaptive
import Foundation
import TextSupport

/// One console line as tabstage prints it: every scalar `isUnsafeInMessage` names is shown as
/// "?", so a path printed whole still cannot add a second line or colour the terminal.
func consoleLine(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        out.unicodeScalars.append(isUnsafeInMessage(scalar) ? "?" : scalar)
    }
    return out
}

/// Prints one line on standard output, made safe with `consoleLine`.
func printLine(_ text: String) {
    print(consoleLine(text))
}

/// Prints one line on standard error, made safe with `consoleLine`.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((consoleLine(line) + "\n").utf8))
}
