import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// The size-change rule (Conventions article, "Size changes") on iphone-14 (390×844 portrait, 844×390 landscape, safe area 0/47/21/47).
@Suite struct SizeChangeTests {
    /// Header kept on top in compact height so both orientations collapse.
    func topConfig(ratio: Double? = nil) -> ContainerConfig {
        var config = Fixtures.issueConfig()
        config.header.compactHeightPlacement = .top
        if let ratio { config.tabs[0].content = .list(rows: 30, rowHeight: .ratio(ratio)) }
        return config
    }

    func reduce(_ state: StageState, _ action: StageAction) -> (StageState, [StageEvent]) { StageState.reduce(state, action) }

    @Test func iPhoneRotationLogsTheTraitChange() {
        let (_, events) = reduce(Fixtures.iphone14Stage(), .rotate(.landscape))
        let lifecycle = events.compactMap { if case .lifecycle(let c) = $0 { c.rawValue } else { nil } }
        #expect(
            lifecycle == [
                "willTransition(to:with:)", "viewWillTransition(to:with:)", "traitCollectionDidChange",
                "viewWillLayoutSubviews", "viewDidLayoutSubviews",
            ])
    }

    @Test func fullScreenIPadRotationKeepsTraits() {
        let stage = StageState(window: Fixtures.window("ipad-pro-11"), container: Fixtures.issueConfig())
        let (rotated, events) = reduce(stage, .rotate(.landscape))
        let lifecycle = events.compactMap { if case .lifecycle(let c) = $0 { c.rawValue } else { nil } }
        #expect(lifecycle == ["viewWillTransition(to:with:)", "viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        #expect(rotated.window.window == Size(width: 1194, height: 834))
        let (_, same) = reduce(stage, .rotate(.portrait))
        #expect(same.isEmpty, "rotating to the current orientation changes nothing")
    }

    @Test func iPadResizeAcrossTheThreshold() {
        // Split View's sizes are iOS 18's and earlier (iPadOS 26 replaced them with windows).
        let stage = StageState(
            window: Fixtures.window("ipad-air-11", .landscape, settings: Fixtures.iOS18), container: Fixtures.issueConfig())
        let (half, toHalf) = reduce(stage, .resize(.half))
        #expect(half.window.window.width == 585)
        #expect(half.container.geometry.size.width == 585, "the container uses its own size, not the screen's")
        #expect(toHalf.filter { if case .lifecycle = $0 { true } else { false } }.count == 5)
        let (_, toTwoThirds) = reduce(stage, .resize(.twoThirds))  // 795: still regular
        #expect(toTwoThirds.filter { if case .lifecycle = $0 { true } else { false } }.count == 3)
    }

    @Test func collapsedHeaderKeepsTheRowAtTheTabBarEdge() {
        // Portrait, ratio rows 0.5·390 = 195, collapsed at y = 500: the bar's bottom edge (91 + 44)
        // shows content y 635 = row 3 at 50/195. Landscape: rows 0.5·844 = 422, Hc 0 + 44, T 32:
        // the same row and fraction, content 635·422/195, sits at the new edge 76.
        let stage = Fixtures.apply(Fixtures.iphone14Stage(topConfig(ratio: 0.5)), .scroll(to: 500))
        let (landscape, _) = reduce(stage, .rotate(.landscape))
        expectClose(landscape.container.offsets[0], 635.0 * 422 / 195 - 76, 1e-9)
        #expect(landscape.container.headerHeight == 44)
        let (back, _) = reduce(landscape, .rotate(.portrait))
        expectClose(back.container.offsets[0], 500, 1e-9)
    }

    @Test func partlyCollapsedHeaderKeepsItsProgress() {
        // −200 in portrait: h = 156, collapse progress (220 − 156)/129 = 64/129.
        // Landscape (Hc = 0 + 44, T = 32): h = 220 − p·176 = 132.68…, y = −(h + 32).
        let stage = Fixtures.apply(Fixtures.iphone14Stage(topConfig()), .scroll(to: -200))
        let (landscape, _) = reduce(stage, .rotate(.landscape))
        let progress = 64.0 / 129
        expectClose(landscape.container.selectedOffset, -(220 - progress * 176 + 32))
        expectClose(landscape.container.collapseProgress, progress)
        let (back, _) = reduce(landscape, .rotate(.portrait))
        expectClose(back.container.selectedOffset, -200)
    }

    @Test func sideHeaderRestoresTheTopHeaderOnReturn() {
        // Default placement: landscape shows the side header; content attaches below the 32 pt bar.
        let stage = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: -200), .select(1), .scroll(to: 600))  // Media's max is 690
        let (landscape, _) = reduce(stage, .rotate(.landscape))
        #expect(landscape.container.geometry.placement == .side)
        #expect(landscape.container.offsets[0] == -32)  // Posts was not collapsed: content at the top
        #expect(landscape.container.offsets[1] == 600 + 135 - 32)  // Media: same content under the bar
        let (back, _) = reduce(landscape, .rotate(.portrait))
        expectClose(back.container.offsets[0], -200)
        expectClose(back.container.offsets[1], 600)
    }

    @Test func impossibleWindowsAreProblems() {
        let phone = Fixtures.iphone14Stage()
        let notAPad = phone.problem(with: .resize(.half))
        #expect(notAPad == .windowUnavailable(.notAPad(deviceID: "iphone-14")))
        #expect(notAPad?.message == "multitasking is iPad-only; 'iphone-14' is a phone" && notAPad?.expected == "multitasking: full")
        let split = StageState(
            window: Fixtures.window("ipad-air-11", .landscape, settings: Fixtures.iOS18), container: Fixtures.issueConfig())
        let half = reduce(split, .resize(.half)).0
        let portrait = half.problem(with: .rotate(.portrait))
        #expect(portrait == .windowUnavailable(.notInPortrait(.half)))
        #expect(portrait?.message == "'half' does not exist in portrait (portrait offers two-thirds, one-third and slide-over)")
        #expect(portrait?.expected == "a resize to two-thirds, one-third or slide-over before rotating to portrait")
    }
}
