import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// Runs a release to rest with ticks of 1/60 s; returns the final state and every frame's offset.
func settle(_ stage: StageState, velocity: Double, fps: Double = 60) -> (StageState, [Double]) {
    var state = StageState.reduce(stage, .container(.release(velocity: velocity))).0
    var frames: [Double] = []
    while state.container.isAnimating, frames.count < 100_000 {
        state = StageState.reduce(state, .container(.tick(seconds: 1 / fps))).0
        frames.append(state.container.offsets[state.container.animation?.tab ?? state.container.selectedTab])
    }
    return (state, frames)
}

/// issue 3's numbers, iphone-14, header 220/44, tab bar 44 (V = 844, min −264).
@Suite struct RubberBandTests {
    @Test func dragPastTheTopRubberBands() {
        // b = (1 − 1/(x·c/V + 1))·V = x·c·V/(V + x·c) with x = 80: 44·844/888 = 41.8198
        let stage = Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: -80))
        expectClose(stage.container.selectedOffset, -264 - 44.0 * 844 / 888)
        #expect(decimalText(stage.container.selectedOffset, decimals: 2) == "-305.82")
        #expect(stage.container.headerHeight == 220)  // pinned
        let stretch = Fixtures.apply(Fixtures.iphone14Stage(Fixtures.issueConfig(overscroll: .stretch)), .drag(dy: -80))
        expectClose(stretch.container.headerHeight, 220 + 44.0 * 844 / 888)
        #expect(decimalText(stretch.container.headerHeight, decimals: 2) == "261.82")
    }

    @Test func dragsAccumulateTheFinger() {
        let once = Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: -80))
        let twice = Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: -50), .drag(dy: -30))
        expectClose(twice.container.selectedOffset, once.container.selectedOffset)
        // Inside the bounds a drag moves the offset one for one.
        #expect(Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: 150)).container.selectedOffset == -114)
    }

    @Test func dragPastTheBottom() {
        // Posts max 2190; 20 pt to the bound, 100 beyond: b = 55·844/899
        let stage = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 2170), .drag(dy: 120))
        expectClose(stage.container.selectedOffset, 2190 + 55.0 * 844 / 899)
    }

    @Test func inverseIsExact() {
        for distance in [0.5, 10, 80, 500, 5000] {
            let shown = RubberBand.overshoot(forDistance: distance, viewport: 844)
            #expect(shown < 844)
            expectClose(RubberBand.distance(forOvershoot: shown, viewport: 844), distance, 1e-6)
        }
    }

    @Test func anotherStepLiftsTheFingerAndSettlesInBounds() {
        let stage = Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: -80), .select(1))
        #expect(stage.container.gesture == nil)
        #expect(stage.container.offsets[0] == -264)
        #expect(stage.container.offsets[1] == -264)
    }
}

@Suite struct DecelerationTests {
    @Test func flingTravelsTheDocumentedDistance() {
        // rest − start = −v / (1000·ln d): 2000 / 2.002 = 999.0 (normal), 2000 / 10.05 = 199.0 (fast)
        let (normal, normalFrames) = settle(Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 0)), velocity: 2000)
        expectClose(normal.container.selectedOffset, -2000 / (1000 * log(0.998)))
        #expect(decimalText(normal.container.selectedOffset, decimals: 1) == "999")
        // Stops when |v·d^(1000t)| < 0.5: t = ln(0.5/2000)/(1000·ln 0.998) = 4.143 s -> 249 frames at 60 fps.
        #expect(normalFrames.count == 249)
        #expect(normalFrames == normalFrames.sorted(), "a fling never reverses")

        var config = Fixtures.issueConfig()
        config.decelerationRate = .fast
        let (fast, _) = settle(Fixtures.apply(Fixtures.iphone14Stage(config), .scroll(to: 0)), velocity: 2000)
        expectClose(fast.container.selectedOffset, -2000 / (1000 * log(0.99)))
        #expect(decimalText(fast.container.selectedOffset, decimals: 1) == "199")
    }

    @Test func flingFrameFollowsTheFormula() {
        let (_, frames) = settle(Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 0)), velocity: 2000)
        // y(t) = v·(d^(1000t) − 1)/(1000·ln d) at t = 1/60
        let k = 1000 * log(0.998)
        expectClose(frames[0], 2000 * (exp(k / 60) - 1) / k)
    }

    @Test func flingIntoABoundBouncesAndSettlesOnIt() {
        let (state, frames) = settle(Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 1800)), velocity: 3000)
        #expect(state.container.selectedOffset == 2190)
        #expect(frames.max()! > 2190, "it overshoots the bound")
        #expect(frames.max()! < 2190 + 844, "inside the rubber-band envelope")
        #expect(frames.last == 2190)
    }

    @Test func releaseOutOfBoundsBouncesBack() {
        let (state, frames) = settle(Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: -80)), velocity: 0)
        #expect(state.container.selectedOffset == -264)
        #expect(frames.allSatisfy { $0 <= -264 && $0 > -264 - 844 })
        #expect(frames == frames.sorted(), "a critically damped spring does not overshoot from rest")
        #expect(!frames.isEmpty)
    }

    /// The bounce is the spring's closed-form solution sampled at each frame's time, not a
    /// stepped integration. With ω = √(k/m) = √(100/1) = 10, a finger-space distance x0 past
    /// the bound and an outward velocity v0, critical damping gives
    ///     x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ω·t),  x'(t) = (b − ω·(x0 + b·t))·e^(−ω·t), b = v0 + ω·x0,
    /// shown through the rubber band s = (1 − 1/(x·0.55/V + 1))·V (V = 844) below the top
    /// bound −264. It settles at the first frame t = n/60 where s < 0.5/3 (half a pixel at 3×)
    /// and x·x' ≤ 0, and that frame is the bound itself. The tables below were computed
    /// outside the code (python3, math.exp, rounded to 4 decimals):
    ///     for n in 1...: t = n/60; x = (x0 + b·t)·e^(−10t); s = (1 − 1/(x·0.55/844 + 1))·844
    /// so each frame may differ from its row by the rounding, 0.00005.
    @Test(arguments: [
        // Released at rest 80 pt past the top: x0 = 80, v0 = 0, b = 800. It only comes back.
        (
            0.0,
            [
                -305.3251, -304.0422, -302.2183, -300.0427, -297.6595, -295.1775, -292.6784, -290.2218, -287.8507, -285.5944,
                -283.4718, -281.4940, -279.6656, -277.9869, -276.4546, -275.0631, -273.8051, -272.6725, -271.6563, -270.7475,
                -269.9370, -269.2162, -268.5766, -268.0103, -267.5099, -267.0685, -266.6798, -266.3381, -266.0381, -265.7751,
                -265.5447, -265.3432, -265.1672, -265.0135, -264.8795, -264.7628, -264.6611, -264.5727, -264.4958, -264.4291,
                -264.3711, -264.3209, -264.2773, -264.2395, -264.2068, -264.1785, -264.0000,
            ]
        ),
        // Released moving outward at 600 pt/s (offset falling, so velocity −600): v0 = 600,
        // b = 1400. It goes on out until x' = 0 at t = (b − ω·x0)/(ω·b) = 600/14000 = 0.0429 s,
        // between the 2nd and 3rd frames, then comes back; x·x' > 0 keeps it unsettled meanwhile.
        (
            -600.0,
            [
                -309.5141, -311.1308, -311.2381, -310.2629, -308.5289, -306.2833, -303.7150, -300.9675, -298.1493, -295.3409,
                -292.6012, -289.9718, -287.4809, -285.1460, -282.9766, -280.9761, -279.1431, -277.4729, -275.9585, -274.5914,
                -273.3619, -272.2599, -271.2754, -270.3982, -269.6187, -268.9275, -268.3159, -267.7758, -267.2997, -266.8807,
                -266.5125, -266.1894, -265.9063, -265.6584, -265.4417, -265.2524, -265.0872, -264.9432, -264.8178, -264.7087,
                -264.6138, -264.5313, -264.4597, -264.3975, -264.3436, -264.2969, -264.2564, -264.2213, -264.1910, -264.0000,
            ]
        ),
    ])
    func theBounceIsTheAnalyticSpringFrameByFrame(velocity: Double, expected: [Double]) {
        let (state, frames) = settle(Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: -80)), velocity: velocity)
        #expect(frames.count == expected.count)
        for (index, (actual, value)) in zip(frames, expected).enumerated() {
            #expect(abs(actual - value) <= 0.00005, "frame \(index + 1): \(actual), worked out \(value)")
        }
        #expect(state.container.selectedOffset == -264)
        #expect(!state.container.isAnimating)
    }

    @Test func releaseAtRestInsideTheBoundsDoesNothing() {
        let (state, frames) = settle(Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 100)), velocity: 0)
        #expect(frames.isEmpty)
        #expect(state.container.selectedOffset == 100)
    }
}

@Suite struct SnapTests {
    func snapping(_ y: Double, velocity: Double = 0) -> Double {
        var config = Fixtures.issueConfig()
        config.header.snap = true
        return settle(Fixtures.apply(Fixtures.iphone14Stage(config), .scroll(to: y)), velocity: velocity).0.container.selectedOffset
    }

    @Test func partlyCollapsedRestPointsSnapToTheNearerEnd() {
        #expect(snapping(-180) == -135)  // 45 from collapsed, 84 from expanded
        #expect(snapping(-230) == -264)  // 34 from expanded
        #expect(snapping(-199.5) == -135)  // a tie collapses
        #expect(snapping(-100) == -100)  // already collapsed: nothing to snap
    }

    @Test func snapUsesTheRestPointOfAFling() {
        // From −264 a fling of 30 pt/s rests at −264 + 30/2.002 = −249.0: nearer the expanded end.
        #expect(snapping(-264, velocity: 30) == -264)
        // 150 pt/s rests at −264 + 74.9 = −189.1: nearer the collapsed end.
        #expect(snapping(-264, velocity: 150) == -135)
    }
}

@Suite struct PagingTests {
    @Test func interactiveSwipeInterpolatesTheIndicator() {
        let stage = Fixtures.apply(Fixtures.iphone14Stage(), .swipe(to: 1, progress: 0.4, finish: false))
        #expect(stage.container.selectedTab == 0)
        #expect(stage.container.paging == Paging(from: 0, to: 1, progress: 0.4))
        // The tab bar's 44 pt: the 3 pt indicator at y 41, x = lerp(0, 130, 0.4) = 52.
        #expect(
            StageLayout(stage, look: Look(), measuring: FixedAdvanceMeasurer()).tabBar.indicator
                == Rect(x: 52, y: 41, width: 130, height: 3))
    }

    @Test func finishingCompletesOrCancels() {
        let completed = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: -200), .swipe(to: 2, progress: 0.5, finish: true))
        #expect(completed.container.selectedTab == 2)
        #expect(completed.container.offsets[2] == -200)  // the tab-switch rule: no jump
        #expect(completed.container.paging == nil)
        let cancelled = Fixtures.apply(
            Fixtures.iphone14Stage(), .swipe(to: 1, progress: 0.3, finish: false), .swipe(to: 1, progress: 0.49, finish: true))
        #expect(cancelled.container.selectedTab == 0)
        #expect(cancelled.container.paging == nil)
    }

    @Test func rightToLeftMirrorsTheIndicator() {
        let window = Fixtures.window("iphone-14", settings: DisplaySettings(layoutDirection: .rtl))
        let stage = Fixtures.apply(
            StageState(window: window, container: Fixtures.issueConfig()), .swipe(to: 1, progress: 0.25, finish: false))
        // 260 → 130, a quarter of the way: 227.5.
        #expect(
            StageLayout(stage, look: Look(), measuring: FixedAdvanceMeasurer()).tabBar.indicator
                == Rect(x: 227.5, y: 41, width: 130, height: 3))
    }

    @Test func swipingToTheSelectedTabIsAProblem() {
        let problem = Fixtures.iphone14Stage().problem(with: .container(.swipe(to: 0, progress: 0.5, finish: true)))
        #expect(problem == .container(.swipeToSelectedTab(0)))
        #expect(problem?.message == "cannot swipe to tab 0: it is already selected" && problem?.expected == "another tab than 0")
    }
}

@Suite struct HeaderChangeTests {
    @Test func expandedHeaderMovesByTheInsetChange() {
        let stage = Fixtures.apply(Fixtures.iphone14Stage(), .setHeader(height: 180, minHeight: nil))
        #expect(stage.container.offsets == [-224, -224, -224])  // oldInsetTop − newInsetTop = 40
        #expect(stage.container.selectedMetrics.contentInsetTop == 224)
        #expect(stage.container.headerHeight == 180)
    }

    @Test func collapsedAndPartialTabsKeepTheirContentUnderTheBar() {
        let stage = Fixtures.apply(
            Fixtures.iphone14Stage(), .scroll(to: 500), .select(1), .scroll(to: -200),
            .setHeader(height: 180, minHeight: nil))
        #expect(stage.container.offsets[0] == 500)  // collapsed: h 91 before and after
        #expect(stage.container.offsets[1] == -200)  // 156 fits in [91, 180]: nothing moves
        #expect(stage.container.headerHeight == 156)
        let taller = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 500), .setHeader(height: nil, minHeight: 60))
        #expect(taller.container.offsets[0] == 484)  // Hc 91 -> 107
    }

    @Test func aHeaderBelowItsCollapsedHeightIsAProblem() {
        let problem = Fixtures.iphone14Stage().problem(with: .container(.setHeader(height: 100, minHeight: 60)))
        #expect(problem == .container(.headerBelowCollapsedHeight(height: 100, collapsedHeight: 107)))  // 47 + 60
        #expect(
            problem?.message == "header height 100 is less than its collapsed height 107" && problem?.expected == "a height of at least 107"
        )
    }
}
