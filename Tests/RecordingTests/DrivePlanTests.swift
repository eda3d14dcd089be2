import Foundation
import TabStageDriver
import TabStageRecording
import TabStageScenario
import TabStageTestSupport
import Testing

/// The plan file is the contract between tabstage and an iOS test: written by the planner,
/// read back by TabStageDriver alone, it drives a container to the very trace `check()` records;
/// read from an attacker, it is one located error, never a crash.
@Suite struct DrivePlanTests {
    /// `physics.yaml`'s plan as JSON to change: three tabs (Posts, Media, Likes) and 22 steps,
    /// step 18 `scroll: {to: 300, animated: true}`, step 20 a tap on Likes (tab 2).
    static func physicsPlan() throws -> [String: Any] {
        let plan = try ScenarioDriver(scenario: "Examples/physics.yaml").plan
        return try #require(try JSONSerialization.jsonObject(with: plan.json) as? [String: Any])
    }

    /// The plan file `body` is, written to a temporary folder and read back: the error's line.
    static func refusal(_ body: Data, name: String = "attack.plan.json") throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try body.write(to: url)
        do {
            _ = try DrivePlan.read(from: url)
        } catch {
            let line = error.description
            #expect(line.hasPrefix(url.path + ": error: "), "\(line)")
            #expect(!line.contains("\n"))
            return String(line.dropFirst((url.path + ": error: ").count))
        }
        Issue.record("the plan was read")
        return ""
    }

    static func refusal(_ plan: [String: Any]) throws -> String {
        try refusal(try JSONSerialization.data(withJSONObject: plan))
    }

    static func step(_ plan: inout [String: Any], _ index: Int, _ change: (inout [String: Any]) -> Void) {
        var steps = plan["steps"] as! [[String: Any]]
        change(&steps[index])
        plan["steps"] = steps
    }

    @MainActor @Test func aPlanWrittenAndReadBackDrivesTheModelsContainerToCheckTrace() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = try RecordingTests.examples()
        for (i, (path, variant)) in runs.enumerated() {
            let driver = try ScenarioDriver(scenario: path, variant: variant)
            let url = folder.appendingPathComponent("\(i).plan.json")
            try driver.plan.write(to: url)
            let read = try DrivePlan.read(from: url)
            #expect(read == driver.plan, "\(path) \(variant ?? "")")
            let fromFile = try await read.play(driving: try ModelContainer(scenario: driver.scenario))
            let direct = try await driver.record(driving: try ModelContainer(scenario: driver.scenario))
            #expect(fromFile.json == direct.json, "\(path) \(variant ?? "")")
            // And what check() compares at tolerance 0 agrees for the trace the file drove.
            _ = try driver.check(fromFile, tolerance: 0)
        }
    }

    @Test func thePlanCarriesWhatTheRecordingNeedsUpFront() throws {
        let plan = try ScenarioDriver(scenario: "Examples/physics.yaml").plan
        #expect(plan.version == 1)
        #expect(plan.scenarioFile == "Examples/physics.yaml")
        #expect(plan.tabs == ["Posts", "Media", "Likes"])
        #expect(plan.steps.map(\.index) == Array(0..<plan.steps.count))
        // physics.yaml's device is an iPhone 15 in portrait: 393 × 852 pt.
        #expect(plan.window == DrivenSize(width: 393, height: 852))
        #expect(plan.steps[18].action == .scroll(to: 300, animated: true))
        #expect(plan.steps.allSatisfy { $0.line >= 1 && $0.location.contains(":\($0.line):") })
        // Two plans of one scenario are the same bytes.
        #expect(try ScenarioDriver(scenario: "Examples/physics.yaml").plan.json == plan.json)
    }

    @Test func aPlanOfAnotherVersionIsNamedAsSuch() throws {
        var plan = try Self.physicsPlan()
        plan["version"] = 2
        #expect(
            try Self.refusal(plan)
                == "version: the plan is version 2 (expected version 1: write the plan again with this release's 'tabstage plan')")
    }

    @Test func anUnknownActionNamesItsStepAndTheKinds() throws {
        var plan = try Self.physicsPlan()
        Self.step(&plan, 3) { $0["action"] = ["kind": "fly"] }
        #expect(
            try Self.refusal(plan)
                == "steps[3].action.kind: the action 'fly' is not one a plan has (expected one of scroll, scrollBy, scrollToTop, "
                + "select, swipe, drag, release, wait, rotate, resize, setHeader, present, selectDetent, dismiss)")
    }

    @Test func aTabPastTheLastIsRefused() throws {
        var plan = try Self.physicsPlan()
        Self.step(&plan, 20) { $0["action"] = ["kind": "select", "tab": 3, "animated": true] }
        // Three tabs: indexes 0 to 2.
        #expect(
            try Self.refusal(plan) == "steps[20].action.tab: the plan names tab 3 (expected an index from 0 to 2: the plan lists 3 tab(s))")
    }

    @Test func hugeCountsAreRefusedBeforeAnythingIsDriven() throws {
        var plan = try Self.physicsPlan()
        Self.step(&plan, 20) { $0["action"] = ["kind": "select", "tab": 1e20, "animated": true] }
        // 1e20 is above Int.max (about 9.2e18): not an index.
        let huge = try Self.refusal(plan)
        #expect(
            huge
                == "steps[20].action.tab: the plan has 1e+20 (expected a finite number within the plan format's ranges (points within ±409600))"
        )

        var many = try Self.physicsPlan()
        let first = (many["steps"] as! [[String: Any]])[0]
        many["steps"] = (0..<10_001).map { index in first.merging(["index": index]) { $1 } }
        #expect(try Self.refusal(many) == "steps: the plan lists 10001 steps (expected at most 10000 steps)")

        var tabs = try Self.physicsPlan()
        tabs["tabs"] = [String]()
        #expect(try Self.refusal(tabs) == "tabs: the plan lists 0 tabs (expected 1 to 1000 tab titles)")

        // 16 MiB = 16,777,216 bytes; one more is refused unread.
        let big = Data(repeating: UInt8(ascii: " "), count: (16 << 20) + 1)
        #expect(
            try Self.refusal(big)
                == "the plan file is larger than 16777216 bytes (expected a plan written by 'tabstage plan' (at most 10000 steps))")
    }

    @Test func nonFiniteAndOutOfRangeNumbersNameTheirField() throws {
        let plan = try Self.physicsPlan()
        // JSON has no infinity: 1e999 is the nearest a file can write.
        var text = String(decoding: try JSONSerialization.data(withJSONObject: plan, options: [.sortedKeys]), as: UTF8.self)
        let scroll = "\"kind\":\"scroll\",\"to\":300"
        #expect(text.contains(scroll))
        text = text.replacingOccurrences(of: scroll, with: "\"kind\":\"scroll\",\"to\":1e999")
        let infinite = try Self.refusal(Data(text.utf8))
        #expect(
            infinite
                == "steps[18].action.to: the plan has 1e999 (expected a finite number within the plan format's ranges (points within ±409600))"
        )

        var far = plan
        Self.step(&far, 18) { $0["action"] = ["kind": "scroll", "to": 409_601, "animated": true] }
        // ±409,600 pt: a hundred windows of 4,096 pt.
        #expect(
            try Self.refusal(far) == "steps[18].action.to: the plan has 409601 (expected a number of points from -409600 to 409600)")

        var window = plan
        window["window"] = ["width": 0, "height": 844]
        #expect(
            try Self.refusal(window) == "window.width: the plan has 0 (expected a window side above 0 and at most 4096 points)")
    }

    @Test func stepIndicesMustRise() throws {
        var plan = try Self.physicsPlan()
        Self.step(&plan, 2) { $0["index"] = 1 }
        #expect(
            try Self.refusal(plan)
                == "steps[2].index: step index 1 follows 1 (expected an index above 1 and below 10000: each step's index in the scenario, rising)"
        )
        var negative = try Self.physicsPlan()
        Self.step(&negative, 0) { $0["index"] = -1 }
        #expect(try Self.refusal(negative).hasPrefix("steps[0].index: step index -1 follows nothing"))
    }

    @Test func aMissingFieldOrNotJSONIsOneLine() throws {
        var plan = try Self.physicsPlan()
        plan.removeValue(forKey: "window")
        #expect(try Self.refusal(plan) == "window: the field is missing (expected a plan written by 'tabstage plan')")
        #expect(try Self.refusal(Data("{\"version\": 1,".utf8)) == "the plan is not JSON (expected a plan written by 'tabstage plan')")
    }

    /// The driver writes the scenario format's limits out (it links nothing of the model): each
    /// must be the model's own.
    @Test func theDriversLimitsAreTheScenarioFormats() {
        #expect(ObservationLimits.maxWindowSide == ScenarioLimits.maxWindowSide)
        #expect(ObservationLimits.maxContentHeight == Double(ScenarioLimits.maxRows) * ScenarioLimits.maxWindowSide)
        #expect(ObservationLimits.displayScales == ScenarioLimits.minScale...ScenarioLimits.maxScale)
        #expect(ObservationLimits.maxTabs == ScenarioLimits.maxTabs)
        #expect(ObservationLimits.maxSteps == ScenarioLimits.maxSteps)
        #expect(ObservationLimits.maxWaitSeconds == ScenarioParser.maxWaitSeconds)
        #expect(ObservationLimits.maxVelocity == ScenarioParser.maxVelocity)
    }
}
