import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct MotionTimelineTests {
    @Test func physicsFramesTakeExactlyTheirShareOfTimeAndSnapshotsTheHold() throws {
        var frames: [MotionFrame] = []
        let total = try MotionTimeline.frames(try Fixtures.parse(flingScenario(fps: 30)), hold: 600, measuring: TextMeasurer.shared) {
            frames.append($0)
        }
        // top (held), 114 physics frames, end (held).
        #expect(frames.count == 116)
        #expect(frames.first?.kind == .snapshot(name: "top") && frames.last?.kind == .snapshot(name: "end"))
        // 114 frames at 30 fps are 3.8 s; two holds of 600 ms.
        #expect(total == 3800 + 1200)
        #expect(frames.map(\.duration).reduce(0, +) == total)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.end == $1.start })
        // Each 1/30 s frame is 33 or 34 ms, never drifting: frame n starts at round(600 + (n−1)·1000/30).
        let physics = frames.dropFirst().dropLast()
        #expect(physics.allSatisfy { $0.duration == 33 || $0.duration == 34 })
        let expectedStarts: [Int] = (0..<114).map { (n: Int) -> Int in 600 + Int((Double(n) * 1000 / 30).rounded()) }
        let starts: [Int] = physics.map(\.start)
        #expect(starts == expectedStarts)
        // The release is step 2, on line 13 (device, name, fps, container, header, tabs, three tabs, `steps:`, two steps).
        #expect(physics.allSatisfy { $0.stepIndex == 2 && $0.location.line == 13 })
    }

    @Test func sixtyFramesPerSecondAlternateSeventeenAndSixteen() throws {
        var durations: [Int] = []
        let scenario = try Fixtures.parse(
            Fixtures.yaml(extra: "fps: 60", steps: ["- drag: {dy: 10}", "- drag: {dy: 10}", "- drag: {dy: 10}"]))
        let total = try MotionTimeline.frames(scenario, hold: 600, measuring: TextMeasurer.shared) { durations.append($0.duration) }
        // Starts at 0, 16.67, 33.33 ms rounded: 0, 17, 33; the end is 50.
        #expect(durations == [17, 16, 17])
        #expect(total == 50)
    }
}

@Suite struct AnimatedWebPTests {
    static func image(_ value: UInt8) -> RGBAImage { RGBAImage(width: 4, height: 3, fill: (value, 100, 200, 255)) }

    @Test func identicalNeighboursMergeAndDurationsFollowTheStarts() throws {
        let encoder = try AnimatedWebPEncoder(width: 4, height: 3, quality: nil)
        try encoder.add(Self.image(10), start: 0)
        try encoder.add(Self.image(10), start: 100)  // the same picture: the first frame lasts longer
        try encoder.add(Self.image(90), start: 250)
        let decoded = try DecodedAnimation.decode(try encoder.finish(end: 400))
        #expect(encoder.distinctFrames == 2)
        #expect(decoded.durations == [250, 150])
        #expect(decoded.width == 4 && decoded.height == 3 && decoded.loopCount == 0)
        #expect(decoded.firstFrame == Self.image(10))  // lossless by default
    }

    @Test func refusesMisuseWithReasons() throws {
        let encoder = try AnimatedWebPEncoder(width: 4, height: 3, quality: 80)
        #expect(throws: AnimationError.self) { try encoder.add(RGBAImage(width: 2, height: 2, fill: (0, 0, 0, 255)), start: 0) }
        try encoder.add(Self.image(1), start: 10)
        #expect(throws: AnimationError.self) { try encoder.add(Self.image(2), start: 10) }
        #expect(throws: AnimationError.self) { try encoder.finish(end: 10) }
        #expect(throws: AnimationError.self) { try AnimatedWebPEncoder(width: 4, height: 3, quality: 101) }
        #expect(throws: AnimationError.self) { try DecodedAnimation.decode(Array("RIFF not a webp".utf8)) }
    }
}

@Suite struct MotionPlotTests {
    @Test func aTraceWithFramesGivesOnePointPerFrame() throws {
        let text = try Trace.text(try Fixtures.parse(flingScenario(fps: 10)), frames: true, measuring: TextMeasurer.shared)
        let (scenario, points) = try TracePoints.read(Data(text.utf8))
        #expect(scenario == "fling")
        #expect(points.count == 38)
        #expect(points.first?.time == 0.1 && points.last?.time == 3.8)
        #expect(abs(points[0].contentOffsetY - 90.6259) < 0.0001)
        let svg = MotionPlot.svg(points, title: "fling")
        // Three series, three colours, a legend naming each with its unit, and labelled axes.
        for name in ["content offset (pt)", "header height (pt)", "velocity (pt/s)", "time (s)", "points per second"] {
            #expect(svg.contains(">\(name)</text>"), "\(name)")
        }
        for colour in [MotionPlot.contentOffset.colour, MotionPlot.headerHeight.colour, MotionPlot.velocity.colour] {
            #expect(svg.contains("stroke=\"\(colour)\""))
        }
    }

    /// Without physics frames every frame's simulated time is 0, so the player page charts the
    /// held snapshots on its own timeline instead of leaving empty axes: each snapshot a flat
    /// stretch from its start to its end, the marker moving by the same clock.
    @Test func aPageWithoutPhysicsFramesChartsTheHeldSnapshots() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(extra: "name: still", steps: ["- snapshot: a", "- scroll: {to: -100}", "- snapshot: b"]))
        var page = ""
        try PlayerPage.write(scenario, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared) { page += $0 }
        let plot = try #require(
            page.range(of: "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"plot\"").map { String(page[$0.lowerBound...]) })
        #expect(plot.contains("data-t0=\"0\" data-t1=\"1.2\""), "two holds of 600 ms")
        #expect(plot.contains("data-clock=\"player\""))
        #expect(plot.contains(">time on the player&apos;s timeline (s)</text>"))  // tabstage's one XML escaper
        #expect(plot.contains("no physics frames"))
        // The content offset: −(220 + 44) for `a` from 0 to 0.6 s, −100 for `b` to 1.2 s; the
        // plot spans x 84…696, so 0.6 s is at x 390.
        let offsetPath = try #require(
            plot.components(separatedBy: "\n").first { $0.contains("stroke=\"\(MotionPlot.contentOffset.colour)\" stroke-width=\"2\"") })
        let xs = offsetPath.split(separator: "\"")[1].split(whereSeparator: { $0 == "M" || $0 == "L" }).map { $0.split(separator: " ")[0] }
        #expect(xs == ["84", "390", "390", "696"], "\(offsetPath)")
        // The page's script places the marker by the player's clock for such a chart.
        #expect(page.contains("const at = playerClock ? f.start / 1000 : f.time;"))
    }

    /// 100,000 frames over 100 s swinging between 0 and 1,000 pt every frame: each quarter-point
    /// column of the 612 pt plot (x 84…696, 2,449 columns counting both ends) holds about 41
    /// frames and keeps at most four vertices (its first, lowest, highest and last), so the
    /// line has at most 4 × 2,449 = 9,796 vertices instead of 100,000, still from the first
    /// frame to the last and still reaching both extremes.
    @Test func aLongSwingingTraceIsDrawnThinned() throws {
        let points = (1...100_000).map { frame in
            PlotPoint(time: Double(frame) / 1000, contentOffsetY: frame.isMultiple(of: 2) ? 1000 : 0, headerHeight: 0, velocity: 0)
        }
        let svg = MotionPlot.svg(points, title: "swing")
        let path = try #require(
            svg.components(separatedBy: "\n").first { $0.contains("stroke=\"\(MotionPlot.contentOffset.colour)\" stroke-width=\"2\"") })
        let vertices = path.split(separator: "\"")[1].split(whereSeparator: { $0 == "M" || $0 == "L" }).map { $0.split(separator: " ") }
        #expect(vertices.count <= 9_796 && vertices.count >= 2 * 2_448, "\(vertices.count)")
        // The first frame at 0.001 s is at x 84 + 0.001 / 99.999 × 612 = 84.006 (84.01); the last at 696.
        #expect(vertices.first?[0] == "84.01" && vertices.last?[0] == "696")
        #expect(Set(vertices.map { $0[1] }).count == 2, "both 0 and 1,000 pt drawn")
    }

    /// A chart whose columns hold at most four vertices is drawn as it was: 612 vertices 1 pt
    /// apart are all kept.
    @Test func aSparseLineIsNotThinned() {
        let vertices = (0..<612).map { (x: 84 + Double($0), y: Double($0 % 7)) }
        let kept = MotionPlot.thinned(vertices)
        #expect(kept.map(\.x) == vertices.map(\.x) && kept.map(\.y) == vertices.map(\.y))
    }

    @Test func aTraceWithoutFramesIsRefusedWithAHint() throws {
        let text = try Trace.text(try Fixtures.parse(flingScenario(fps: 10)), frames: false, measuring: TextMeasurer.shared)
        #expect(throws: TracePoints.Problem(message: "step 2 has no frameStates (expected a trace written with --frames)")) {
            try TracePoints.read(Data(text.utf8))
        }
        #expect(throws: TracePoints.Problem.self) { try TracePoints.read(Data("[1, 2]".utf8)) }
    }

    @Test func niceStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        #expect(MotionPlot.niceStep(0.3) == 0.5)
        #expect(MotionPlot.niceStep(130) == 200)
        #expect(MotionPlot.niceStep(1000) == 1000)
        #expect(MotionPlot.niceStep(0) == 1)
    }
}
