import Foundation
import TabStageModel

/// Where a command's output goes and what it reads from its surroundings: the process's
/// standard output, standard error and environment for the `tabstage` binary, or buffers and a
/// given environment when a test runs a command in process (`CommandLineRunner.run`).
/// Bound for the duration of one command with `Console.$current.withValue`; code on the
/// command's own thread reads it as `Console.current`. Its working directory is the folder
/// relative paths are taken from (`resolve(_:)`); `CommandLineRunner.run(_:console:)` binds it
/// as `WorkingDirectory.current` for the library code the command calls.
package struct Console: Sendable {
    /// Writes text (already made safe, newlines included) to standard output.
    package var writeOutput: @Sendable (String) -> Void
    /// Writes text (already made safe, newlines included) to standard error.
    package var writeError: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress lines are drawn only then).
    package var errorIsTerminal: Bool
    /// The environment the command reads (`TABSTAGE_RECORD`, `CI`, `TABSTAGE_TEST_FAULT`).
    package var environment: [String: String]
    /// The absolute folder the command's relative paths (scenarios, `--out`, `--snapshots`,
    /// compared folders, the files a scenario names) are taken from; messages still show each
    /// path as it was written.
    package var workingDirectory: String

    /// A console with `workingDirectory` as its folder; nil: the process's working directory.
    package init(
        writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool,
        environment: [String: String], workingDirectory: String? = nil
    ) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
        self.environment = environment
        self.workingDirectory = workingDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// `path` as the file system must be given it: taken from `workingDirectory` when relative
    /// (see `WorkingDirectory.resolve(_:in:)`). Only for the call that meets the file system;
    /// messages show `path` as written.
    package func resolve(_ path: String) -> String {
        WorkingDirectory.resolve(path, in: workingDirectory)
    }

    /// The process's own standard output, standard error and environment.
    package static var standard: Console {
        Console(
            // Standard output through the C library's buffer, as `print` writes it (flushed at
            // exit; a closed pipe is ignored, SIGPIPE being ignored).
            writeOutput: { text in Swift.print(text, terminator: "") },
            writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) != 0, environment: ProcessInfo.processInfo.environment)
    }

    /// The console of the command running on this task; the process's own outside any.
    @TaskLocal package static var current: Console = .standard

    /// Prints `text` on standard output as it is, followed by `terminator`.
    func print(_ text: String, terminator: String = "\n") {
        writeOutput(text + terminator)
    }
}

/// One console line as tabstage prints it: every scalar `isUnsafeInMessage` names is shown as
/// "?", so a path printed whole still cannot add a second line or colour the terminal.
func consoleLine(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
        out.unicodeScalars.append(isUnsafeInMessage(scalar) ? "?" : scalar)
    }
    return out
}

/// Prints one line on standard output, made safe with `consoleLine`.
func printLine(_ text: String) {
    Console.current.writeOutput(consoleLine(text) + "\n")
}

/// Prints one line on standard error, made safe with `consoleLine`.
func printError(_ line: String) {
    Console.current.writeError(consoleLine(line) + "\n")
}
