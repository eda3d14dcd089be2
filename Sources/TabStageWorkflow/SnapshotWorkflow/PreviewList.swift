import TabStageModel
import TabStageScenario

/// A previews list (`docs/previews/previews.tsv`): one picture per line, three fields separated
/// by tabs: the picture's name, the scenario file (a path from the working folder) and the
/// snapshot, written `VARIANT/SNAPSHOT` for one of the scenario's variants. Lines that are
/// empty or start with `#` are skipped. `tabstage previews` draws the pictures it lists, and
/// the repository's tests read their lists with this parser too.
package struct PreviewList: Sendable, Hashable {
    /// One line of the list.
    package struct Entry: Sendable, Hashable {
        /// The picture's name: `NAME.png`, or `NAME@2x.png` with `--docc`.
        package var name: String
        /// The scenario file, as written.
        package var scenario: String
        /// The variant, for `VARIANT/SNAPSHOT`.
        package var variant: String?
        /// The snapshot's name.
        package var snapshot: String
        /// Where the line is, for messages.
        package var location: SourceLocation
    }

    /// The lines, in order.
    package var entries: [Entry]

    /// At most this many pictures in one list: each is a scenario run and a drawing.
    package static let maxEntries = 1_000

    /// Reads `text`, the contents of the list at `path` (named in messages).
    ///
    /// - Throws: A `ScenarioError` at the first line that is not three fields, or whose name
    ///   is not a plain file name, or repeats an earlier one (also ignoring letter case).
    package static func parse(_ text: String, path: String) throws(ScenarioError) -> PreviewList {
        var entries: [Entry] = []
        var seen: [String: Int] = [:]
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            let location = SourceLocation(file: path, line: offset + 1)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty }) else {
                throw ScenarioError(
                    location, "the line has \(fields.count) field(s) separated by tabs",
                    expected: "NAME, the scenario file and the snapshot (VARIANT/SNAPSHOT for a variant's), separated by tabs")
            }
            let name = fields[0]
            if let problem = DocCPictures.nameProblem(name) {
                throw ScenarioError(location, "the picture name '\(quoted(name))' \(problem)")
            }
            let key = OutputNames.collisionKey(name)
            if let earlier = seen[key] {
                throw ScenarioError(
                    location, "the picture name '\(quoted(name))' is already taken at line \(earlier)",
                    expected: "a name of its own, also ignoring letter case: each is a file")
            }
            seen[key] = location.line
            let parts = fields[2].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else {
                throw ScenarioError(
                    location, "the snapshot '\(quoted(fields[2]))' is not SNAPSHOT or VARIANT/SNAPSHOT",
                    expected: "a snapshot's name, or a variant's name, '/' and a snapshot's name")
            }
            entries.append(
                Entry(
                    name: name, scenario: fields[1], variant: parts.count == 2 ? parts[0] : nil, snapshot: parts[parts.count - 1],
                    location: location))
            if entries.count > maxEntries {
                throw ScenarioError(location, "the list has over \(maxEntries) pictures", expected: "at most \(maxEntries) lines")
            }
        }
        if entries.isEmpty {
            throw ScenarioError(
                SourceLocation(file: path), "the list names no picture", expected: "one line per picture: NAME, scenario, snapshot")
        }
        return PreviewList(entries: entries)
    }
}
