import Foundation
import TabStageCommands
import TabStageTestSupport
import TabStageWorkflow

/// Runs `tabstage` as a user runs it and returns what it said; the end-to-end suites add their
/// tests to it in extensions. `tabstage(_:in:)` runs the command in this process (the same
/// parsing, messages and exit codes as the binary, through `CommandLineRunner`);
/// `tabstageProcess(_:in:)` spawns the built binary, for what only a process shows: signals,
/// the exit status the shell sees, interrupted writes, the binary's own help and version.
struct CommandLineTests {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary `swift test` built next to the test bundle.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("tabstage").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("tabstage")
    }()

    /// `tabstage ARGUMENTS` run in process from `directory` (its console's working directory).
    /// `environment`, when given, is the test process's environment without the CI variables,
    /// `TABSTAGE_RECORD` and `GITHUB_STEP_SUMMARY`, plus these values (as
    /// `tabstageProcess` gives the binary).
    func tabstage(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Result {
        let merged = Self.merged(environment) ?? ProcessInfo.processInfo.environment
        // `fail:N` only makes an operation fail; `kill:N` and the signals end their process.
        precondition(
            merged["TABSTAGE_TEST_FAULT"].map { $0.hasPrefix("fail:") } ?? true,
            "TABSTAGE_TEST_FAULT kills or signals its process: use tabstageProcess")
        return try InProcess.run(arguments, in: directory, environment: merged)
    }

    /// `tabstage ARGUMENTS` as a process of its own: the built binary, from `directory`.
    func tabstageProcess(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Result {
        let result = try runProcess(Self.binary, arguments, in: directory, environment: Self.merged(environment))
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    private static func merged(_ environment: [String: String]?) -> [String: String]? {
        guard let environment else { return nil }
        var base = ProcessInfo.processInfo.environment
        // Every variable that says CI, not `CI` alone (a test asks for CI mode itself with "CI").
        for (name, _) in ContinuousIntegration.variables { base[name] = nil }
        base["TABSTAGE_RECORD"] = nil
        // A test run inside GitHub Actions must not add its commands' summaries to the job's page.
        base["GITHUB_STEP_SUMMARY"] = nil
        return base.merging(environment) { $1 }
    }

    func write(_ text: String, _ name: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
}

/// Commands run in this process, each with its folder as its console's working directory: its
/// relative paths are taken from there, so commands run at once in different folders (Swift
/// Testing runs tests in parallel) never see each other's files, and the process's own working
/// directory is never changed.
private enum InProcess {
    struct WorkingDirectoryError: Error, CustomStringConvertible {
        var path: String
        var description: String { "cannot run tabstage in \(path): it is not a folder" }
    }

    static func run(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> CommandLineTests.Result {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw WorkingDirectoryError(path: directory.path)
        }
        let output = Capture(), error = Capture()
        let console = Console(
            writeOutput: { output.append($0) }, writeError: { error.append($0) }, errorIsTerminal: false, environment: environment,
            workingDirectory: directory.standardizedFileURL.path)
        let status = CommandLineRunner.run(arguments, console: console)
        return CommandLineTests.Result(status: status, stdout: output.text, stderr: error.text)
    }
}

/// Text written by a command, from whichever thread writes it.
private final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    func append(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
