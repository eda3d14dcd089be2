import Foundation
import TabStageRecording
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageTesting
import Testing

/// Drives the in-memory containers through every example scenario: the model's own must agree
/// with the model at every recorded step, the buggy one must fail at its bug's step and field.
@Suite struct RecordingTests {
    /// Every scenario in Examples/ and Examples/conformance/, with each of its variants.
    static func examples() throws -> [(path: String, variant: String?)] {
        let folder = Fixtures.root.appendingPathComponent("Examples")
        let files =
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted().map {
                "Examples/\($0)"
            } + ["Examples/conformance/profile.yaml"]
        var runs: [(String, String?)] = []
        for file in files {
            let scenario = try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent(file).path)
            guard scenario.variants != nil else {
                runs.append((file, nil))
                continue
            }
            for variant in try ScenarioVariants.expand(scenario) {
                runs.append((file, String(variant.name.dropFirst(scenario.name.count + 1))))
            }
        }
        return runs
    }

    /// Values one recorded step of the model's container carries: window 2, safe area 4, traits 3
    /// (two size classes and the scale), header 1, tab bar 2 (top and height), selected tab 1,
    /// 4 per tab (offset, two insets, content height), and `presentation`: null is one value, a
    /// presentation 6 (style, detent, and the frame's 4).
    static func values(_ observation: ContainerObservation) -> Int {
        let presented = if case .presented? = observation.presentation { 6 } else { 1 }
        return 2 + 4 + 3 + 1 + 2 + 1 + 4 * observation.tabs.count + presented
    }

    @MainActor @Test func theModelsOwnContainerConformsAtEveryStepOfEveryExample() async throws {
        let runs = try Self.examples()
        // 28 files in Examples/, variants.yaml as its 4 variants, and Examples/conformance/profile.yaml.
        #expect(runs.count == 27 + 4 + 1)
        for (path, variant) in runs {
            let driver = try ScenarioDriver(scenario: path, variant: variant)
            let container = try ModelContainer(scenario: driver.scenario)
            let trace = try await driver.record(driving: container)
            // Tolerance 0: the in-memory container reads the model's own numbers.
            let conformed = try driver.check(trace, tolerance: 0)
            let recorded = trace.steps.compactMap(\.observation)
            #expect(recorded.count == trace.recordedSteps)
            #expect(recorded.count == driver.steps.filter(\.isRecorded).count, "\(path)")
            #expect(conformed.compared == recorded.map(Self.values).reduce(0, +), "\(path) \(variant ?? "")")
        }
    }

    /// The steps a real app cannot perform as the model does are left out by name.
    @Test func aRubberBandDragAndAHeldSwipeAreNotRecorded() throws {
        // physics.yaml: step 0 pulls down 120 pt at the top (-284): the offset goes past its
        // bound, so the model rubber-bands; step 3 drags 90 pt from the top, to -194, inside.
        // Step 9 holds a swipe at 0.4; step 11 finishes one.
        let physics = try ScenarioDriver(scenario: "Examples/physics.yaml")
        #expect(physics.steps.filter { !$0.isRecorded }.map(\.index) == [0, 9])
        #expect(physics.steps[3].comparison == .everyField)
        #expect(physics.steps[2].comparison == .restingState)  // release: {velocity: 0}
        #expect(physics.steps[7].action == .release(velocity: 2500))
        #expect(physics.steps[18].action == .scroll(to: 300, animated: true))
        #expect(physics.steps[18].comparison == .restingState)
        #expect(physics.steps[19].action == .wait(seconds: 0.25))
        #expect(physics.steps[19].comparison == .everyField)
        #expect(physics.steps[20].action == .select(tab: 2, animated: true))  // a tap on Likes
        #expect(physics.steps[20].comparison == .restingState)
        // rtl.yaml: step 1 holds a swipe at 0.35.
        #expect(try ScenarioDriver(scenario: "Examples/rtl.yaml").steps.filter { !$0.isRecorded }.map(\.index) == [1])
    }

    /// Rotations and resizes carry the window the model ends in; a named popover source its rect.
    @Test func rotationsResizesAndNamedSourcesArePlannedInWindowTerms() throws {
        // landscape.yaml starts on an iPhone 14 in landscape; step 4 turns it to portrait: 390 × 844.
        let landscape = try ScenarioDriver(scenario: "Examples/landscape.yaml")
        #expect(landscape.steps[4].action == .rotate(.portrait, window: DrivenSize(width: 390, height: 844)))
        // ipad-resize.yaml: an iPad Air 11" in landscape (1180 pt wide); `resize: half` is
        // (1180 - 10 pt divider) / 2 = 585 pt wide, the full 820 pt tall.
        let resize = try ScenarioDriver(scenario: "Examples/ipad-resize.yaml")
        #expect(resize.steps[2].action == .resize(window: DrivenSize(width: 585, height: 820), multitasking: .half))
        // ipad-windows-ios26.yaml step 1: a free window of 677 × 700.
        let windows = try ScenarioDriver(scenario: "Examples/ipad-windows-ios26.yaml")
        #expect(windows.steps[1].action == .resize(window: DrivenSize(width: 677, height: 700), multitasking: .window))
        // present-ipad.yaml step 0: `source: more` arrives as the button's rect, named.
        guard case .present(let request, let control)? = try ScenarioDriver(scenario: "Examples/present-ipad.yaml").steps[0].action else {
            Issue.record("step 0 of present-ipad.yaml is not a present")
            return
        }
        #expect(control == "more")
        #expect(request.source != nil)
        #expect(request.style == .popover)
    }

    // MARK: the known bugs

    /// The first divergence of each field, as (step, field, model, observed).
    static func divergences(_ failure: ConformanceFailure) -> [String] {
        failure.divergences.map { "\($0.step) \($0.field): model \($0.model), observed \($0.observed)" }
    }

    @MainActor func failure(_ bug: KnownBug, _ path: String) async throws -> ConformanceFailure {
        let driver = try ScenarioDriver(scenario: path)
        let trace = try await driver.record(driving: try BuggyContainer(scenario: driver.scenario, bug: bug))
        do {
            _ = try driver.check(trace)
        } catch let failure as ConformanceFailure {
            return failure
        }
        throw RecordingTestFailure("\(bug) conformed on \(path)")
    }

    @MainActor @Test func aTabSwitchThatJumpsFailsAtTheSelect() async throws {
        // Examples/profile.yaml: step 1 scrolls Posts to -200, so the header is 200 - 44 = 156
        // tall (the 44 pt tab bar under it); step 3 selects Media, whose own offset is still its top,
        // -(240 + 44) = -284. The model places Media under the header, -(156 + 44) = -200; the
        // bug puts it at -284, so the header jumps to 240 and the tab bar with it.
        // Step 5 collapses Media (offset 600): header 44 + the 47 pt safe area = 91. Step 7
        // selects Likes: the model places it at -(91 + 44) = -135, the bug at its own -284.
        // Step 9 selects Posts (own -200): the model at -135, the bug at -200.
        let failure = try await failure(.tabSwitchJumps, "Examples/profile.yaml")
        #expect(
            Self.divergences(failure) == [
                "3 container.headerHeight: model 156, observed 240",
                "3 container.tabBarTop: model 156, observed 240",
                "3 container.tabs[1].contentOffsetY: model -200, observed -284",
                "7 container.tabs[2].contentOffsetY: model -135, observed -284",
                "9 container.tabs[0].contentOffsetY: model -135, observed -200",
            ])
        #expect(failure.divergences[0].stepText == "select: Media")
    }

    @MainActor @Test func shortContentThatCannotCollapseFailsAtItsInsetAndAtTheSelect() async throws {
        // Examples/profile.yaml, Likes: 3 rows of 108 pt = 324 pt of content. To rest with the header collapsed (offset -135) its bottom inset must reach
        // 844 - 324 - 135 = 385; without the extension it is the safe area's 34, from the first
        // step on. At step 7 (select: Likes, the header collapsed at 91) the model places Likes
        // at -135; with 34 pt its largest offset is 324 + 34 - 844 = -486, under its top, so it
        // stays at its top, -284, and the header expands to 240.
        let failure = try await failure(.shortContentCannotCollapse, "Examples/profile.yaml")
        let lines = Self.divergences(failure)
        #expect(lines.first == "0 container.tabs[2].contentInsetBottom: model 385, observed 34")
        #expect(lines.contains("7 container.headerHeight: model 91, observed 240"))
        #expect(lines.contains("7 container.tabs[2].contentOffsetY: model -135, observed -284"))
        #expect(!failure.divergences.contains { (1..<7).contains($0.step) })
    }

    @MainActor @Test func anInsetThatForgetsTheTabBarFailsAtTheFirstStep() async throws {
        // Examples/app-tab-bar.yaml, an iPhone 16 Pro (874 pt tall) on iOS 26: the floating tab
        // bar's top is at 791, so the bottom inset is 874 - 791 = 83; forgetting the bar leaves
        // the safe area's 34 (83 - 49). Likes' extended 400 becomes 351. Nothing else differs.
        let failure = try await failure(.insetForgetsTabBar, "Examples/app-tab-bar.yaml")
        #expect(
            Self.divergences(failure) == [
                "0 container.tabs[0].contentInsetBottom: model 83, observed 34",
                "0 container.tabs[1].contentInsetBottom: model 83, observed 34",
                "0 container.tabs[2].contentInsetBottom: model 400, observed 351",
            ])
    }

    @MainActor @Test func anOffsetLostOnRotationFailsAtTheRotation() async throws {
        // Examples/conformance/profile.yaml: step 7 scrolls Posts to 400; step 8 turns the
        // phone to landscape, where the header moves to the side and the 32 pt tab bar is the
        // whole top inset. The model keeps the same row at the tab bar's bottom edge: in portrait
        // that edge is 91 + 44 = 135 pt down, so 400 + 135 = 535 pt into the content; in
        // landscape the edge is at 32, so the offset is 535 - 32 = 503. The bug puts Posts at
        // its top, -32.
        let failure = try await failure(.rotationLosesOffset, "Examples/conformance/profile.yaml")
        #expect(failure.divergences.first?.step == 8)
        #expect(failure.divergences.first?.field == "container.tabs[0].contentOffsetY")
        #expect(failure.divergences.first?.model == "503")
        #expect(failure.divergences.first?.observed == "-32")
        #expect(failure.divergences.first?.stepText == "rotate: landscape")
        #expect(!failure.divergences.contains { $0.step < 8 })
    }

    @MainActor @Test func aPopoverThatStaysAPopoverInACompactWindowFailsAtTheResize() async throws {
        // Examples/ipad-resize.yaml on iOS 12: step 2 resizes to half (585 pt, under the 678 pt
        // regular threshold: compact), where a popover is shown full screen, the whole window
        // (0, 0, 585, 820). The bug keeps the popover (320 × 400 pt).
        let failure = try await failure(.popoverStaysPopover, "Examples/ipad-resize.yaml")
        let lines = Self.divergences(failure)
        #expect(lines.first == "2 presentation.style: model \"fullScreen\", observed \"popover\"")
        #expect(failure.divergences.allSatisfy { $0.step == 2 })
        #expect(
            failure.divergences.map(\.field) == [
                "presentation.style", "presentation.frame.x", "presentation.frame.y", "presentation.frame.width",
                "presentation.frame.height",
            ])
        #expect(failure.divergences.map(\.model).suffix(2) == ["585", "820"])
        #expect(failure.divergences.map(\.observed).suffix(2) == ["320", "400"])
    }

    // MARK: one call

    @MainActor @Test func checkDrivesRecordsAndConformsInOneCall() async throws {
        let conformed = try await TabStageRecording.check(
            scenario: "Examples/conformance/profile.yaml",
            driving: try ModelContainer(scenario: try Self.scenario("Examples/conformance/profile.yaml")))
        // 10 steps, none skipped, 3 tabs and nothing presented: 10 × (2 + 4 + 3 + 1 + 2 + 1 + 12 + 1) = 260.
        #expect(conformed.compared == 260)
        #expect(conformed.trace.recordedSteps == 10)
    }

    @MainActor @Test func checkThrowsConformsStepAndFieldMessage() async throws {
        let path = "Examples/conformance/profile.yaml"
        let container = try BuggyContainer(scenario: try Self.scenario(path), bug: .tabSwitchJumps)
        do {
            try await TabStageRecording.check(scenario: path, driving: container)
            Issue.record("a container whose tab switch jumps conformed")
        } catch let failure as ConformanceFailure {
            // Step 1 of the conformance scenario is `select: Media` at line 17, column 5, with
            // Posts at -200: the header 156 in the model, 240 with the jump.
            let file = Fixtures.root.appendingPathComponent(path).path
            #expect(
                failure.description.hasPrefix(
                    "profile: 5 field(s) diverge from the model:\n"
                        + "  step 1 'select: Media' (\(file):17:5): container.headerHeight: model 156, observed 240\n"))
        }
    }

    @MainActor @Test func assertConformsTakesARecording() async throws {
        let path = "Examples/conformance/profile.yaml"
        let url = URL(fileURLWithPath: path)
        let trace = try await TabStageRecording.record(scenario: path, driving: try ModelContainer(scenario: try Self.scenario(path)))
        #expect(assertConforms(trace, to: url, tolerance: 0))
        #expect(await assertConforms(driving: try ModelContainer(scenario: try Self.scenario(path)), to: url))
        let buggy = try BuggyContainer(scenario: try Self.scenario(path), bug: .tabSwitchJumps)
        await withKnownIssue {
            let passed = await assertConforms(driving: buggy, to: url)
            #expect(!passed)
        }
    }

    /// The JSON a recording writes is the observed-trace format `tabstage conform` reads.
    @MainActor @Test func theRecordingsJSONIsTheObservedTraceFormat() async throws {
        let path = "Examples/conformance/profile.yaml"
        let driver = try ScenarioDriver(scenario: path)
        let trace = try await driver.record(driving: try ModelContainer(scenario: driver.scenario))
        let read = try ObservedTrace(json: trace.json)
        #expect(read.json == trace.json)
        #expect(ObservedTrace(trace).json == trace.json)
        #expect(read.steps.map(\.index) == Array(0..<10))
        #expect(read.steps[1].state.headerHeight == 156)  // -(-200) - 44
        #expect(read.steps[1].state.selectedTab == 1)
        // Likes: 3 rows of 100 pt; to rest collapsed at -135 it needs 844 - 300 - 135 = 409 below.
        #expect(read.steps[0].state["container.tabs[2].contentInsetBottom"] == .number(409))
        #expect(read.steps[0].state["presentation"] == .null)
        #expect(assertConforms(read, to: URL(fileURLWithPath: path), tolerance: 0))
    }

    static func scenario(_ path: String) throws -> Scenario {
        try ScenarioDriver(scenario: path).scenario
    }
}

struct RecordingTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
