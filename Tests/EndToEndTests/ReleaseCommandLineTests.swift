import Foundation
import TabStageTestSupport
import Testing

/// An iOS version Apple never shipped, as a user meets it on the command line.
@Suite struct ReleaseCommandLineTests {
    @Test func theCommandLineRefusesANeverReleasedVersionOnOneLineWithExit2() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.yaml(extra: "iOSVersion: 20").write(
            to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        let result = try CommandLineTests().tabstage(["run", "old.yaml", "--out", "out"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "old.yaml:2:13: error: iOS 20 was never released: Apple went from iOS 18 to iOS 26 (2025) (expected a released major iOS version: 12 to 18, 26 or 27)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
