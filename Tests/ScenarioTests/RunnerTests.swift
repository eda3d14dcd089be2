import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct RunnerTests {
    func run(_ steps: [String], device: String = "iphone-14", extra: String = "") throws -> ScenarioRun {
        try ScenarioRunner.run(try Fixtures.parse(Fixtures.yaml(device: device, extra: extra, steps: steps)))
    }

    @Test func physicsStepsReportTheirFrames() throws {
        let run = try run([
            "- drag: {dy: -80}", "- release: {velocity: 0}", "- scroll: {to: 0}", "- release: {velocity: 2000}", "- snapshot: end",
        ])
        let records = try ScenarioRunner.records(run.scenario)
        // The release bounces back from 80 finger points past the top (−264): x(t) = 80·(1 + 10t)·e^(−10t)
        // shown through the rubber band s = (1 − 1/(x·0.55/844 + 1))·844, settled when s < 0.5/3.
        // At t = 46/60: x = 0.3246, s = 0.1785 (not yet); at 47/60: x = 0.2801, s = 0.1540. So 47 frames.
        #expect(records.map(\.frames) == [1, 47, nil, 249, nil])
        #expect(records[1].state.container.selectedOffset == -264)
        #expect(run.frameCount == 1 + 47 + 249)
    }

    @Test func framesAreHandedOverInOrder() throws {
        var numbers: [Int] = []
        var offsets: [Double] = []
        let scenario = try Fixtures.parse(Fixtures.yaml(steps: ["- scroll: {to: 0}", "- release: {velocity: 600}"]))
        let run = try ScenarioRunner.run(scenario) { number, state in
            numbers.append(number)
            offsets.append(state.container.selectedOffset)
        }
        #expect(numbers == Array(1...run.frameCount))
        #expect(offsets == offsets.sorted())
        #expect(offsets.last == (try ScenarioRunner.records(scenario)).last!.state.container.selectedOffset)
    }

    @Test func fpsSetsTheTick() throws {
        let slow = try run(["- scroll: {to: 0}", "- release: {velocity: 2000}"], extra: "fps: 30")
        let slowRecords = try ScenarioRunner.records(slow.scenario)
        #expect(slowRecords[1].frames == 125)  // ceil(4.1431 s × 30)
    }

    @Test func stepProblemsPointAtTheStep() {
        let text = Fixtures.yaml(
            device: "ipad-air-11", extra: "orientation: landscape\nmultitasking: half\niOSVersion: 18",
            steps: ["- snapshot: a", "- rotate: portrait"]
        )
        .replacingOccurrences(of: "\n\ncontainer", with: "\ncontainer")
        #expect(
            Fixtures.refusal(text)
                == "test.yaml:13:5: error: rotate: 'half' does not exist in portrait (portrait offers two-thirds, one-third and slide-over) (expected a resize to two-thirds, one-third or slide-over before rotating to portrait)"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- resize: half"]))
                == "test.yaml:10:5: error: resize: multitasking is iPad-only; 'iphone-14' is a phone (expected multitasking: full)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- swipe: {to: 0, progress: 0.5}"]))
                == "test.yaml:10:5: error: swipe: cannot swipe to tab 0: it is already selected (expected another tab than 0)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- setHeader: {minHeight: 200}"]))
                == "test.yaml:10:5: error: setHeader: header height 220 is less than its collapsed height 247 (expected a height of at least 247)"
        )
    }

    @Test func sizeChangesLogTheirCallbacks() throws {
        let run = try run(["- rotate: landscape", "- rotate: landscape"])
        let records = try ScenarioRunner.records(run.scenario)
        #expect(
            records[0].lifecycle.map(\.rawValue) == Lifecycle.firstDisplay.map(\.rawValue)
                + [
                    "willTransition(to:with:)", "viewWillTransition(to:with:)", "traitCollectionDidChange", "viewWillLayoutSubviews",
                    "viewDidLayoutSubviews",
                ])
        #expect(records[1].lifecycle.isEmpty)
    }

    @Test func tooManyFramesIsRefused() {
        // A fling of 100,000 pt/s decelerates for 6.1 s: 1,465 frames at 240 fps. Flinging back and
        // forth inside 100,000 pt of content, the 69th (line 8 + 68) passes the limit.
        let flings = (0..<70).map { "  - release: {velocity: \($0 % 2 == 0 ? 100000 : -100000)}" }.joined(separator: "\n")
        let text =
            "device: iphone-14\nfps: 240\ncontainer:\n  tabs:\n    - {title: Long, rows: 1000, rowHeight: 100}\nsteps:\n  - scroll: {to: 25000}\n\(flings)\n"
        #expect(
            Fixtures.refusal(text)
                == "test.yaml:76:5: error: the run needs more than 100000 physics frames (expected at most 100000 frames per run (lower fps or velocities))"
        )
    }
}

@Suite struct PhysicsStepParsingTests {
    @Test func stepsParse() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(steps: [
                "- drag: {dy: 120}", "- release: {velocity: -1800}", "- release: {}", "- swipe: {to: Likes, progress: 0.4, finish: true}",
                "- rotate: landscape", "- setHeader: {height: 200}", "- setHeader: {minHeight: 50}",
            ]))
        #expect(
            scenario.steps.map(\.kind) == [
                .action(.container(.drag(dy: 120))), .action(.container(.release(velocity: -1800))),
                .action(.container(.release(velocity: 0))),
                .action(.container(.swipe(to: 2, progress: 0.4, finish: true))), .action(.rotate(.landscape)),
                .action(.container(.setHeader(height: 200, minHeight: nil))), .action(.container(.setHeader(height: nil, minHeight: 50))),
            ])
    }

    @Test(arguments: [
        (
            "- drag: {}",
            "test.yaml:10:11: error: 'steps[0].drag' is missing 'dy' (expected how much the offset grows in points (positive scrolls the content up), e.g. {dy: 120})"
        ),
        (
            "- drag: {dy: .nan}",
            "test.yaml:10:16: error: 'steps[0].drag.dy' must be finite, found .nan (expected how much the offset grows in points, from -409600 to 409600)"
        ),
        (
            // A finite number past the limit names the limit (100 windows of the largest side).
            "- drag: {dy: -409601}",
            "test.yaml:10:16: error: 'steps[0].drag.dy' is -409601, out of range (expected how much the offset grows in points, from -409600 to 409600)"
        ),
        (
            "- release: {velocity: 1e6}",
            "test.yaml:10:25: error: 'steps[0].release.velocity' is 1000000, out of range (expected a velocity in points per second from -100000 to 100000)"
        ),
        ("- release: {speed: 3}", "test.yaml:10:15: error: unknown key 'speed' in 'steps[0].release' (expected one of velocity, frames)"),
        (
            "- swipe: {to: 1, progress: 1.5}",
            "test.yaml:10:30: error: 'steps[0].swipe.progress' is 1.5, out of range (expected a fraction from 0 to 1)"
        ),
        ("- swipe: {to: 1}", "test.yaml:10:12: error: 'steps[0].swipe' is missing 'progress' (expected a fraction from 0 to 1)"),
        ("- rotate: sideways", "test.yaml:10:13: error: 'steps[0].rotate' cannot be 'sideways' (expected one of portrait, landscape)"),
        (
            "- resize: halve",
            "test.yaml:10:13: error: 'steps[0].resize' cannot be 'halve'; did you mean 'half'? (expected one of full, two-thirds, half, one-third, slide-over)"
        ),
        ("- setHeader: {}", "test.yaml:10:16: error: 'setHeader' changes nothing (expected height, minHeight or both)"),
        ("- setHeader: {height: 0}", "test.yaml:10:25: error: 'steps[0].setHeader.height' must be above 0 (expected a number above 0)"),
    ])
    func refused(step: String, message: String) {
        #expect(Fixtures.refusal(Fixtures.yaml(steps: [step])) == message)
    }
}
