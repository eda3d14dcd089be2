import ArgumentParser
import Foundation
import Raster

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
            // Before anything is read or written: the libraries a drawing command loads.
            if command is DrawingCommand, let problem = DrawingLibraries.problem { throw Failure.badInput("tabstage: error: \(problem)") }
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

/// A command that draws (or lays text out, which takes Pango): the drawing libraries are loaded
/// before it starts, so a missing one is one line and exit 2 before anything is written.
/// `diff`, `merge-reports`, `schema`, `devices`, `--help` and `--version` never load them.
protocol DrawingCommand {}

extension Run: DrawingCommand {}
extension Record: DrawingCommand {}
extension Verify: DrawingCommand {}
extension Plot: DrawingCommand {}
extension Conform: DrawingCommand {}
