import Foundation
import TabStageTestSupport
import Testing

/// The app tab bar's glass as `tabstage run` writes it.
@Suite struct AppTabBarCommandLineTests {
    /// The glass capsule blurs a second copy of the container, so template rows count twice
    /// in the snapshot budget. 300 rects in 8-pt rows on an iPhone 15 (852 pt tall):
    /// 2 × (⌈852 / 8⌉ + 1) = 216 rows, 64,800 elements — within 100,000 without the bar,
    /// 129,600 drawn twice under it.
    @Test func theGlassCopyCountsInTheSnapshotBudget() throws {
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 300) + "\n", "row.svg.mustache", in: folder)
        let scenario = { (extra: String) in
            "device: iphone-15\n\(extra)container:\n  tabs:\n"
                + "    - {title: A, rows: 1000, rowHeight: 8, template: row.svg.mustache, items: [{title: a}]}\n"
                + "    - {title: B, rows: 3}\nsteps: [{snapshot: s}]\n"
        }
        try cli.write(scenario("iOSVersion: 26\n"), "plain.yaml", in: folder)
        #expect(try cli.tabstage(["run", "plain.yaml", "--out", "out", "--format", "svg"], in: folder).status == 0)
        try cli.write(scenario("iOSVersion: 26\nappTabBar: {items: [Home]}\n"), "glass.yaml", in: folder)
        let run = try cli.tabstage(["run", "glass.yaml", "--out", "out2", "--format", "svg"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "glass.yaml:6:54: error: the template draws 300 elements a row, and one snapshot can show 216 8-pt rows (each drawn twice: again, blurred, behind the glass tab bar): 129600 elements, over the limit (expected at most 100000 elements of template rows in one snapshot: taller rows, or a lighter template)\n"
        )
        // The classic bar (iOS 18) draws the container once.
        try cli.write(scenario("iOSVersion: 18\nappTabBar: {items: [Home]}\n"), "classic.yaml", in: folder)
        #expect(try cli.tabstage(["run", "classic.yaml", "--out", "out3", "--format", "svg"], in: folder).status == 0)
    }
}
