import Foundation
import TabStage
import TabStageTestSupport
import Testing

/// `tabstage --version`: one constant, printed alone on stdout, and named in the changelog.
/// The built binary itself answers here (the rest of the command line is tested in process).
@Suite struct VersionTests {
    @Test func versionPrintsTheConstantAndExitsZero() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineTests().tabstageProcess(["--version"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == "\(tabStageVersion)\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func versionIsMajorMinorPatch() {
        let parts = tabStageVersion.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    }

    @Test func helpListsTheVersionFlag() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineTests().tabstageProcess(["--help"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("--version"))
    }

    @Test func changelogNamesTheVersion() throws {
        let changelog = try String(contentsOf: Fixtures.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("## [\(tabStageVersion)]") || changelog.contains("## [Unreleased] — \(tabStageVersion)"))
    }
}
