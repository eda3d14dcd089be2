import Foundation
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// `frameStates` in the trace, worked out from the deceleration formula by hand:
/// position(t) = v·(e^(k·t) − 1)/k and velocity(t) = v·e^(k·t) with k = 1000·ln 0.998.
@Suite struct FrameStateTests {
    func steps(_ steps: [String], frames: Bool) throws -> [[String: Any]] {
        let text = try Trace.text(
            try Fixtures.parse(Fixtures.yaml(extra: "fps: 10", steps: steps)), frames: frames, measuring: TextMeasurer.shared)
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        return json["steps"] as! [[String: Any]]
    }

    @Test func aFlingRecordsEveryFrameWithExactTimes() throws {
        let steps = try steps(["- scroll: {to: 0}", "- release: {velocity: 1000}", "- snapshot: end"], frames: true)
        let release = steps[1]
        // The fling stops when |v| falls to 0.5 pt/s: ln(0.5/1000)/k = 3.797 s, so 38 frames at 10 fps.
        #expect(release["frames"] as? Int == 38)
        let frames = try #require(release["frameStates"] as? [[String: Any]])
        #expect(frames.count == 38)
        #expect(frames.map { $0["time"] as! Double } == (1...38).map { Double($0) / 10 })
        #expect(
            Array(frames[0].keys).sorted() == ["collapseProgress", "contentOffsetY", "headerHeight", "tabBarOffsetX", "time", "velocity"])
        #expect(abs(frames[0]["contentOffsetY"] as! Double - 90.6259) < 0.0001)
        #expect(abs(frames[0]["velocity"] as! Double - 818.5668) < 0.0001)
        #expect(abs(frames[1]["contentOffsetY"] as! Double - 164.8092) < 0.0001)
        #expect(abs(frames[1]["velocity"] as! Double - 670.0516) < 0.0001)
        // Offset 0 is already past the collapse: the header stays at its 44 pt minimum under the
        // 47 pt status bar throughout.
        #expect(frames.allSatisfy { $0["headerHeight"] as? Double == 91 && $0["collapseProgress"] as? Double == 1 })
        // The last frame is the resting one, no longer moving: y0 − v/k = −1000/(1000·ln 0.998)
        // = 499.49983…, which the trace writes with 4 decimals (499.4998): within 0.00005.
        #expect(abs(frames[37]["contentOffsetY"] as! Double - -1 / log(0.998)) <= 0.00005)
        #expect(frames[37]["contentOffsetY"] as? Double == 499.4998)
        #expect(frames[37]["velocity"] as? Double == 0)
        // Steps that are not physics carry no frameStates, snapshots included.
        #expect(steps[0]["frameStates"] == nil && steps[2]["frameStates"] == nil)
    }

    @Test func framesAreOnlyWrittenWhenAsked() throws {
        let steps = try steps(["- scroll: {to: 0}", "- release: {velocity: 1000}"], frames: false)
        #expect(steps[1]["frames"] as? Int == 38)
        #expect(steps[1]["frameStates"] == nil)
    }

    @Test func everyStepRecordsItsSourceLocation() throws {
        // Fixtures.yaml: device, fps, container, header, tabs, three tabs and `steps:` are lines
        // 1–9; each step is indented by 2, its value after "- ".
        let steps = try steps(["- scroll: {to: 0}", "- select: Media", "- snapshot: end"], frames: false)
        #expect(steps.map { $0["line"] as? Int } == [10, 11, 12])
        #expect(steps.map { $0["column"] as? Int } == [5, 5, 5])
    }

    @Test func aBounceMovesBackTowardsItsBound() throws {
        // Pulled 100 pt past the top (−264), the bounce moves the offset back up: velocity > 0
        // while the overshoot shrinks, and it settles on the bound.
        let steps = try steps(["- drag: {dy: -100}", "- release: {velocity: 0}"], frames: true)
        let frames = try #require(steps[1]["frameStates"] as? [[String: Any]])
        let offsets = frames.map { $0["contentOffsetY"] as! Double }
        #expect(offsets.first! < -264 && offsets.last! == -264)
        #expect(frames.dropLast().allSatisfy { ($0["velocity"] as! Double) > 0 })
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
