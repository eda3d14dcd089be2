import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// The layout is computed once per state (`HeaderStackDrawingTests` reads it in the trace and the SVG).
@Suite struct LayoutTests {
    /// iPhone 14 portrait, three tabs over 390 pt: cells of 130 pt, the indicator the selected
    /// cell's width on the bar's bottom edge (44 − 3 = 41), the bar right under the 220 pt header.
    @Test func tabBarCellsAndIndicator() {
        let bar = StageLayout(Fixtures.iphone14Stage(), look: Look(), measuring: FixedAdvanceMeasurer()).tabBar
        #expect(!bar.isHidden)
        #expect(bar.top == 220 && bar.height == 44)
        #expect(bar.cells == [0.0, 130, 260].map { Rect(x: $0, y: 0, width: 130, height: 44) })
        #expect(bar.indicator == Rect(x: 0, y: 41, width: 130, height: 3))
        let selected = Fixtures.apply(Fixtures.iphone14Stage(), .select(2))
        #expect(
            StageLayout(selected, look: Look(), measuring: FixedAdvanceMeasurer()).tabBar.indicator
                == Rect(x: 260, y: 41, width: 130, height: 3))
    }

    /// The placeholder post of a 100 pt row, 390 pt wide (iPhone 14), at text size L: the
    /// avatar's radius is min(20, max(4, (100 − 16) / 2)) = 20, its centre (16 + 20, 12 + 20) =
    /// (36, 32); the text starts at 16 + 40 + 12 = 68 and is 390 − 68 − 16 = 306 pt wide; the
    /// name (subheadline, 15 pt) and age sit on 12 + 15 = 27, the age ending at 390 − 16 = 374;
    /// lines from 27 + 10 = 37, 16 pt apart: (100 − 37 − 8) / 16 = 3.4, so three, of 0.94, 0.81
    /// and 0.58 × 0.8 of 306 for row 0 (287.64, 247.86, 141.984). In right to left each box
    /// mirrors: the avatar at 390 − 36 = 354, the name ending at 390 − 68 = 322, the age
    /// starting at 16, the first line at 390 − 68 − 287.64 = 34.36.
    @Test func placeholderPostsArePlacedByTheLayout() throws {
        let row = try #require(
            StageLayout(Fixtures.iphone14Stage(), look: Look(), measuring: FixedAdvanceMeasurer()).pages.pages[0].rows.first)
        let post = try #require(row.placeholder)
        #expect(post.avatarCenter == Point(x: 36, y: 32) && post.avatarRadius == 20)
        #expect(post.name.x == 68 && post.name.baseline == 27 && post.name.anchor == .start && post.name.font.size == 15)
        #expect(post.time.x == 374 && post.time.baseline == 27 && post.time.anchor == .end)
        #expect(post.lines.map(\.y) == [37, 53, 69] && post.lines.allSatisfy { $0.x == 68 && $0.height == 8 })
        let widths = post.lines.map(\.width)
        #expect(widths.count == 3 && abs(widths[0] - 287.64) < 1e-9 && abs(widths[1] - 247.86) < 1e-9 && abs(widths[2] - 141.984) < 1e-9)
        #expect(post.picture == nil && post.separator == Rect(x: 0, y: 99.5, width: 390, height: 0.5))
        #expect(row.content == nil && row.gridCells.isEmpty)

        var rtl = Fixtures.window("iphone-14")
        rtl.traits.layoutDirection = .rtl
        let mirrored = try #require(
            StageLayout(StageState(window: rtl, container: Fixtures.issueConfig()), look: Look(), measuring: FixedAdvanceMeasurer())
                .pages.pages[0].rows.first?.placeholder)
        #expect(mirrored.avatarCenter.x == 354 && mirrored.name.x == 322 && mirrored.name.anchor == .end)
        #expect(mirrored.time.x == 16 && mirrored.time.anchor == .start)
        #expect(abs(mirrored.lines[0].x - 34.36) < 1e-9)
    }

    /// A 200 pt row (150 pt or taller) shows one line and a picture under it: the line at 37,
    /// the picture from 37 + 16 + 4 = 57, 306 pt wide and 200 − 53 − 16 = 131 pt tall.
    @Test func aTallPlaceholderPostShowsAPicture() throws {
        var config = Fixtures.issueConfig()
        config.tabs[0].content = .list(rows: 10, rowHeight: .fixed(200))
        let post = try #require(
            StageLayout(Fixtures.iphone14Stage(config), look: Look(), measuring: FixedAdvanceMeasurer()).pages.pages[0].rows.first?
                .placeholder
        )
        #expect(post.lines.count == 1 && post.lines[0].y == 37)
        #expect(post.picture == Rect(x: 68, y: 57, width: 306, height: 131))
    }

    /// A grid row 390 pt wide: three cells (390 − 2 × 2) / 3 = 128.67 pt wide, 2 pt apart (x 0,
    /// 130.67, 261.33), 2 pt shorter than the 130 pt row; no placeholder post.
    @Test func gridCellsArePlacedByTheLayout() throws {
        var config = Fixtures.issueConfig()
        config.tabs[0].content = .list(rows: 10, rowHeight: .fixed(130))
        let look = Look(rowContent: [RowContent(template: .grid, items: [RowItem(title: "a")])])
        let row = try #require(
            StageLayout(Fixtures.iphone14Stage(config), look: look, measuring: FixedAdvanceMeasurer()).pages.pages[0].rows.first)
        let cell = 386.0 / 3
        #expect(row.gridCells.count == 3 && row.placeholder == nil)
        for (column, frame) in row.gridCells.enumerated() {
            #expect(abs(frame.x - Double(column) * (cell + 2)) < 1e-9 && abs(frame.width - cell) < 1e-9)
            #expect(frame.y == 0 && frame.height == 128)
        }
    }

    /// Rows of 100 pt at offset −264 (expanded): the band from the tab bar's bottom (264) to
    /// the container's bottom (844) shows rows 0 to 5, row i at 100·i + 264.
    @Test func visibleRowsOfTheSelectedTab() {
        let pages = StageLayout(Fixtures.iphone14Stage(), look: Look(), measuring: FixedAdvanceMeasurer()).pages
        #expect(pages.visibleTop == 264)
        #expect(pages.pagingClip == nil)
        #expect(pages.pages.count == 1)
        #expect(pages.pages[0].rows.map(\.index) == Array(0...5))
        #expect(pages.pages[0].rows.map(\.top) == (0...5).map { Double($0) * 100 + 264 })
        let scrolled = StageLayout(
            Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 250)), look: Look(), measuring: FixedAdvanceMeasurer()
        )
        .pages
        // Collapsed: the band starts at 91 + 44 = 135; content y 385 … 1094 is rows 3 to 10.
        #expect(scrolled.pages[0].rows.map(\.index) == Array(3...10))
        #expect(scrolled.pages[0].rows.first?.top == 50)  // 300 − 250
    }

    /// Carousel cards start half the side margin plus 12 pt in, spaced by the cell width plus
    /// 24 pt — the same margin the cell size was computed with. iPhone 14 portrait: margin 12,
    /// cell (390 − 12 − 2·24) / 2.2 = 150, so cards at 18, 192 and 366 (the third peeks in).
    /// iPad Pro 11" (regular × regular): margin 60, so the first card is at 42.
    @Test func carouselCardsUseTheCellSizesMargin() {
        let carousel = ContainerConfig(tabs: [TabConfig(title: "Likes", content: .carousel(sections: 3, items: 8))])
        let phone = StageLayout(
            StageState(window: Fixtures.window("iphone-14"), container: carousel), look: Look(), measuring: FixedAdvanceMeasurer()
        ).pages
            .pages[0]
        expectClose(phone.cards[0].width, 150)
        #expect(phone.cards.count == 3)
        let xs = phone.cards.map(\.x)
        expectClose(xs[0], 18)
        expectClose(xs[1], 192)
        expectClose(xs[2], 366)
        let pad = StageLayout(
            StageState(window: Fixtures.window("ipad-pro-11"), container: carousel), look: Look(), measuring: FixedAdvanceMeasurer()
        ).pages
            .pages[0]
        #expect(pad.cards.first?.x == 42)
        expectClose(pad.cards[1].x - pad.cards[0].x, pad.cards[0].width + 24)
    }

    /// A split view on an iPad Air 11" in landscape (1180 × 820): the container is the 860 pt
    /// secondary column right of the 320 pt primary, so its three tab cells are 860 / 3 wide.
    /// Collapsed in one-third (375 pt) onto the primary, the container is not shown at all.
    @Test func splitViewColumns() {
        // iOS 18: one-third is a Split View size (iPadOS 26 has windows instead).
        let window = Fixtures.window("ipad-air-11", .landscape, settings: Fixtures.iOS18)
        let stage = StageState(window: window, container: Fixtures.issueConfig(), split: SplitConfig())
        let layout = StageLayout(stage, look: Look(), measuring: FixedAdvanceMeasurer())
        #expect(layout.showsContainer)
        #expect(layout.containerFrame == Rect(x: 320, y: 0, width: 860, height: 820))
        #expect(layout.split?.primaryFrame == Rect(x: 0, y: 0, width: 320, height: 820))
        #expect(layout.tabBar.cells[1] == Rect(x: 860.0 / 3, y: 0, width: 860.0 / 3, height: 44))
        let collapsed = StageLayout(StageState.reduce(stage, .resize(.oneThird)).0, look: Look(), measuring: FixedAdvanceMeasurer())
        #expect(!collapsed.showsContainer)
        #expect(collapsed.split?.shown == .primary)
    }
}
