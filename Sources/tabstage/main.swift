import ArgumentParser
import Foundation

/// Runs the command and turns every failure into one line on stderr and a documented exit
/// code; ArgumentParser's usage errors become exit code 2 like any other bad input.
func runTabstage() -> Int32 {
    if let unknown = UnknownCommand(arguments: Array(CommandLine.arguments.dropFirst())) {
        printError(unknown.message)
        return Failure.Code.badInput.rawValue
    }
    do {
        var command = try Tabstage.parseAsRoot()
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
            print(Tabstage.fullMessage(for: error))
            return 0
        }
        let message = Tabstage.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        printError("tabstage: error: \(message.replacingOccurrences(of: "Error: ", with: "")) (see 'tabstage help')")
        return Failure.Code.badInput.rawValue
    }
}

Interruption.install()
exit(runTabstage())
