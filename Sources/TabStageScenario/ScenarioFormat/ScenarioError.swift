import TabStageModel

/// A place in a scenario file; lines and columns count from 1.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// A location; the start of the file by default.
    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }
    /// `FILE:LINE:COL`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A refused scenario: where, what, and what would have been accepted.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in words.
    public var message: String
    /// What the file should have said there; printed as "(expected …)".
    public var expected: String?
    /// Further mistakes found in the same file (its other steps), in the file's order; with
    /// this one, at most `maxReported`.
    public var further: [ScenarioError] = []
    /// How many more mistakes were found beyond `maxReported` and not listed.
    public var unreported = 0

    /// The most mistakes one file reports: enough to fix a file in one pass, few enough to read.
    public static let maxReported = 20

    /// An error at `location`, with what would have been accepted.
    public init(_ location: SourceLocation, _ message: String, expected: String? = nil) {
        self.location = location
        self.message = message
        self.expected = expected
    }

    /// One line, in the compiler style editors and CI annotate: `FILE:LINE:COL: error: WHAT (expected …)`.
    public var description: String {
        "\(location): error: \(message)" + (expected.map { " (expected \($0))" } ?? "")
    }

    /// Every mistake's line, this one first: what a command prints, one line each.
    public var lines: [String] {
        let all = [description] + further.map(\.description)
        guard unreported > 0 else { return all }
        return all + ["\(location.file): note: \(unreported) more error(s) in the steps not shown (fix these first)"]
    }
}

/// The closest candidate to a misspelt word, if it is close enough to be a likely typo.
///
/// Words longer than `maxSuggestionLength` get no suggestion: a typo is a short word, and the
/// edit distance costs the product of both lengths.
package func suggestion(for word: String, among candidates: [String]) -> String? {
    guard word.unicodeScalars.count <= maxSuggestionLength else { return nil }
    let lowered = word.lowercased()
    let scored = candidates.filter { $0.unicodeScalars.count <= maxSuggestionLength }
        .map { ($0, editDistance(lowered, $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    // One edit for short words, two for the length of "half" or "Media", three beyond.
    let length = max(word.count, best.0.count)
    let allowed = length <= 3 ? 1 : length <= 7 ? 2 : 3
    return best.1 <= allowed ? best.0 : nil
}

let maxSuggestionLength = 64

/// " did you mean 'x'?" or "", ready to append to a message.
package func didYouMean(_ word: String, _ candidates: [String]) -> String {
    suggestion(for: word, among: candidates).map { "; did you mean '\(quoted($0))'?" } ?? ""
}

/// " did you mean 'x'?" for a device id, matching the marketed screen sizes too
/// (`ipad-pro-12.9` suggests `ipad-pro-13`).
package func deviceSuggestion(_ id: String) -> String {
    let names = DeviceCatalog.all.map { ($0.id, $0.id) } + DeviceCatalog.marketingNames.map { ($0.name, $0.id) }
    guard let closest = suggestion(for: id, among: names.map(\.0)),
        let device = names.first(where: { $0.0 == closest })?.1
    else { return "" }
    return "; did you mean '\(device)'?"
}

/// Longest stretch of a user's value a message repeats.
package let maxQuotedLength = 80

/// A user's value as a message quotes it: one line (see `isUnsafeInMessage`), at most
/// `maxQuotedLength` characters.
package func quoted(_ value: String) -> String {
    messageQuote(value, limit: maxQuotedLength)
}

/// Levenshtein distance over Unicode scalars.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// "a, b or c" for error messages.
package func oneOf(_ words: [String]) -> String {
    words.count > 1 ? "one of " + listed(words) : listed(words)
}

/// "a, b, c" for error messages. Long lists (a thousand tab titles) show their first 20 and
/// how many there are.
package func listed(_ words: [String]) -> String {
    let shown = words.prefix(20).map(quoted).joined(separator: ", ")
    return shown + (words.count > 20 ? ", … (\(words.count) in all)" : "")
}
