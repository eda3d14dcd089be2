import Foundation
import TabStage
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageTesting
import Testing

/// `tabstage conform` and `assertConforms`: observed traces of a team's own container checked
/// against the model, step by step.
///
/// The numbers below come from Examples/conformance/profile.yaml on an iPhone 14 in portrait
/// (safe area top 47): header 240 with minHeight 44, tab bar 44, so every tab's
/// contentInsetTop is 240 + 44 = 284 and its top offset -284; the header's height is
/// -contentOffsetY - 44 between 91 (44 + 47, collapsed, reached at offset -(91 + 44) = -135)
/// and 240.
@Suite struct ConformanceTests {
    static let scenarioPath = "Examples/conformance/profile.yaml"
    static let scenarioURL = Fixtures.root.appendingPathComponent(scenarioPath)

    static func check(_ observed: ObservedTraceFile, tolerance: Double = 0.5) throws -> ConformanceResult {
        let scenario = try ScenarioLoader.load(path: scenarioURL.path)
        let source = try String(contentsOf: scenarioURL, encoding: .utf8)
        return try Conformance.check(scenario, source: source, observed: observed, tolerance: tolerance, measuring: TextMeasurer.shared)
    }

    static func check(json: String, tolerance: Double = 0.5) throws -> ConformanceResult {
        try check(try ObservedTraceFile.parse(json, file: "observed.json"), tolerance: tolerance)
    }

    struct KnownBug: Sendable, CustomTestStringConvertible {
        var file: String
        var lines: [String]
        var testDescription: String { file }
    }

    static func at(_ line: Int) -> String { "(\(scenarioPath):\(line):5)" }

    static let knownBugs: [KnownBug] = [
        // Step 1 selects Media while the header is part-way collapsed at 156 (Posts at -200:
        // 200 - 44). The model places Media under it at -(156 + 44) = -200; a container that
        // keeps Media's own offset (its top, -284) shows the header at 284 - 44 = 240: a jump.
        KnownBug(
            file: "tab-switch-jump.json",
            lines: [
                "step 1 'select: Media' \(at(17)): container.headerHeight: model 156, observed 240",
                "step 1 'select: Media' \(at(17)): container.tabs[1].contentOffsetY: model -200, observed -284",
            ]),
        // Step 3 selects Likes, 3 rows of 100 = 300 pt, under the collapsed header (91). The
        // model extends short content so Likes sits collapsed at -135; a container whose Likes
        // cannot scroll past its top keeps it at -284 and the header at 240.
        KnownBug(
            file: "short-content.json",
            lines: [
                "step 3 'select: Likes' \(at(19)): container.headerHeight: model 91, observed 240",
                "step 3 'select: Likes' \(at(19)): container.tabs[2].contentOffsetY: model -135, observed -284",
            ]),
        // Step 5 scrolls Media to the top and the header shows. Posts keeps -200 (step 0) and
        // Likes -135 (step 3) in the model; a container that resets them shows both at -284.
        KnownBug(
            file: "offsets-reset.json",
            lines: [
                "step 5 'scrollToTop: {}' \(at(21)): container.tabs[0].contentOffsetY: model -200, observed -284",
                "step 5 'scrollToTop: {}' \(at(21)): container.tabs[2].contentOffsetY: model -135, observed -284",
            ]),
        // Posts at 400 under the collapsed header shows content from 400 + 91 + 44 = 535 pt
        // down. Rotated to landscape (header in a side column, contentInsetTop 32) the model
        // keeps that row on top: 535 - 32 = 503; back in portrait 535 - 135 = 400 and the
        // header stays at 91. A container that loses the offset shows -32, then -284 with the
        // header at 240 (the offset's later divergence is not repeated).
        KnownBug(
            file: "rotation-loses-offset.json",
            lines: [
                "step 8 'rotate: landscape' \(at(24)): container.tabs[0].contentOffsetY: model 503, observed -32",
                "step 9 'rotate: portrait' \(at(25)): container.headerHeight: model 91, observed 240",
            ]),
    ]

    @Test(arguments: knownBugs)
    func eachKnownBugDivergesAtItsStepAndField(bug: KnownBug) throws {
        let observed = try ObservedTraceFile.load(path: Fixtures.root.appendingPathComponent("Examples/conformance/\(bug.file)").path)
        let result = try Self.check(observed)
        #expect(!result.conforms)
        #expect(
            result.divergences.map(\.line).map { $0.replacingOccurrences(of: Self.scenarioURL.path, with: Self.scenarioPath) } == bug.lines)
    }

    /// Recorded from the model: 10 steps, each with safeArea's 4 insets, 2 size classes,
    /// headerHeight, tabBarTop, selectedTab, 3 numbers for each of 3 tabs and presentation
    /// (null): 4 + 2 + 3 + 9 + 1 = 19 fields, 190 values.
    @Test func theTraceRecordedFromTheModelConforms() throws {
        let observed = try ObservedTraceFile.load(
            path: Fixtures.root.appendingPathComponent("Examples/conformance/recorded-from-model.json").path)
        let result = try Self.check(observed)
        #expect(result.conforms)
        #expect(result.steps == 10)
        #expect(result.paths.count == 19)
        #expect(result.compared == 190)
    }

    static func state(_ state: String, step: Int = 0) -> String {
        "{\"scenario\": \"profile\", \"steps\": [{\"index\": \(step), \"state\": \(state)}]}"
    }

    /// Points within the tolerance; indexes exactly; a fraction within 0.01; strings exactly.
    @Test func tolerancesPerKindOfField() throws {
        // Step 0: the header at 156 (offset -200); 156.4 is 0.4 away.
        #expect(try Self.check(json: Self.state("{\"container\": {\"headerHeight\": 156.4}}")).conforms)
        #expect(try !Self.check(json: Self.state("{\"container\": {\"headerHeight\": 156.4}}"), tolerance: 0.3).conforms)
        // selectedTab is an index: 0.4 away is a different tab however wide the tolerance.
        #expect(try !Self.check(json: Self.state("{\"container\": {\"selectedTab\": 0.4}}"), tolerance: 10).conforms)
        // collapseProgress at 156: (240 - 156) / (240 - 91) = 84 / 149 = 0.5638; 0.56 is within
        // 0.01, 0.55 is not, whatever the tolerance in points.
        #expect(try Self.check(json: Self.state("{\"container\": {\"collapseProgress\": 0.56}}")).conforms)
        #expect(try !Self.check(json: Self.state("{\"container\": {\"collapseProgress\": 0.55}}"), tolerance: 10).conforms)
        #expect(try !Self.check(json: Self.state("{\"traits\": {\"horizontalSizeClass\": \"regular\"}}")).conforms)
    }

    /// A presentation the model does not have is a divergence, not a refusal.
    @Test func aPresentationTheModelDoesNotHaveDiverges() throws {
        let result = try Self.check(json: Self.state("{\"presentation\": {\"style\": \"pageSheet\"}}"))
        #expect(result.divergences.map(\.path) == ["presentation"])
        #expect(result.divergences.first?.model == "null")
        #expect(result.divergences.first?.observed == "{\"style\": \"pageSheet\"}")
    }

    /// A step written in a flow list is quoted alone, without its neighbours or the braces: its
    /// place is its key, column 9 + 20 (`{scroll: {to: -200}}`) + 3 (`, {`) = 32.
    @Test func aFlowListStepIsQuotedAlone() throws {
        let text = """
            name: flow
            device: iphone-14
            container:
              header: {height: 240, minHeight: 44}
              tabs: [{title: Posts, rows: 40, rowHeight: 100}, {title: Media, rows: 20, rowHeight: 100}]
            steps: [{scroll: {to: -200}}, {select: Media}, {snapshot: s}]  # three steps

            """
        let scenario = try ScenarioParser.parse(text, file: "flow.yaml", defaultName: "flow")
        // Step 1 in the model: Media under the header at 156, offset -(156 + 44) = -200.
        let observed = try ObservedTraceFile.parse(
            Self.state("{\"container\": {\"tabs\": [{}, {\"contentOffsetY\": -284}]}}", step: 1)
                .replacingOccurrences(of: "profile", with: "flow"), file: "o.json")
        let result = try Conformance.check(scenario, source: text, observed: observed, tolerance: 0.5, measuring: TextMeasurer.shared)
        #expect(
            result.divergences.map(\.line) == [
                "step 1 'select: Media' (flow.yaml:6:32): container.tabs[1].contentOffsetY: model -200, observed -284"
            ])
    }

    /// Hostile observed files: nesting deeper than the format's 16 levels, and YAML aliases that
    /// would repeat a value more often than the text writes it, are refused before any walk.
    @Test func deepNestingAndAliasesAreRefused() throws {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: ScenarioError.self) { try ObservedTraceFile.parse(deep, file: "o.json") }
        do {
            _ = try ObservedTraceFile.parse(deep, file: "o.json")
        } catch {
            #expect(error.description.hasPrefix("o.json:1:17: error: values are nested more than 16 deep"))
        }
        // 9 levels of 9 aliases each: 9^9 values from a text of about 300 bytes.
        var lines = ["a0: &a0 [1]"]
        for level in 1...9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        #expect(throws: ScenarioError.self) { try ObservedTraceFile.parse(lines.joined(separator: "\n"), file: "o.yaml") }
    }

    /// Files not of the format, each refused with exit 2, one located line and nothing on stdout.
    @Test func refusalsAreOneLocatedLineWithExitTwo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            (
                Self.state("{\"container\": {\"headerHight\": 1}}"),
                "o.json:1:72: error: unknown field 'container.headerHight' at step 0: the model's state has no such field there; did you mean 'headerHeight'?"
            ),
            (
                Self.state("{\"container\": {\"headerHeight\": \"1\"}}"),
                "o.json:1:88: error: 'container.headerHeight' at step 0 must be a number, as in the model's state, found a string"
            ),
            (Self.state("{}", step: 10), "o.json:1:45: error: step 10 does not exist: the scenario 'profile' has 10 step(s)"),
            (
                Self.state("{\"container\": {\"tabs\": [{}, {}, {}, {}]}}"),
                "o.json:1:80: error: 'container.tabs' has 4 entries at step 0, the model's has 3"
            ),
            // A field at the wrong level names where the model keeps it.
            (
                Self.state("{\"headerHeight\": 156}"),
                "o.json:1:58: error: unknown field 'headerHeight' at step 0: the model's state has no such field there; it is 'container.headerHeight' in the model's state"
            ),
            (
                Self.state("{\"container\": {\"contentOffsetY\": -284}}"),
                "o.json:1:72: error: unknown field 'container.contentOffsetY' at step 0: the model's state has no such field there; it is 'container.tabs[N].contentOffsetY' in the model's state"
            ),
            (
                Self.state("{\"appTabBar\": {\"minimized\": false}}"),
                "o.json:1:58: error: unknown field 'appTabBar' at step 0: the model's state has no such field there"
            ),
            (
                "{\"scenario\": \"x-profile\", \"steps\": []}",
                "o.json:1:14: error: the observed trace is of scenario 'x-profile', not 'profile'"
            ),
            (
                "{\"scenario\": \"profile\", \"steps\": [{\"index\": 0, \"state\": {}}, {\"index\": 0, \"state\": {}}]}",
                "o.json:1:72: error: step 0 is observed twice"
            ),
            (
                "{\"scenario\": \"profile\", \"step\": []}",
                "o.json:1:25: error: unknown key 'step' in the observed trace; did you mean 'steps'?"
            ),
            (
                "{\"scenario\": \"profile\", \"steps\": [{\"index\": -1, \"state\": {}}]}",
                "o.json:1:45: error: 'index' must be a whole number from 0, found -1"
            ),
        ]
        for (text, start) in cases {
            try text.write(to: folder.appendingPathComponent("o.json"), atomically: true, encoding: .utf8)
            let result = try CommandLineTests().tabstage(["conform", Self.scenarioURL.path, "o.json"], in: folder)
            #expect(result.status == 2, "\(text): \(result.stderr)")
            #expect(result.stderr.hasPrefix(start), "\(text)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func theCommandExitsOneWithTheDivergencesAndZeroWhenAllAgree() throws {
        let root = Fixtures.root
        let failing = try CommandLineTests().tabstage(["conform", Self.scenarioPath, "Examples/conformance/short-content.json"], in: root)
        #expect(failing.status == 1)
        #expect(
            failing.stdout.split(separator: "\n").map(String.init) == Self.knownBugs[1].lines + [
                // Step 2: headerHeight, selectedTab, tabs[1]; step 3 the same and tabs[2]: 3 + 4 = 7 values of 4 fields.
                "profile: 2 field(s) diverge from the model; 7 value(s) of 4 field(s) at 2 step(s) compared within 0.5 pt"
            ])
        let json = try CommandLineTests().tabstage(
            ["conform", Self.scenarioPath, "Examples/conformance/short-content.json", "--json"], in: root)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["conforms"] as? Bool == false)
        #expect(object?["compared"] as? Int == 7)
        let first = (object?["divergences"] as? [[String: Any]])?.first
        #expect(first?["path"] as? String == "container.headerHeight")
        #expect(first?["model"] as? Int == 91)
        #expect(first?["observed"] as? Int == 240)
        let passing = try CommandLineTests().tabstage(
            ["conform", Self.scenarioPath, "Examples/conformance/recorded-from-model.json"], in: root)
        #expect(passing.status == 0)
        #expect(
            passing.stdout.hasPrefix("profile: 190 value(s) of 19 field(s) at 10 step(s) agree with the model within 0.5 pt: safeArea.top,")
        )
        let refused = try CommandLineTests().tabstage(["conform", Self.scenarioPath, "x.json", "--tolerance", "-1"], in: root)
        #expect(refused.status == 2)
    }

    /// The Swift API builds the same file a UI test writes, reads it back, and checks it.
    @Test func observedTraceWritesReadsAndConforms() throws {
        var trace = ObservedTrace(scenario: "profile")
        var state = ObservedState()
        state.headerHeight = 156  // step 0: offset -200, 200 - 44
        state.selectedTab = 0
        state.setTab(0, contentOffsetY: -200, contentInsetTop: 284)
        trace.append(step: 0, state)
        var media = ObservedState()
        media.setTab(1, contentOffsetY: -200)  // step 1: placed under the header, -(156 + 44)
        media["presentation"] = .null
        trace.append(step: 1, media)
        #expect(
            trace.json == """
                {
                  "scenario": "profile",
                  "steps": [
                    {
                      "index": 0,
                      "state": {
                        "container": {
                          "headerHeight": 156,
                          "selectedTab": 0,
                          "tabs": [
                            {"contentOffsetY": -200, "contentInsetTop": 284}
                          ]
                        }
                      }
                    },
                    {
                      "index": 1,
                      "state": {
                        "container": {
                          "tabs": [
                            {},
                            {"contentOffsetY": -200}
                          ]
                        },
                        "presentation": null
                      }
                    }
                  ]
                }

                """)
        let read = try ObservedTrace(json: trace.json)
        #expect(read.steps.map(\.index) == [0, 1])
        #expect(read.steps[0].state.headerHeight == 156)
        #expect(read.steps[1].state["container.tabs[1].contentOffsetY"] == .number(-200))
        #expect(assertConforms(trace, to: Self.scenarioURL))

        var jump = trace
        jump.steps[1].state.setTab(1, contentOffsetY: -284)
        withKnownIssue("Media kept its own offset: a jump") {
            #expect(!assertConforms(jump, to: Self.scenarioURL))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("step 1 'select: Media' (")
                    && $0.rawValue.contains("container.tabs[1].contentOffsetY: model -200, observed -284")
            }
        }
        state.headerHeight = nil
        #expect(state["container.headerHeight"] == nil)
    }

    /// A scenario with variants is conformed variant by variant: OBSERVED is a folder holding
    /// `<variant>.json` for each, the output is grouped by variant, and a missing file is refused.
    /// Both variants scroll to -200 with a 240 pt header and a 44 pt tab bar: the header is at
    /// 200 − 44 = 156 in light and dark alike, so dark's observed 240 diverges.
    @Test func eachVariantIsConformedToItsOwnObservedTrace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CommandLineTests()
        try cli.write(
            """
            name: v
            device: iphone-14
            container:
              header: {height: 240, minHeight: 44}
              tabs: [{title: Posts, rows: 40, rowHeight: 100}, {title: Media, rows: 20, rowHeight: 100}]
            steps:
              - scroll: {to: -200}
            variants: {appearance: [light, dark]}

            """, "v.yaml", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("obs"), withIntermediateDirectories: true)
        func observe(_ variant: String, headerHeight: Int) throws {
            let json =
                "{\"scenario\": \"v@\(variant)\", \"steps\": [{\"index\": 0, \"state\": {\"container\": {\"headerHeight\": \(headerHeight)}}}]}"
            try cli.write(json, "obs/\(variant).json", in: folder)
        }
        try observe("light", headerHeight: 156)

        // dark.json is missing: refused before anything is compared.
        let missing = try cli.tabstage(["conform", "v.yaml", "obs"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(
            missing.stderr.contains("error: no observed trace for variant 'dark' of 'v': obs/dark.json does not exist"), "\(missing.stderr)"
        )

        try observe("dark", headerHeight: 240)
        let both = try cli.tabstage(["conform", "v.yaml", "obs"], in: folder)
        #expect(both.status == 1, "\(both.stderr)")
        #expect(
            both.stdout == """
                v@light: 1 value(s) of 1 field(s) at 1 step(s) agree with the model within 0.5 pt: container.headerHeight
                v@dark: step 0 'scroll: {to: -200}' (v.yaml:7:5): container.headerHeight: model 156, observed 240
                v@dark: 1 field(s) diverge from the model; 1 value(s) of 1 field(s) at 1 step(s) compared within 0.5 pt
                v: 1 of 2 variant(s) diverge from the model (v@dark)

                """)

        // One file for a scenario with variants: refused, naming the folder's files and --variant.
        let file = try cli.tabstage(["conform", "v.yaml", "obs/light.json"], in: folder)
        #expect(file.status == 2)
        #expect(file.stderr.contains("'v' has 2 variants, so the observed trace must be a folder holding one trace per variant"))
        // --variant takes that variant's file, or its file in the folder.
        let light = try cli.tabstage(["conform", "v.yaml", "obs/light.json", "--variant", "light"], in: folder)
        #expect(light.status == 0, "\(light.stderr)")
        #expect(light.stdout.hasSuffix("v: 1 variant(s) agree with the model\n"))
        let dark = try cli.tabstage(["conform", "v.yaml", "obs", "--variant", "dark"], in: folder)
        #expect(dark.status == 1 && !dark.stdout.contains("v@light"))
        // A trace of the scenario's own name is not a variant's.
        try cli.write(
            "{\"scenario\": \"v\", \"steps\": []}", "plain.json", in: folder)
        let plain = try cli.tabstage(["conform", "v.yaml", "plain.json", "--variant", "dark"], in: folder)
        #expect(plain.status == 2 && plain.stderr.contains("the observed trace is of scenario 'v', not 'v@dark'"))

        // From Swift, the trace's scenario name picks the variant; a trace naming none is refused.
        let parsed = try ScenarioLoader.load(path: folder.appendingPathComponent("v.yaml").path)
        let darkTrace = try ObservedTraceFile.load(path: folder.appendingPathComponent("obs/dark.json").path)
        #expect(try Conformance.target(parsed, observed: darkTrace).name == "v@dark")
        #expect(throws: ScenarioError.self) {
            try Conformance.target(parsed, observed: try ObservedTraceFile.parse("{\"scenario\": \"v\", \"steps\": []}", file: "o.json"))
        }

        // --json groups by variant; --report puts each variant's pictures and test suite in one page.
        let json = try cli.tabstage(["conform", "v.yaml", "obs", "--json", "--report", "r"], in: folder)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == "v" && object["conforms"] as? Bool == false)
        let variants = try #require(object["variants"] as? [[String: Any]])
        #expect(variants.map { $0["variant"] as? String } == ["light", "dark"])
        #expect(variants.map { $0["conforms"] as? Bool } == [true, false])
        #expect(variants.map { $0["scenario"] as? String } == ["v@light", "v@dark"])
        let junit = try String(contentsOf: folder.appendingPathComponent("r/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"v@light\" tests=\"1\" failures=\"0\">"))
        #expect(junit.contains("<testsuite name=\"v@dark\" tests=\"1\" failures=\"1\">"))
        for name in ["model", "observed", "diff"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r/steps/dark-0.\(name).png").path))
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r/charts/dark-1.svg").path))
    }
}
