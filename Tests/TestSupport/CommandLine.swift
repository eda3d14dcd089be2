import Foundation

/// Runs the `tabstage` binary as a user runs it and returns what it said; the end-to-end suites
/// add their tests to it in extensions.
package struct CommandLineTests {
    package init() {}

    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// The binary `swift test` built next to the test bundle.
    package static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("tabstage").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("tabstage")
    }()

    package func tabstage(_ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> Result {
        var merged: [String: String]?
        if let environment {
            var base = ProcessInfo.processInfo.environment
            base["CI"] = nil
            base["TABSTAGE_RECORD"] = nil
            merged = base.merging(environment) { $1 }
        }
        let result = try runProcess(Self.binary, arguments, in: directory, environment: merged)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    package func write(_ text: String, _ name: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
}
