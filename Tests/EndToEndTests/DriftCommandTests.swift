import Foundation
import TabStageTestSupport
import Testing

/// `tabstage drift`: a scenario run on two releases, its snapshots' layouts compared with the
/// engine `verify` uses, in the same words.
@Suite struct DriftCommandTests {
    let cli = CommandLineTests()

    /// The app's tab bar from iOS 18 to 26: the classic bar, 49 pt over the 34 pt home indicator
    /// area (83 pt from x 0), becomes the floating capsule, 62 pt tall and 21 pt in from the side.
    @Test func theAppsTabBarMovesFrom18To26() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = Fixtures.root.appendingPathComponent("Examples/app-tab-bar.yaml").path
        let drift = try cli.tabstage(["drift", example, "--from", "18", "--to", "26", "--out", "page"], in: folder)
        #expect(drift.status == 1, "\(drift.stderr)")
        let lines = drift.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("MOVED app-tab-bar/expanded: ") == true, "\(drift.stdout)")
        #expect(lines.contains { $0.hasPrefix("  appTabBar.style ") && $0.hasSuffix(" \"classic\" → \"floating\"") }, "\(drift.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("  appTabBar ") && $0.contains("x 0 → 21 (+21 pt)") && $0.contains("height 83 → 62 (-21 pt)")
            }, "\(drift.stdout)")
        #expect(lines.last == "drift: 4 of 4 snapshots of app-tab-bar move from iOS 18 to iOS 26; page in page/index.html")
        let page = try String(contentsOf: folder.appendingPathComponent("page/index.html"), encoding: .utf8)
        #expect(page.contains("<title>tabstage: 4 of 4 snapshots need review</title>"))
        #expect(page.contains("<figcaption>iOS 18</figcaption>") && page.contains("<figcaption>iOS 26</figcaption>"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("page/app-tab-bar/expanded.actual.png").path))
    }

    /// The profile example draws no glass: nothing it lays out moves between 18 and 26.
    @Test func aScenarioThatDoesNotMoveExitsZero() throws {
        let example = Fixtures.root.appendingPathComponent("Examples/profile.yaml").path
        let drift = try cli.tabstage(["drift", example, "--from", "18", "--to", "26"], in: try temporaryFolder())
        #expect(drift.status == 0, "\(drift.stdout)\(drift.stderr)")
        #expect(drift.stdout.hasSuffix("drift: 0 of 6 snapshots of profile move from iOS 18 to iOS 26\n"), "\(drift.stdout)")
    }

    @Test func releasesItCannotRunOnAreRefused() throws {
        let example = Fixtures.root.appendingPathComponent("Examples/profile.yaml").path
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let word = try cli.tabstage(["drift", example, "--from", "x", "--to", "26"], in: folder)
        #expect(word.status == 2)
        #expect(word.stderr.hasPrefix("tabstage: error: --from 'x' is not a release"), "\(word.stderr)")
        let never = try cli.tabstage(["drift", example, "--from", "19", "--to", "26"], in: folder)
        #expect(never.status == 2)
        #expect(never.stderr.contains("iOS 19 was never released"), "\(never.stderr)")
        #expect(never.stderr.contains("(on iOS 19)"), "\(never.stderr)")
        #expect(never.stderr.split(separator: "\n").count == 1)
        // iOS 27's SDK ignores designCompatibility: asking for it is refused as the scenario key is.
        let compat = try cli.tabstage(["drift", example, "--from", "26", "--to", "27-compatibility"], in: folder)
        #expect(compat.status == 2, "\(compat.stdout)\(compat.stderr)")
        #expect(compat.stderr.contains("(on iOS 27 with designCompatibility)"), "\(compat.stderr)")
    }
}
