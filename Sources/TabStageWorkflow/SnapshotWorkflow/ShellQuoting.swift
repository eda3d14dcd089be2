import Foundation

/// A word as a POSIX shell reads it back: as it is when it is plain ASCII, else in single
/// quotes. Every command tabstage prints for a person to paste (re-record, accept a change)
/// goes through here.
package func shellQuoted(_ word: String) -> String {
    let plain =
        !word.isEmpty
        && word.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./=:@%+,".unicodeScalars.contains($0))
        }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
