import Foundation
import TabStageModel

/// Names of the files tabstage writes, and the rules that keep them from colliding.
public enum OutputNames {
    /// The hidden list of files a scenario folder received from its last run, one per line.
    public static let manifest = ".tabstage-outputs"

    /// Two names with the same key are the same file on a case-insensitive file system (APFS,
    /// NTFS) and look the same to a reader: Unicode-normalized (NFC) and case-folded.
    public static func collisionKey(_ name: String) -> String { fileNameCollisionKey(name) }

    /// `<scenario>-0001` and on: physics frames, numbered from 1, at least four digits.
    public static func frameName(scenario: String, number: Int, frameCount: Int) -> String {
        let digits = max(4, String(frameCount).count)
        let text = String(number)
        return "\(scenario)-\(String(repeating: "0", count: max(0, digits - text.count)))\(text)"
    }

    /// Which frame file `name` would collide with, if any; nil when it is not a frame's name.
    public static func collidingFrame(_ name: String, scenario: String, frameCount: Int) -> Int? {
        guard frameCount > 0 else { return nil }
        let key = collisionKey(name), prefix = collisionKey(scenario) + "-"
        guard key.hasPrefix(prefix) else { return nil }
        let digits = key.dropFirst(prefix.count)
        guard digits.count == max(4, String(frameCount).count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(digits), (1...frameCount).contains(number)
        else { return nil }
        return number
    }

    /// The file names listed in a manifest. Only plain names a run could have written are kept:
    /// no folders, no hidden files, no control characters, so a hand-edited or corrupted
    /// manifest can never point outside its folder or at tabstage's own bookkeeping.
    public static func parseManifest(_ bytes: some Collection<UInt8>) -> [String] {
        var names: [String] = []
        var seen = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard line.first != UInt8(ascii: "#"), let name = String(validating: line, as: UTF8.self), isPlainFileName(name),
                isOutputName(name), !seen.contains(name)
            else { continue }
            seen.insert(name)
            names.append(name)
        }
        return names
    }

    /// The manifest text for `names`: sorted, one per line.
    public static func formatManifest(_ names: some Sequence<String>) -> String {
        "# Files tabstage wrote here in its last run; the next run may remove those it does not write again.\n"
            + names.sorted().map { $0 + "\n" }.joined()
    }

    /// A name `run` can write: a snapshot or frame (`.svg`, `.png`), the trace, the animation
    /// (`.webp`) or the player page. A manifest entry naming anything else (`notes.txt`) is
    /// ignored, so a tampered manifest cannot make a run remove a user's file.
    public static func isOutputName(_ name: String) -> Bool {
        name == "trace.json" || name == "index.html" || [".svg", ".png", ".webp"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// A name that stays inside its folder: not empty, no '/', not hidden, no control
    /// characters, at most 255 bytes.
    public static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
