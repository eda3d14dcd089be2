import Foundation
import TabStageScenario

/// A text reference (`NAME.accessibility.json`, a Swift test's `NAME.trace.json` or `NAME.svg`)
/// read as the image references are: below the store's root without following links, within
/// a size limit, as UTF-8. A reference can come from a pull request, and its difference is
/// printed to a CI log: a link to `/etc/passwd` or `/proc/self/environ` must never be read,
/// and a file that is not what tabstage writes is shown by a short excerpt only.
package enum ReferenceText: Sendable, Hashable {
    case missing
    case found(String)
    /// Refused: the reason in words (a link, a folder, over the limit, not UTF-8).
    case unreadable(String)

    /// The most a text reference may hold: far above any tabstage writes.
    package static let maxBytes = 16 << 20
    /// The longest excerpt of a file tabstage did not write that a message shows.
    package static let excerptCharacters = 80
    /// The longest line of a difference a message shows.
    package static let lineCharacters = 240

    /// Reads `FILE` in the group's folder.
    package static func read(_ store: ReferenceStore, group: String, file: String) -> ReferenceText {
        let components = group.split(separator: "/").map(String.init) + [file]
        switch NoFollowRead.file(components, under: store.root, limit: maxBytes) {
        case .failure(.missing): return .missing
        case .failure(let refusal): return .unreadable(refusal.words)
        case .success(let bytes):
            guard let text = String(validating: bytes, as: UTF8.self) else { return .unreadable("it is not UTF-8 text") }
            return .found(text)
        }
    }

    /// "PATH differs:" and the changed lines, each cut to `lineCharacters`; or, when `old` does
    /// not start as tabstage's text of this kind does (`writtenPrefix`), only a short excerpt of
    /// its first line: it is not tabstage's, so it is not printed.
    package static func difference(path: String, old: String, new: String, writtenPrefix: String) -> String {
        guard old.hasPrefix(writtenPrefix) else {
            let first = old.prefix { $0 != "\n" && $0 != "\r" }
            // Printable ASCII as it is; anything else (a control character, a NUL) as "?".
            let shown = first.prefix(excerptCharacters).map { c -> Character in
                c.unicodeScalars.count == 1 && (0x20...0x7E).contains(c.unicodeScalars.first!.value) ? c : "?"
            }
            let cut = first.count > excerptCharacters ? "…" : ""
            return
                "\(path) is not a file tabstage wrote (it does not start with '\(writtenPrefix)'; it starts '\(String(shown))\(cut)'): re-record it"
        }
        let lines = SVGChanges.lines(from: old, to: new).map { line in
            line.count > lineCharacters ? String(line.prefix(lineCharacters)) + "…" : line
        }
        return "\(path) differs:\n" + lines.joined(separator: "\n")
    }
}
