import Foundation
import TabStageImageDiff
import TabStageReports
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

/// `tabstage conform --report DIR`: for each divergent step the model's picture beside one
/// drawn by the same painter from the observed numbers, a chart per divergent field, JUnit.
///
/// Numbers from Examples/conformance/profile.yaml (see `ConformanceTests`): iPhone 14 portrait
/// at 3×, safe area top 47, header 240 (collapsed 44 + 47 = 91), tab bar 44, so a tab's top
/// offset is −(240 + 44) = −284 and the header's height is −contentOffsetY − 44.
@Suite struct ConformanceReportTests {
    let cli = CommandLineTests()
    static let scenario = ConformanceTests.scenarioPath

    /// Runs `conform --report` from the repository's root into a fresh folder.
    func report(_ observed: String, in folder: URL, extra: [String] = []) throws -> CommandLineTests.Result {
        try cli.tabstage(
            ["conform", Self.scenario, "Examples/conformance/\(observed)", "--report", folder.appendingPathComponent("report").path]
                + extra,
            in: Fixtures.root)
    }

    func text(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("report/\(name)"), encoding: .utf8)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        /// The steps where some observed value disagrees.
        var steps: [Int]
        /// Divergent fields (one chart each: all are numbers).
        var charts: Int
        /// Fields compared, and those that diverge.
        var tests: Int
        var failures: Int
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        // Step 1 only: header and Media's offset. Fields: headerHeight, selectedTab, tabs[0], tabs[1].
        Case(file: "tab-switch-jump.json", steps: [1], charts: 2, tests: 4, failures: 2),
        // Step 3 only: header and Likes' offset. Fields: headerHeight, selectedTab, tabs[1], tabs[2].
        Case(file: "short-content.json", steps: [3], charts: 2, tests: 4, failures: 2),
        // Step 5 only: Posts' and Likes' offsets. Fields: headerHeight, selectedTab, tabs[0..2].
        Case(file: "offsets-reset.json", steps: [5], charts: 2, tests: 5, failures: 2),
        // Step 8 (Posts at -32 instead of 503) and step 9 (header 240 instead of 91, Posts
        // -284 instead of 400). Fields: headerHeight, selectedTab, tabs[0] offset and inset,
        // headerPlacement, verticalSizeClass.
        Case(file: "rotation-loses-offset.json", steps: [8, 9], charts: 2, tests: 6, failures: 2),
    ]

    @Test(arguments: cases)
    func eachKnownBugWritesItsStepsChartsAndJUnit(known: Case) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try report(known.file, in: folder)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout.hasSuffix("; report in \(folder.appendingPathComponent("report").path)/index.html\n"))
        var files = ["index.html", "junit.xml"]
        files += known.steps.flatMap { step in ["diff", "model", "observed"].map { "steps/\(step).\($0).png" } }
        files += (1...known.charts).map { "charts/\($0).svg" }
        let manifest = try text(".tabstage-outputs", in: folder).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        #expect(manifest == files.sorted())
        for file in files {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report/\(file)").path), "\(file)")
        }
        let junit = try text("junit.xml", in: folder)
        #expect(junit.contains("<testsuites name=\"tabstage\" tests=\"\(known.tests)\" failures=\"\(known.failures)\">"))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == known.tests)
        let html = try text("index.html", in: folder)
        #expect(html.contains("<title>tabstage: \(known.steps.count) of "))
        for step in known.steps { #expect(html.contains("<img src=\"steps/\(step).observed.png\"")) }
    }

    /// The JUnit file of tab-switch-jump.json, whole: one test case per field in the order the
    /// file first names them, each failure the field's first divergence as the command prints it.
    @Test func theJUnitNamesStepFieldModelAndObserved() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try report("tab-switch-jump.json", in: folder).status == 1)
        // Step 1 'select: Media' is on line 17. Media placed under the header at -(156 + 44) =
        // -200 keeps the header at 156; the observed Media at its own top -284 shows 284 - 44 = 240.
        let at = "step 1 &apos;select: Media&apos; (Examples/conformance/profile.yaml:17:5)"
        let header = "\(at): container.headerHeight: model 156, observed 240"
        let media = "\(at): container.tabs[1].contentOffsetY: model -200, observed -284"
        #expect(
            try text("junit.xml", in: folder) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="tabstage" tests="4" failures="2">
                  <testsuite name="profile" tests="4" failures="2">
                    <testcase classname="tabstage.profile" name="container.headerHeight">
                      <failure message="\(header)">\(header)</failure>
                    </testcase>
                    <testcase classname="tabstage.profile" name="container.selectedTab"/>
                    <testcase classname="tabstage.profile" name="container.tabs[0].contentOffsetY"/>
                    <testcase classname="tabstage.profile" name="container.tabs[1].contentOffsetY">
                      <failure message="\(media)">\(media)</failure>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
        let html = try text("index.html", in: folder)
        #expect(html.contains("<p class=\"message\">container.headerHeight: model 156, observed 240<br>\n"))
        #expect(
            html.contains(
                "The observed picture is drawn with container.headerHeight 240, container.selectedTab 1, container.tabs[0].contentOffsetY -200, container.tabs[1].contentOffsetY -284."
            ))
    }

    /// The observed picture shows the jump: the same painter draws the tab bar 240 − 156 = 84 pt
    /// lower, 252 px at 3×, and Media's rows with it (its offset −284 instead of −200: 84 pt).
    /// The model's bar and the 456 pt of rows under it (pixel rows 468..<1968) reappear pixel
    /// for pixel 252 rows lower in the observed picture (clear of the home indicator at the
    /// bottom), and the two pictures differ at the model's bar, where the observed one shows
    /// the header.
    @Test func theObservedPictureShowsTheHeaderJump() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try report("tab-switch-jump.json", in: folder).status == 1)
        let model = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("report/steps/1.model.png"))))
        let observed = try PNGCodec.decode(Array(Data(contentsOf: folder.appendingPathComponent("report/steps/1.observed.png"))))
        // 390 × 844 pt at 3×.
        #expect(model.width == 1170 && model.height == 2532)
        #expect(observed.width == 1170 && observed.height == 2532)
        func rowsDiffer(_ a: RGBAImage, _ aTop: Int, _ b: RGBAImage, _ bTop: Int, count: Int) -> Int {
            var differing = 0
            for row in 0..<count {
                for x in 0..<a.width where a.pixel(x: x, y: aTop + row) != b.pixel(x: x, y: bTop + row) { differing += 1 }
            }
            return differing
        }
        // From the bar's second pixel row (its first is the edge shared with the header).
        #expect(rowsDiffer(model, 469, observed, 721, count: 1499) == 0)
        #expect(rowsDiffer(model, 469, observed, 469, count: 131) > 1170 * 10)
    }

    /// A step whose divergent values are not on screen (offsets-reset.json, step 5: Posts and
    /// Likes while Media is shown) gives two identical pictures, and the page says so.
    @Test func valuesOffScreenGiveTheSamePictureAndSaySo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try report("offsets-reset.json", in: folder).status == 1)
        let model = try Data(contentsOf: folder.appendingPathComponent("report/steps/5.model.png"))
        let observed = try Data(contentsOf: folder.appendingPathComponent("report/steps/5.observed.png"))
        #expect(model == observed)
        #expect(try text("index.html", in: folder).contains("The two pictures are the same: what diverges does not show on screen"))
    }

    /// The chart of tab-switch-jump.json's header: steps 0, 1 and 2 observed, the model 156,
    /// 156, 91 and the container 156, 240, 91.
    @Test func theChartPlotsModelAndObservedAtEachStep() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try report("tab-switch-jump.json", in: folder).status == 1)
        let chart = try text("charts/1.svg", in: folder)
        #expect(chart.contains(">container.headerHeight</text>"))
        // y from 0 to 300 (a step of niceStep(240 / 4) = 100) between y = 250 and y = 56:
        // y(v) = 250 − v · 194 / 300, so 156 → 149.12, 240 → 94.8, 91 → 191.15.
        // x from step 0 to 2 between 84 and 696: 84, 390, 696.
        #expect(chart.contains("<path d=\"M84 149.12L390 149.12L696 191.15\" fill=\"none\" stroke=\"#0a64d8\""))
        #expect(chart.contains("<path d=\"M84 149.12L390 94.8L696 191.15\" fill=\"none\" stroke=\"#d70015\""))
    }

    /// Exit 0 writes the page too: no pictures, no charts, every field a passing test case.
    @Test func anAgreeingTraceWritesAPassingReport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try report("recorded-from-model.json", in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try text(".tabstage-outputs", in: folder).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(manifest == ["index.html", "junit.xml"])
        // 19 fields compared (the command's own summary), none failing.
        #expect(try text("junit.xml", in: folder).contains("<testsuites name=\"tabstage\" tests=\"19\" failures=\"0\">"))
        #expect(try text("index.html", in: folder).contains("<p>Every observed value agrees with the model.</p>"))
    }

    /// A report written over an earlier one removes the earlier one's files (its manifest) and
    /// keeps the user's.
    @Test func aSecondReportReplacesTheFirstAndKeepsOtherFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try report("rotation-loses-offset.json", in: folder).status == 1)
        try "mine".write(to: folder.appendingPathComponent("report/notes.txt"), atomically: true, encoding: .utf8)
        #expect(try report("tab-switch-jump.json", in: folder).status == 1)
        let steps = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("report/steps").path).sorted()
        #expect(steps == ["1.diff.png", "1.model.png", "1.observed.png"])
        #expect(try text("notes.txt", in: folder) == "mine")
    }

    /// A report folder that is or holds an input, or an empty path, is refused before
    /// anything is checked or written: exit 2, one line.
    @Test func aReportFolderOverTheInputsIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(try String(contentsOf: ConformanceTests.scenarioURL, encoding: .utf8), "profile.yaml", in: folder)
        try cli.write(
            try String(contentsOf: Fixtures.root.appendingPathComponent("Examples/conformance/tab-switch-jump.json"), encoding: .utf8),
            "observed.json", in: folder)
        let holds = try cli.tabstage(["conform", "profile.yaml", "observed.json", "--report", "."], in: folder)
        #expect(holds.status == 2)
        #expect(holds.stdout == "")
        #expect(holds.stderr.split(separator: "\n").count == 1)
        #expect(holds.stderr.hasPrefix("tabstage: error: --report '.' holds the scenario 'profile.yaml'"))
        let empty = try cli.tabstage(["conform", "profile.yaml", "observed.json", "--report", ""], in: folder)
        #expect(empty.status == 2)
        #expect(empty.stderr == "tabstage: error: --report is empty (expected a folder or file path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["observed.json", "profile.yaml"])
    }

    /// The observed values a picture can show are put in place; the rest are listed as not drawn.
    @Test func substitutionTakesWhatAPictureShows() throws {
        let trace = try ObservedTraceFile.parse(
            """
            {"scenario": "profile", "steps": [{"index": 0, "state": {
              "container": {"headerHeight": 180, "tabBarTop": 181, "selectedTab": 2, "collapseProgress": 0.4,
                "tabs": [{}, {"contentOffsetY": -10, "contentInsetTop": 284}]},
              "presentation": {"frame": {"y": 60, "height": 700}, "style": "pageSheet"},
              "lifecycle": ["viewWillAppear"]}}]}
            """, file: "observed.json")
        let substitution = ConformanceReport.substitution(trace.steps[0].state)
        #expect(substitution.selectedTab == 2)
        #expect(substitution.offsets == [1: -10])
        #expect(substitution.layout.headerHeight == 180)
        #expect(substitution.layout.tabBarTop == 181)
        #expect(substitution.layout.collapseProgress == 0.4)
        #expect(substitution.layout.presentationY == 60)
        #expect(substitution.layout.presentationHeight == 700)
        #expect(substitution.layout.presentationX == nil)
        #expect(substitution.notDrawn == ["container.tabs[1].contentInsetTop", "presentation.style", "lifecycle"])
    }

    /// The report is all or nothing: an input/output error at any of its writes (the output
    /// transaction's test hook) exits 3 and leaves the earlier report as it was.
    @Test(arguments: [1, 4, 9])
    func aFailedWriteLeavesTheEarlierReport(point: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try report("rotation-loses-offset.json", in: folder).status == 1)
        let before = OutputFilesTests.contents(folder.appendingPathComponent("report"))
        let failed = try cli.tabstage(
            [
                "conform", Self.scenario, "Examples/conformance/tab-switch-jump.json", "--report",
                folder.appendingPathComponent("report").path,
            ],
            in: Fixtures.root, environment: ["TABSTAGE_TEST_FAULT": "fail:\(point)"])
        #expect(failed.status == 3, "\(failed.stderr)")
        #expect(failed.stdout == "")
        #expect(OutputFilesTests.contents(folder.appendingPathComponent("report")) == before)
    }

    /// The pictures' pixels are estimated before anything is drawn: 240 divergent steps on a
    /// 12.9-inch iPad (1024 × 1366 pt at 2×: 2048 × 2732 = 5,595,136 px, three pictures a step,
    /// 16,785,408 px) come to 4,028,497,920 px; 238 steps make 3,994,927,104 and the 239th
    /// (step 238) passes 4,000,000,000. Refused with exit 2 at that observed step, no folder made.
    @Test func picturesOverThePixelBudgetAreRefusedBeforeDrawing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let steps = String(repeating: "  - scroll: {to: 0}\n", count: 240)
        try cli.write(
            """
            name: budget
            device: ipad-pro-12.9
            container:
              header: {height: 240, minHeight: 44}
              tabs:
                - {title: Posts, rows: 40, rowHeight: 100}
            steps:
            \(steps)
            """, "budget.yaml", in: folder)
        // One step a line from line 2; the header is observed at 1 pt, which the model never shows.
        let lines = (0..<240).map { "{\"index\": \($0), \"state\": {\"container\": {\"headerHeight\": 1}}}" }
        try cli.write("{\"scenario\": \"budget\", \"steps\": [\n" + lines.joined(separator: ",\n") + "\n]}\n", "observed.json", in: folder)
        let run = try cli.tabstage(["conform", "budget.yaml", "observed.json", "--report", "report"], in: folder)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("observed.json:240:"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "--report would draw 4028497920 pixels for 240 divergent step(s) (two pictures and their difference each, at the device's scale); step 238 takes it past the budget of 4000000000 pixels"
            ), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report").path))
    }
}
