import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// `scroll {animated: true}`, `scrollToTop {animated: true}`, a tap on the selected tab and
/// `wait`, checked frame by frame. The container on an iPhone 14: the top is offset
/// −264 (header 220 + tab bar 44).
@Suite struct AnimatedStepTests {
    /// Every frame's offset of the selected tab, and the step records.
    func frames(_ steps: [String], fps: Int = 60) throws -> (offsets: [Double], records: [StepRecord]) {
        let scenario = try Fixtures.parse(Fixtures.yaml(extra: "fps: \(fps)", steps: steps))
        var offsets: [Double] = []
        _ = try ScenarioRunner.run(
            scenario, measuring: FixedAdvanceMeasurer(), frames: { _, state in offsets.append(state.container.selectedOffset) })
        return (offsets, try ScenarioRunner.records(scenario, measuring: FixedAdvanceMeasurer()))
    }

    @Test func animatedScrollEndsExactlyAtItsTargetAfterTheDuration() throws {
        let (offsets, records) = try frames(["- scroll: {to: 0, animated: true}"])
        // 0.3 s at 60 fps: 18 frames, the last exactly on the target.
        #expect(EasedScroll.duration == 0.3)
        #expect(offsets.count == 18)
        #expect(records[0].frames == 18)
        #expect(offsets.last == 0)
        #expect(records[0].state.container.selectedOffset == 0)
        #expect(!records[0].state.container.isAnimating)
        // Frame 9 is half the time; ease-in-out is half way then: −264 + 132.
        expectClose(offsets[8], -132)
        #expect(offsets == offsets.sorted())
        #expect(offsets.first! > -264)
    }

    @Test func theCurveIsEaseInOut() throws {
        // At 20 fps the 6 frames fall on thirds of the time. CSS's cubic-bezier(0.42, 0, 0.58, 1)
        // (UIKit's easeInEaseOut) gives 0.23177 at a third, 0.5 at a half and 0.76823 at two thirds.
        let (offsets, _) = try frames(["- scroll: {to: 0, animated: true}"], fps: 20)
        #expect(offsets.count == 6)
        expectClose(offsets[1], -264 + 264 * 0.231775, 1e-3)
        expectClose(offsets[2], -132)
        expectClose(offsets[3], -264 + 264 * 0.768225, 1e-3)
        #expect(offsets[5] == 0)
        // A quarter of the way in: 0.12916 (the published ease-in-out value).
        expectClose(EasedScroll.easeInOut(0.25), 0.129162, 1e-5)
        #expect(EasedScroll.frameCount(fps: 60) == 18)
        #expect(EasedScroll.frameCount(fps: 7) == 3)  // 2.1 frames round up
    }

    @Test func frameCountAtAnOddRateRoundsUp() throws {
        let (offsets, _) = try frames(["- scroll: {to: 0, animated: true}"], fps: 7)
        #expect(offsets.count == 3)
        #expect(offsets.last == 0)
    }

    @Test func animatedScrollByAndClamping() throws {
        let by = try frames(["- scroll: {by: 100, animated: true}"])
        #expect(by.offsets.count == 18)
        #expect(by.offsets.last == -164)
        // Past the end: the target is clamped like an unanimated scroll.
        let far = try frames(["- scroll: {to: 100000, animated: true}"])
        let maxOffset = far.records[0].state.container.selectedMetrics.maxOffsetY
        #expect(far.offsets.last == maxOffset)
        #expect(far.offsets.allSatisfy { $0 <= maxOffset })
    }

    @Test func scrollToTopAnimated() throws {
        let (offsets, records) = try frames(["- scroll: {to: 500}", "- scrollToTop: {animated: true}"])
        #expect(records.map(\.frames) == [nil, 18])
        #expect(offsets.count == 18)
        #expect(offsets.last == -264)
        #expect(offsets == offsets.sorted(by: >))
        // Unanimated, as before: no frames.
        let plain = try frames(["- scroll: {to: 500}", "- scrollToTop: {animated: false}"])
        #expect(plain.offsets.isEmpty)
        #expect(plain.records[1].state.container.selectedOffset == -264)
    }

    @Test func tappingTheSelectedTabScrollsItToTheTop() throws {
        let (offsets, records) = try frames(["- scroll: {to: 500}", "- select: {tab: Posts, animated: true}"])
        #expect(records[1].frames == 18)
        #expect(offsets.last == -264)
        #expect(records[1].state.container.selectedTab == 0)
        // On another tab the tap selects it, with the no-jump rule and no animation.
        let other = try frames(["- scroll: {to: 500}", "- select: {tab: 1, animated: true}"])
        #expect(other.offsets.isEmpty)
        #expect(other.records[1].frames == 0)
        #expect(other.records[1].state.container.selectedTab == 1)
        // Collapsed header: Media goes from its top to the collapsed offset −(47 + 44 + 44).
        #expect(other.records[1].state.container.selectedOffset == -135)
        // Without animated the selected tab is left where it is.
        let plain = try frames(["- scroll: {to: 500}", "- select: {tab: Posts}"])
        #expect(plain.records[1].state.container.selectedOffset == 500)
    }

    @Test func anAnimatedScrollToWhereItIsGivesNoFrames() throws {
        let (offsets, records) = try frames(["- scroll: {to: -264, animated: true}", "- scrollToTop: {animated: true}"])
        #expect(offsets.isEmpty)
        #expect(records.map(\.frames) == [0, 0])
    }

    @Test func waitGivesSecondsTimesFPSFrames() throws {
        let (offsets, records) = try frames(["- scroll: {to: 40}", "- wait: {seconds: 0.5}", "- wait: {seconds: 0.01}"])
        #expect(records.map(\.frames) == [nil, 30, 1])  // 0.5 × 60; 0.6 of a frame rounds up
        #expect(offsets == Array(repeating: 40, count: 31))
        let slow = try frames(["- wait: {seconds: 2}"], fps: 24)
        #expect(slow.offsets.count == 48)
        #expect(ScenarioRunner.waitFrameCount(seconds: 1.5, fps: 30) == 45)
    }

    @Test func framesAreNumberedAcrossAnimatedAndWaitSteps() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(steps: [
                "- scroll: {to: 0, animated: true}", "- wait: {seconds: 0.1}", "- scrollToTop: {animated: true}",
            ]))
        var numbers: [Int] = []
        let run = try ScenarioRunner.run(scenario, measuring: FixedAdvanceMeasurer(), frames: { number, _ in numbers.append(number) })
        #expect(run.frameCount == 18 + 6 + 18)
        #expect(numbers == Array(1...42))
    }

    @Test func theTraceCountsTheFrames() throws {
        let text = try Trace.text(
            try Fixtures.parse(Fixtures.yaml(steps: ["- scroll: {to: 0, animated: true}", "- wait: {seconds: 1}"])),
            measuring: FixedAdvanceMeasurer())
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let steps = (json["steps"] as! [[String: Any]]).map { ($0["action"] as! String, $0["frames"] as? Int) }
        #expect(steps.map(\.0) == ["scroll", "wait"])
        #expect(steps.map(\.1) == [18, 60])  // ⌈0.3 × 60⌉ frames of easing, then 1 s at 60 fps
    }

    @Test func aDragStopsAnAnimatedScrollWhereItIs() {
        var state = Fixtures.apply(Fixtures.iphone14Stage(), .animatedScroll(.offset(0)))
        #expect(state.container.isAnimating)
        state = Fixtures.apply(state, .tick(seconds: 0.15))
        expectClose(state.container.selectedOffset, -132)
        state = Fixtures.apply(state, .drag(dy: 10))
        #expect(!state.container.isAnimating)
        expectClose(state.container.selectedOffset, -122)
        // Any other action puts a running animated scroll on its target first.
        var other = Fixtures.apply(Fixtures.iphone14Stage(), .animatedScroll(.offset(0)), .tick(seconds: 0.1), .select(1))
        #expect(other.container.offsets[0] == 0)
        other = Fixtures.apply(other, .select(0))
        #expect(other.container.selectedOffset == 0)
    }

    // The step is on line 10 of the fixture; columns count from the line's first space.
    @Test(arguments: [
        (
            "- wait: {seconds: 0}",
            "test.yaml:10:21: error: 'wait' of 0 seconds changes nothing (expected a time in seconds above 0 and at most 60)"
        ),
        (
            "- wait: {seconds: 61}",
            "test.yaml:10:21: error: 'steps[0].wait.seconds' is 61, out of range (expected a time in seconds above 0 and at most 60)"
        ),
        ("- wait: 2", "test.yaml:10:11: error: 'steps[0].wait' must be a mapping, found the number 2 (expected keys seconds, frames)"),
        (
            "- scroll: {to: 1, animated: yes please}",
            "test.yaml:10:31: error: 'steps[0].scroll.animated' must be true or false, found the text 'yes please' (expected true or false)"
        ),
        (
            "- select: {tab: Posts, animate: true}",
            "test.yaml:10:26: error: unknown key 'animate' in 'steps[0].select'; did you mean 'animated'? (expected one of tab, animated, frames)"
        ),
        ("- select: {animated: true}", "test.yaml:10:13: error: 'steps[0].select' is missing 'tab' (expected a tab index or title)"),
    ])
    func refusals(step: String, message: String) {
        #expect(Fixtures.refusal(Fixtures.yaml(steps: [step])) == message)
    }
}
