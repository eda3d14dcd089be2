/// A command's failure: one line for stderr and the documented exit code.
struct Failure: Error, CustomStringConvertible {
    /// The documented exit codes: 1 a difference, 2 bad input, 3 a rendering or I/O failure.
    enum Code: Int32 {
        case difference = 1
        case badInput = 2
        case renderingOrIO = 3
    }

    var code: Code
    var message: String

    static func badInput(_ message: String) -> Failure { Failure(code: .badInput, message: message) }
    static func io(_ message: String) -> Failure { Failure(code: .renderingOrIO, message: message) }
    var description: String { message }
}
