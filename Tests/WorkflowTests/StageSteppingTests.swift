import Foundation
import TabStageTestSupport
import TabStageTesting
import Testing

/// `Stage` used the way a test author would: values in, numbers out, refusals worded as
/// `tabstage run` words them.
@Suite struct StageSteppingTests {
    /// A 240 pt header collapsing to the safe area plus 44 pt, the 44 pt tab bar, three tabs.
    let profile = ContainerConfig(
        header: HeaderConfig(height: 240, minHeight: 44),
        tabs: [
            TabConfig(title: "Posts", content: .list(rows: 40, rowHeight: .fixed(108))),
            TabConfig(title: "Media", content: .list(rows: 12, rowHeight: .ratio(0.7627))),
            TabConfig(title: "Likes", content: .carousel(sections: 6, items: 8)),
        ])

    @Test func aDragMovesTheOffsetOneForOneInOneFrame() throws {
        var stage = try Stage(device: "iphone-15", container: profile)
        #expect(stage.state.container.selectedOffset == -284)  // −(H + T) = −(240 + 44)
        let result = try stage.apply(.drag(dy: 120))
        #expect(stage.state.container.selectedOffset == -164)  // −284 + 120, inside the bounds
        #expect(result.frames == 1)
        let frames = stage.takeFrames()
        #expect(frames.map(\.number) == [1])
        #expect(frames.first?.time == 1.0 / 60)
        #expect(frames.first?.state == stage.state)
        #expect(stage.takeFrames().isEmpty)  // taken once
    }

    @Test func aFlingRunsToRestWithinTheStep() throws {
        var stage = try Stage(device: "iphone-15", container: profile)
        let result = try stage.apply(.release(velocity: 1800))
        // Per 1/60 s tick the velocity is multiplied by r = 0.998^(1000/60) = e^(−0.033361) = 0.967190;
        // it stops under 0.5 pt/s: 1800·r^k < 0.5 ⇔ k > ln(3600)/0.033361 = 8.18869/0.033361 = 245.46, so 246 frames.
        #expect(result.frames == 246)
        // The rest point is near −284 + 1800/(1000·(−ln 0.998)) = −284 + 899.55 = 615.55; the per-tick
        // sum lies between the velocity before and after each tick: 1800/60 · r/(1 − r) = 884.3 and
        // 1800/60 · 1/(1 − r) = 914.3, so −284 + 884.3 = 600.3 … −284 + 914.3 = 630.3.
        let rest = stage.state.container.selectedOffset
        #expect(rest > 600.3 && rest < 630.3)
        #expect(stage.state.container.headerHeight == 103)  // Hc = safe-area top 59 + minHeight 44
        #expect(stage.state.container.collapseProgress == 1)
        #expect(!stage.state.container.isAnimating)
        let frames = stage.takeFrames()
        #expect(frames.map(\.number) == Array(1...246))
        #expect(frames.last?.time == 246.0 / 60)
    }

    @Test func aFlingLeftRunningIsAdvancedAndSettledByTicks() throws {
        var stage = try Stage(device: "iphone-15", container: profile)
        let started = try stage.apply(.release(velocity: 1800), runToRest: false)
        #expect(started.frames == 0)
        #expect(stage.state.container.isAnimating)
        try stage.advance(frames: 10)
        #expect(stage.frameCount == 10)
        #expect(stage.state.container.isAnimating)
        // The same 246 frames as when the step runs to rest (see above), 10 of them already gone.
        #expect(try stage.settle() == 236)
        #expect(stage.frameCount == 246)
        #expect(try stage.settle() == 0)  // at rest: nothing to run
        #expect(stage.takeFrames().map(\.number) == Array(1...246))
    }

    @Test func waitingGivesWholeFrames() throws {
        var stage = try Stage(device: "iphone-15", container: profile, fps: 60)
        #expect(try stage.advance(seconds: 0.5) == 30)  // 0.5 × 60
        #expect(try stage.advance(seconds: 0.51) == 31)  // ⌈30.6⌉
        #expect(stage.frameCount == 61)
        #expect(stage.takeFrames().last?.time == 61.0 / 60)
    }

    @Test func tabsAreSelectedByIndexOrTitle() throws {
        var stage = try Stage(device: "iphone-15", container: profile)
        try stage.apply(.select("Likes"))
        #expect(stage.state.container.selectedTab == 2)
        try stage.apply(.select(1))
        #expect(stage.state.container.selectedTab == 1)
        try stage.apply(.swipe(to: "Posts", progress: 0.6, finish: true))
        #expect(stage.state.container.selectedTab == 0)
    }

    @Test func refusedStepsAreWordedAsTheCommandLineWordsThemAtTheCallersLine() throws {
        var stage = try Stage(device: "iphone-15", container: profile)
        let file = "\(#filePath)"
        let line = #line + 2  // the error is located at the call: its line, and the column of its "("
        do {
            try stage.apply(.select(5))
            Issue.record("select 5 was applied")
        } catch {
            #expect(
                error.description
                    == "\(file):\(line):28: error: select: there is no tab 5 (expected an index from 0 to 2)")
        }
        do {
            try stage.apply(.select("Mdia"))
            Issue.record("select Mdia was applied")
        } catch {
            #expect(
                error.message == "select: no tab is titled 'Mdia'; did you mean 'Media'?"
                    && error.expected == "one of Posts, Media, Likes, or an index")
        }
        do {
            try stage.apply(.dismiss)
            Issue.record("dismiss was applied")
        } catch {
            #expect(error.message == "dismiss: nothing is presented" && error.expected == "a present step first")
        }
        do {
            try stage.apply(.resize(.half))
            Issue.record("resize was applied")
        } catch {
            #expect(error.message.hasPrefix("resize: "))
        }
        do {
            try stage.apply(.wait(seconds: .nan))
            Issue.record("a NaN wait was applied")
        } catch {
            #expect(error.message == "wait: seconds nan is out of range")
        }
        #expect(stage.frameCount == 0)
        #expect(stage.state == (try Stage(device: "iphone-15", container: profile)).state)  // nothing changed
    }

    @Test func anUnknownDeviceNamesTheClosestOne() {
        do {
            _ = try Stage(device: "iphone-155", container: profile)
            Issue.record("an unknown device was accepted")
        } catch {
            #expect(error.message == "unknown device 'iphone-155'; did you mean 'iphone-15'?")
        }
    }

    @Test func aNamedPopoverSourceIsTheControlAsLaidOut() throws {
        var stage = try Stage(device: "ipad-pro-11", container: profile)
        let follow = try #require(
            StageLayout(stage.state, look: stage.look, measuring: TextMeasurer.shared).controls.first { $0.name == "follow" })
        let request = PresentationRequest(style: .popover, adaptation: .none, size: Size(width: 320, height: 400))
        try stage.apply(.present(request, from: .follow))
        #expect(stage.state.presentation?.request.source == follow.frame)
        try stage.apply(.dismiss)
        do {
            try stage.apply(.present(request, from: .row(tab: 0, row: 39)))
            Issue.record("an off-screen source was accepted")
        } catch {
            #expect(error.message == "present: the source 'row-0-39' is not on screen at this step")
        }
    }

    @Test func rowsThatShrinkBelowAPointOnRotationAreRefused() throws {
        // 0.00125 × 844 pt (iPhone 14 landscape) = 1.055 pt; × 390 pt (portrait) = 0.4875 pt.
        let thin = ContainerConfig(
            header: HeaderConfig(height: 240, minHeight: 44),
            tabs: [TabConfig(title: "A", content: .list(rows: 3, rowHeight: .ratio(0.00125)))])
        var stage = try Stage(device: "iphone-14", orientation: .landscape, container: thin)
        do {
            try stage.apply(.rotate(.portrait))
            Issue.record("the rotation was applied")
        } catch {
            #expect(
                error.message == "rotate: tab 'A' would have rows 0.4875 pt tall (rowHeightRatio 0.00125 × container width 390)"
                    && error.expected == "rows at least 1 pt tall: a rowHeightRatio of at least 0.0026")
        }
    }

    @Test func aScenarioFileRunsStepByStepAsTheRunnerRunsIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("fling.yaml")
        try """
        device: iphone-15
        container:
          header: {height: 240, minHeight: 44}
          tabs: [{title: Posts, rows: 40, rowHeight: 108}, {title: Media, rows: 12, rowHeight: 100}]
        steps:
          - drag: {dy: 120}
          - release: {velocity: 1800}
          - select: Media
          - snapshot: media
        """.write(to: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(path: file.path)
        var stage = try Stage(scenario: file)
        var frames: [Int?] = []
        for step in scenario.steps { frames.append(try stage.apply(step).frames) }
        let run = try ScenarioRunner.run(scenario, measuring: TextMeasurer.shared)
        #expect(frames == [1, frames[1], nil, nil])
        #expect(stage.frameCount == run.frameCount)
        #expect(run.snapshots.first?.state == stage.state)
        #expect(stage.state.container.selectedTab == 1)
    }

    /// Every Swift value of the Scenario Format article's step table, applied in one run.
    @Test func everyStepOfTheArticlesTableApplies() throws {
        // iOS 18: the table's `resize: half` is a Split View size (iPadOS 26 has windows instead).
        var stage = try Stage(device: "ipad-pro-11", settings: DisplaySettings(iOSVersion: IOSVersion(18)), container: profile)
        try stage.apply(.scroll(to: -200))
        #expect(stage.state.container.selectedOffset == -200)
        try stage.apply(.scroll(by: 40, animated: true))
        #expect(stage.state.container.selectedOffset == -160)  // −200 + 40, eased to exactly there
        try stage.apply(.scrollToTop())
        try stage.apply(.scrollToTop(animated: true))
        try stage.apply(.select("Media"))
        try stage.apply(.select(1, animated: true))  // a tap on the selected tab: to its top
        try stage.apply(.select("Likes", animated: true))
        #expect(stage.state.container.selectedTab == 2)
        try stage.apply(.swipe(to: 0, progress: 0.4, finish: false))
        #expect(stage.state.container.selectedTab == 2)  // cancelled below 0.5
        try stage.apply(.drag(dy: 120))
        try stage.apply(.release(velocity: 1800))
        #expect(try stage.advance(seconds: 0.5) == 30)
        try stage.apply(.wait(seconds: 0.5))
        try stage.apply(.present(PresentationRequest(style: .popover, source: Rect(x: 330, y: 60, width: 44, height: 44))))
        try stage.apply(.dismiss)
        try stage.apply(.present(PresentationRequest(style: .popover), from: .tab(1)))  // the header has collapsed: Follow is gone
        try stage.apply(.dismiss)
        try stage.apply(.present(PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium, .large]))))
        try stage.apply(.detent(.large))
        try stage.apply(.dismiss)
        try stage.apply(.rotate(.landscape))
        try stage.apply(.resize(.half))
        #expect(stage.state.window.multitasking == .half)
        try stage.apply(.setHeader(height: 200))
        #expect(stage.state.container.config.header.height == 200)
    }
}
