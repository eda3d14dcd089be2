import TabStageLayout
import TabStageModel
import TabStageTestSupport
import Testing

/// Numbers worked by hand from the Conventions article's formulas for iphone-14 portrait
/// (390×844, safe area 47/0/34/0), header 220/44, tab bar 44, Posts 30×100, Media 15×100, Likes 4×100.
@Suite struct ContainerGeometryTests {
    let stage = Fixtures.iphone14Stage()
    var geometry: ContainerGeometry { stage.container.geometry }

    @Test func headerAndInsets() {
        #expect(geometry.collapsedHeaderHeight == 91)  // 47 + 44
        #expect(geometry.expandedHeaderHeight == 220)
        #expect(geometry.tabBarHeight == 44)
        for tab in geometry.tabs {
            #expect(tab.contentInsetTop == 264)  // H + T
            #expect(tab.minOffsetY == -264)
        }
        #expect(stage.container.offsets == [-264, -264, -264])
    }

    @Test func longContentBounds() {
        let posts = geometry.tabs[0]
        #expect(posts.contentHeight == 3000)
        #expect(posts.contentInsetBottom == 34)
        #expect(posts.maxOffsetY == 2190)  // 3000 + 34 − 844
    }

    @Test func shortContentExtendsSoTheHeaderCanCollapse() {
        let likes = geometry.tabs[2]
        // pad = 844 − 34 − 400 − 91 − 44 = 275
        #expect(likes.contentInsetBottom == 309)
        #expect(likes.maxOffsetY == -135)  // exactly −(Hc + T)
    }

    @Test func shortContentLimitKeepsTheReferenceBehaviour() {
        let likes = Fixtures.iphone14Stage(Fixtures.issueConfig(.limit)).container.geometry.tabs[2]
        #expect(likes.contentInsetBottom == 34)
        #expect(likes.maxOffsetY == -264)  // max(−264, 400 + 34 − 844)
    }

    @Test func tabCellsShareTheWidthAndMirrorInRTL() {
        // 390 / 3 = 130 per cell, the bar 44 tall.
        let cells = StageLayout(Fixtures.iphone14Stage(), look: Look(), measuring: FixedAdvanceMeasurer()).tabBar.cells
        #expect(cells[0] == Rect(x: 0, y: 0, width: 130, height: 44))
        #expect(cells[2] == Rect(x: 260, y: 0, width: 130, height: 44))
        let rtl = StageState(
            window: Fixtures.window("iphone-14", settings: DisplaySettings(layoutDirection: .rtl)),
            container: Fixtures.issueConfig())
        let mirrored = StageLayout(rtl, look: Look(), measuring: FixedAdvanceMeasurer()).tabBar.cells
        #expect(mirrored[0] == Rect(x: 260, y: 0, width: 130, height: 44))  // tab 0 is rightmost
        #expect(mirrored[2] == Rect(x: 0, y: 0, width: 130, height: 44))
    }
}

@Suite struct ContainerTabBarTests {
    @Test func oneTabHidesTheTabBar() {
        var config = Fixtures.issueConfig()
        config.tabs = [config.tabs[0]]
        let geometry = Fixtures.iphone14Stage(config).container.geometry
        #expect(geometry.tabBarHidden)
        #expect(geometry.tabBarHeight == 0)
        #expect(geometry.tabs[0].contentInsetTop == 220)
        #expect(geometry.collapsedOffsetY == -91)
    }

    @Test func compactHeightUsesTheCompactBar() {
        var config = Fixtures.issueConfig()
        config.header.compactHeightPlacement = .top
        let geometry = Fixtures.iphone14Stage(config, .landscape).container.geometry
        #expect(geometry.placement == .top)
        #expect(geometry.tabBarHeight == 32)
        #expect(geometry.collapsedHeaderHeight == 44)  // landscape safe-area top is 0
        #expect(geometry.tabs[0].contentInsetTop == 252)
    }

    @Test func dynamicTypeScalesTheBar() {
        let window = Fixtures.window("iphone-14", settings: DisplaySettings(contentSizeCategory: .AX3))
        let geometry = StageState(window: window, container: Fixtures.issueConfig()).container.geometry
        // Bars stop growing at AX1 (body 28 pt).
        expectClose(geometry.tabBarHeight, 44 * 28 / 17)  // 72.47
        let small = StageState(
            window: Fixtures.window("iphone-14", settings: DisplaySettings(contentSizeCategory: .XS)),
            container: Fixtures.issueConfig()
        ).container.geometry
        #expect(small.tabBarHeight == 44)  // never below the design height
    }

    @Test func sideHeaderInCompactHeight() {
        // iphone-14 landscape: 844×390, compact height, placement side (the default).
        let geometry = Fixtures.iphone14Stage(Fixtures.issueConfig(), .landscape).container.geometry
        #expect(geometry.placement == .side)
        expectClose(geometry.sideWidth, 0.35 * 844)
        expectClose(geometry.pagesX, 295.4)
        expectClose(geometry.pagesWidth, 548.6)
        #expect(geometry.tabs[0].contentInsetTop == 32)  // T only
        #expect(geometry.tabs[0].minOffsetY == -32)
        // 3000 + 20 − 390: no padding, the side header never collapses (iOS 26, the default:
        // the landscape home indicator takes 20 pt).
        #expect(geometry.tabs[0].maxOffsetY == 2630)
        // iOS 17: 3000 + 21 − 390.
        let classic = StageState(
            window: Fixtures.window("iphone-14", .landscape, settings: DisplaySettings(iOSVersion: IOSVersion(17))),
            container: Fixtures.issueConfig())
        #expect(classic.container.geometry.tabs[0].maxOffsetY == 2631)
    }
}

@Suite struct ContainerBehaviourTests {
    @Test func issueSequence() {
        var stage = Fixtures.iphone14Stage()
        stage = Fixtures.apply(stage, .scroll(to: -200))
        #expect(stage.container.headerHeight == 156)  // −(−200 + 44)
        expectClose(stage.container.collapseProgress, 64.0 / 129.0)  // (220 − 156) / (220 − 91) = 0.4961
        #expect(decimalText(stage.container.collapseProgress, decimals: 4) == "0.4961")

        stage = Fixtures.apply(stage, .select(1))
        #expect(stage.container.selectedTab == 1)
        #expect(stage.container.offsets[1] == -200)  // placed under the header: no jump
        #expect(stage.container.headerHeight == 156)
        #expect(stage.container.offsets[0] == -200)  // the hidden tab keeps its offset

        stage = Fixtures.apply(stage, .scroll(to: 300))
        #expect(stage.container.headerHeight == 91)
        #expect(stage.container.collapseProgress == 1)  // collapsed

        stage = Fixtures.apply(stage, .select(0))
        #expect(stage.container.offsets[0] == -135)  // max(−200, −(91 + 44))
        #expect(stage.container.headerHeight == 91)
    }

    @Test func collapsedSwitchKeepsADeeperOffset() {
        var stage = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 800), .select(1), .scroll(to: 500), .select(0))
        #expect(stage.container.offsets[0] == 800)
        stage = Fixtures.apply(stage, .select(1))
        #expect(stage.container.offsets[1] == 500)
    }

    @Test func limitCanMoveTheHeaderOnSwitch() {
        // Likes with `limit` cannot scroll past −264, so the header re-expands: the tab-switch rule clamps after placing.
        let stage = Fixtures.apply(Fixtures.iphone14Stage(Fixtures.issueConfig(.limit)), .scroll(to: -200), .select(2))
        #expect(stage.container.offsets[2] == -264)
        #expect(stage.container.headerHeight == 220)
    }

    @Test func scrollingClampsToTheBounds() {
        var stage = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 99_999))
        #expect(stage.container.selectedOffset == 2190)
        stage = Fixtures.apply(stage, .scrollBy(-100))
        #expect(stage.container.selectedOffset == 2090)
        stage = Fixtures.apply(stage, .scroll(to: -99_999))
        #expect(stage.container.selectedOffset == -264)
        stage = Fixtures.apply(stage, .scroll(to: 500), .scrollToTop)
        #expect(stage.container.selectedOffset == -264)
    }

    @Test func eventsReportWhatChanged() {
        let (_, events) = StageState.reduce(Fixtures.iphone14Stage(), .container(.scroll(to: -200)))
        #expect(events == [.container(.offsetChanged(tab: 0, from: -264, to: -200))])
        let (_, same) = StageState.reduce(Fixtures.iphone14Stage(), .container(.select(0)))
        #expect(same.isEmpty)
        let (_, outOfRange) = StageState.reduce(Fixtures.iphone14Stage(), .container(.select(7)))
        #expect(outOfRange.isEmpty)
    }

    @Test func headerHeightFromOffset() {
        let pin = Fixtures.iphone14Stage().container.geometry
        #expect(pin.headerHeight(forOffset: -400) == 220)  // pinned at H
        #expect(pin.headerHeight(forOffset: 1000) == 91)  // never below Hc
        let stretch = Fixtures.iphone14Stage(Fixtures.issueConfig(overscroll: .stretch)).container.geometry
        #expect(stretch.headerHeight(forOffset: -305.82) == 261.82)  // −(−305.82 + 44)
        expectClose(stretch.collapseProgress(headerHeight: 261.82), (220 - 261.82) / 129)  // −0.3242: stretched
    }

    /// 0 expanded, 1 collapsed, below 0 stretched: (H − h) / (H − Hc) with H = 240 and
    /// Hc = 47 + 44 = 91 on iphone-14, so H − Hc = 149.
    @Test func collapseProgressReadsFromExpandedToCollapsed() {
        var config = Fixtures.issueConfig(overscroll: .stretch)
        config.header.height = 240
        var stage = Fixtures.iphone14Stage(config)
        let geometry = stage.container.geometry
        #expect(stage.container.collapseProgress == 0)  // initial offset −(240 + 44): expanded
        #expect(geometry.collapseProgress(headerHeight: 165.5) == 0.5)  // 74.5 / 149
        #expect(geometry.collapseProgress(headerHeight: 91) == 1)
        #expect(geometry.headerHeight(forOffset: -314) == 270)  // −(−314 + 44), stretched
        expectClose(geometry.collapseProgress(headerHeight: 270), -30.0 / 149.0)  // −0.2013
        #expect(decimalText(geometry.collapseProgress(headerHeight: 270), decimals: 4) == "-0.2013")
        stage = Fixtures.apply(stage, .scroll(to: -209.5))  // h = 209.5 − 44 = 165.5
        #expect(stage.container.collapseProgress == 0.5)
        stage = Fixtures.apply(stage, .scroll(to: 300))
        #expect(stage.container.collapseProgress == 1)
        #expect(geometry.headerHeight(forCollapseProgress: 0.5) == 165.5)
        expectClose(geometry.headerHeight(forCollapseProgress: -30.0 / 149.0), 270)
    }

    @Test func headerThatCannotCollapseIsExpanded() {
        var config = Fixtures.issueConfig()
        config.header.height = 91  // == Hc: nothing to collapse
        let stage = Fixtures.apply(Fixtures.iphone14Stage(config), .scroll(to: 300))
        #expect(stage.container.headerHeight == 91)
        #expect(stage.container.collapseProgress == 0)
    }
}

@Suite struct CarouselTests {
    @Test func portraitPhoneCells() {
        // compact/regular: n = 2, margin 12: (390 − 12 − 48) / 2.2 = 150; 150·9/16 + 80 = 164.375
        let size = carouselCellSize(
            containerWidth: 390, safeArea: EdgeInsets(top: 47, bottom: 34), childTraits: Fixtures.window("iphone-14").childTraits)
        expectClose(size.width, 150)
        expectClose(size.height, 164.375)
    }

    @Test func landscapePhoneCells() {
        // compact/compact: n = 4, margin 12 + 47 + 47: (844 − 106 − 96) / 4.2 = 152.857; ·9/16 + 80 = 165.98
        let window = Fixtures.window("iphone-14", .landscape)
        let size = carouselCellSize(containerWidth: 844, safeArea: window.safeArea, childTraits: window.childTraits)
        expectClose(size.width, 642 / 4.2)
        expectClose(size.height, 642 / 4.2 * 9 / 16 + 80)
        #expect(decimalText(size.width, decimals: 2) == "152.86")
        #expect(decimalText(size.height, decimals: 2) == "165.98")
    }

    @Test func carouselContentHeight() {
        var config = Fixtures.issueConfig()
        config.tabs[2] = TabConfig(title: "Likes", content: .carousel(sections: 6, items: 8))
        let likes = Fixtures.iphone14Stage(config).container.geometry.tabs[2]
        expectClose(likes.contentHeight, 6 * (164.375 + 44))
        #expect(likes.cellSize == Size(width: 150, height: 164.375))
    }
}
