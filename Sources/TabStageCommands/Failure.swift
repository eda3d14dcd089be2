import TabStageScenario

/// A command's failure: one line for stderr (and one more for each further mistake in the same
/// scenario file) and the documented exit code.
struct Failure: Error, CustomStringConvertible {
    /// The documented exit codes: 1 a difference, 2 bad input, 3 a rendering or I/O failure.
    enum Code: Int32 {
        case difference = 1
        case badInput = 2
        case renderingOrIO = 3
    }

    var code: Code
    var message: String
    /// Lines printed after `message`, each a located mistake of its own.
    var more: [String] = []

    static func badInput(_ message: String) -> Failure { Failure(code: .badInput, message: message) }
    /// A refused scenario: its first mistake, then the others found in the same file.
    static func badInput(_ error: ScenarioError) -> Failure {
        let lines = error.lines
        return Failure(code: .badInput, message: lines[0], more: Array(lines.dropFirst()))
    }
    /// `error` as bad input: every line of a `ScenarioError`, else its description.
    static func badInput(_ error: any Error) -> Failure {
        (error as? ScenarioError).map { badInput($0) } ?? badInput("\(error)")
    }
    static func io(_ message: String) -> Failure { Failure(code: .renderingOrIO, message: message) }
    var description: String { message }
}
