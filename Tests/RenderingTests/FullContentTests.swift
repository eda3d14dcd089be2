import Foundation
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import TabStageTesting
import TabStageWorkflow
import Testing

/// `snapshot: {name, fullContent: true}`: the selected tab's every row below the expanded header,
/// one long picture the window's width, its height worked out by hand.
@Suite struct FullContentTests {
    /// The snapshot states of a scenario on an iPhone 15 (393 × 852 pt, safe area 59 on top and
    /// 34 below) with a 240 pt header (44 collapsed), a 44 pt tab bar and three tabs.
    func snapshots(_ steps: [String], device: String = "iphone-15", extra: String = "") throws -> [StageState] {
        let text = """
            device: \(device)
            \(extra)
            container:
              header: {height: 240, minHeight: 44, title: "Jane Appleseed", subtitle: "@jane"}
              tabs:
                - {title: Posts, rows: 40, rowHeight: 108}
                - {title: Media, rows: 12, rowHeightRatio: 0.75}
                - {title: Likes, rows: 3, rowHeight: 108}
            steps:
            \(steps.map { "  " + $0 }.joined(separator: "\n"))
            """
        return try ScenarioRunner.run(try Fixtures.parse(text)).snapshots.map(\.state)
    }

    @Test func theWholeTabBelowTheExpandedHeader() throws {
        let state = try #require(try snapshots(["- snapshot: {name: all, fullContent: true}"]).first)
        // Status bar and header H = 240 (the header reaches the window's top), tab bar T = 44,
        // 40 rows × 108 = 4,320, the home indicator's bottom inset 34:
        // 240 + 44 + 4,320 + 34 = 4,638 pt; the width stays 393.
        #expect(state.window.window == Size(width: 393, height: 4638))
        #expect(state.window.expandedToContent)
        #expect(state.window.safeArea.top == 59 && state.window.safeArea.bottom == 34)
        let layout = StageLayout(state, look: Look(), measuring: TextMeasurer.shared)
        #expect(layout.header.frame.height == 240)
        #expect(layout.tabBar.top == 240)
        // Every row is laid out: the first at 240 + 44 = 284, the last (index 39) at
        // 284 + 39 × 108 = 4,496, ending at 4,604 = 4,638 − 34.
        let rows = try #require(layout.pages.pages.first).rows
        #expect(rows.count == 40)
        #expect(rows.first?.top == 284)
        #expect(rows.last?.top == 4496)
        #expect(rows.last.map { $0.top + 108 } == 4604)
        // The picture is the window: no device frame around a long screenshot.
        #expect(SVGSnapshot.canvasSize(state, deviceFrame: true) == Size(width: 393, height: 4638))
    }

    @Test func aScrolledTabIsDrawnFromItsTop() throws {
        let states = try snapshots(["- scroll: {to: 300}", "- snapshot: plain", "- snapshot: {name: all, fullContent: true}"])
        // The plain snapshot is collapsed: header max(−(300 + 44), 59 + 44) = 103 pt.
        #expect(states[0].container.headerHeight == 103)
        #expect(states[0].window.window.height == 852)
        // The full content starts at the tab's top, the header expanded: the same 4,638 pt.
        #expect(states[1].container.headerHeight == 240)
        #expect(states[1].container.selectedOffset == -284)
        #expect(states[1].window.window.height == 4638)
    }

    @Test func theSelectedTabDecidesTheHeight() throws {
        let states = try snapshots([
            "- select: Media", "- snapshot: {name: media, fullContent: true}", "- select: Likes",
            "- snapshot: {name: likes, fullContent: true}",
        ])
        // Media: rows 0.75 × 393 = 294.75 tall, 12 × 294.75 = 3,537; 240 + 44 + 3,537 + 34 = 3,855.
        #expect(states[0].window.window.height == 3855)
        #expect(states[0].container.selectedTab == 1)
        // Likes: 3 × 108 = 324; 240 + 44 + 324 + 34 = 642 is shorter than the window: it stays
        // 852 tall, as a long screenshot of a short page is one screen.
        #expect(states[1].window.window.height == 852)
    }

    @Test func aLongScreenshotKeepsTheStatusBarWithoutHousingOrHomeIndicator() throws {
        let states = try snapshots(["- snapshot: plain", "- snapshot: {name: all, fullContent: true}"])
        // On screen (393 × 852): the island is 125 × 37 (StatusBarMetrics) 11 pt below the top,
        // centred: x = (393 − 125) / 2 = 134; the home indicator 134 × 5, its top 13 above the
        // bottom edge: {(393 − 134) / 2, 852 − 13} = {129.5, 839}.
        let screen = StageLayout(states[0], look: Look(), measuring: TextMeasurer.shared).chrome
        #expect(screen.sensorHousing?.frame == Rect(x: 134, y: 11, width: 125, height: 37))
        #expect(screen.homeIndicator == Rect(x: 129.5, y: 839, width: 134, height: 5))
        // The 4,638 pt long picture: neither the island nor the indicator (a bar 13 pt above
        // y = 4,638 would sit where no screen has an edge); the status bar stays, laid out as
        // on screen across the 59 pt top inset, its clock in the leading ear.
        let long = StageLayout(states[1], look: Look(), measuring: TextMeasurer.shared)
        #expect(long.chrome.sensorHousing == nil)
        #expect(long.chrome.homeIndicator == nil)
        #expect(long.chrome.statusBar == screen.statusBar)
        let kinds = long.drawnElements.map(\.kind)
        #expect(kinds.contains(.statusBar) && !kinds.contains(.sensorHousing) && !kinds.contains(.homeIndicator))
    }

    @Test func aLandscapeLongScreenshotHasNoHousingOnItsLeadingEdge() throws {
        let states = try snapshots(
            ["- snapshot: plain", "- snapshot: {name: all, fullContent: true}"], extra: "orientation: landscape")
        // Landscape on screen: the island stands on the leading edge, centred on the 393 pt
        // height: y = (393 − 125) / 2 = 134, 11 pt in. In the long picture that spot is
        // the middle of nothing: not drawn.
        #expect(
            StageLayout(states[0], look: Look(), measuring: TextMeasurer.shared).chrome.sensorHousing?.frame
                == Rect(x: 11, y: 134, width: 37, height: 125))
        #expect(StageLayout(states[1], look: Look(), measuring: TextMeasurer.shared).chrome.sensorHousing == nil)
        #expect(StageLayout(states[1], look: Look(), measuring: TextMeasurer.shared).chrome.homeIndicator == nil)
    }

    @Test func theAppTabBarSitsAtTheBottom() throws {
        let state = try #require(
            try snapshots(
                ["- snapshot: {name: all, fullContent: true}"], device: "iphone-16-pro",
                extra: "appTabBar: {items: [Home, Search, Profile], selected: 2}"
            ).first)
        // iPhone 16 Pro, iOS 26: the floating bar's inset is 21 + 62 = 83 (over the 34 safe area):
        // 240 + 44 + 4,320 + 83 = 4,687 pt; the capsule's bottom is 21 above it: y = 4,687 − 21 − 62 = 4,604.
        #expect(state.window.window.height == 4687)
        let bar = try #require(StageLayout(state, look: Look(), measuring: TextMeasurer.shared).appTabBar)
        #expect(bar.frame.y == 4604)
    }

    @Test func aPresentationOrASwipeIsRefusedAtTheStep() throws {
        let presented = Fixtures.refusal(
            Fixtures.yaml(steps: ["- present: {style: pageSheet}", "- snapshot: {name: all, fullContent: true}"]))
        #expect(
            presented
                == "test.yaml:11:5: error: snapshot 'all' cannot show the full content: a pageSheet presentation covers the container (expected a fullContent snapshot of the container at rest: dismiss the presentation or finish the swipe first)"
        )
        let swiping = Fixtures.refusal(
            Fixtures.yaml(steps: ["- swipe: {to: 1, progress: 0.4}", "- snapshot: {name: all, fullContent: true}"]))
        #expect(
            swiping?.contains("test.yaml:11:5: error: snapshot 'all' cannot show the full content: a swipe between tabs is under way")
                == true)
    }

    @Test func theStepTakesAStringOrAMapping() throws {
        #expect(Fixtures.refusal(Fixtures.yaml(steps: ["- snapshot: {name: all}"])) == nil)
        let missing = Fixtures.refusal(Fixtures.yaml(steps: ["- snapshot: {fullContent: true}"]))
        #expect(missing?.contains("is missing 'name'") == true)
        let unknown = Fixtures.refusal(Fixtures.yaml(steps: ["- snapshot: {name: all, fullContents: true}"]))
        #expect(unknown?.contains("fullContents") == true)
    }

    @Test func overTheBudgetTheStepIsNamedWithTheHeightAndTheLimit() throws {
        let state = try #require(try snapshots(["- snapshot: {name: all, fullContent: true}"]).first)
        // 4,638 pt at scale 3 is 13,914 px, under the 16,384 px side limit (1,179 × 13,914 =
        // 16.4 million pixels, under 64 million).
        #expect(RenderOptions().fullContentProblem(state.window) == nil)
        // At scale 4: 18,552 px, over the side limit; the tallest that fits is 16,384 px, 4,096 pt.
        #expect(
            RenderOptions(scale: 4).fullContentProblem(state.window)
                == "the full content is 4638 pt tall, 18552 px at scale 4: over the 16384 px limit on a side (expected a picture at most 16384 px, 4096 pt, tall: fewer rows in the selected tab, a smaller --scale, or a plain snapshot)"
        )
        #expect(RenderOptions(formats: [.svg], scale: 4).fullContentProblem(state.window) == nil, "an SVG alone allocates no pixels")
    }
}
