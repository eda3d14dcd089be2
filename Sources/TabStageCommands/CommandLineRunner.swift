import ArgumentParser
import Foundation

/// The whole command line: parses the arguments, runs the command and turns every failure into
/// one line on stderr and a documented exit code; ArgumentParser's usage errors become exit
/// code 2 like any other bad input. The `tabstage` binary calls it with its own arguments and
/// console; tests call it in process with a capturing console and read the same lines and code.
package enum CommandLineRunner {
    /// Runs `tabstage ARGUMENTS` (without the program's name) on `Console.current`; returns
    /// the exit code.
    package static func run(_ arguments: [String]) -> Int32 {
        if let unknown = UnknownCommand(arguments: arguments) {
            printError(unknown.message)
            return Failure.Code.badInput.rawValue
        }
        do {
            var command = try Tabstage.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as Failure {
            printError(failure.message)
            return failure.code.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = Tabstage.exitCode(for: error)
            if code == .success {
                Console.current.print(Tabstage.fullMessage(for: error))
                return 0
            }
            let message = Tabstage.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            printError("tabstage: error: \(message.replacingOccurrences(of: "Error: ", with: "")) (see 'tabstage help')")
            return Failure.Code.badInput.rawValue
        }
    }

    /// Runs `tabstage ARGUMENTS` with `console` as its output and environment.
    package static func run(_ arguments: [String], console: Console) -> Int32 {
        Console.$current.withValue(console) { run(arguments) }
    }
}
