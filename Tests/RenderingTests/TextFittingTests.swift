import Foundation
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import Testing

/// Measured text: tail truncation, the scrollable tab bar, layout warnings, and the real
/// measurer against the pixels it predicts. Hand-worked with a measurer that gives every
/// character half its font size (7.5 pt at the tab bar's 15 pt, 10 pt at the name's 20 pt).
@Suite struct TextFittingTests {
    let half = FixedAdvanceMeasurer(advance: 0.5)

    /// A font of `size` points with nothing else to it, for the fixed-advance measurer.
    static func font(_ size: Double) -> TextFont { TextFont(style: .body, size: size, lineHeight: size) }

    /// Five tabs; with half-size advances the titles are 37.5, 52.5, 75, 60 and 37.5 pt wide.
    func fiveTabs(layout: TabBarMode = .automatic) -> ContainerConfig {
        ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabBar: TabBarConfig(layout: layout),
            tabs: ["Posts", "Replies", "Highlights", "Articles", "Media"].map {
                TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100)))
            })
    }

    func seStage(_ config: ContainerConfig) -> StageState {
        StageState(window: Fixtures.window("iphone-se"), container: config)
    }

    @Test func fittingKeepsWhatFitsAndCutsTheTailWithAnEllipsis() {
        // 20 pt: 10 pt a character. "Jane" is 40 pt.
        let whole = FittedText("Jane", font: Self.font(20), available: 40, measuring: half)
        #expect(whole.text == "Jane" && !whole.isTruncated && whole.width == 40)
        // 95 pt holds 9 characters: 8 of the text and "…"; the space before "D" is dropped.
        let cut = FittedText("Jane Doe-Smith", font: Self.font(20), available: 95, measuring: half)
        #expect(cut.text == "Jane Doe…" && cut.isTruncated && cut.width == 90 && cut.original == "Jane Doe-Smith")
        let spaceDropped = FittedText("Jane Doe", font: Self.font(20), available: 59, measuring: half)
        #expect(spaceDropped.text == "Jane…")  // "Jane " + "…" would be 6 characters; the space goes
        #expect(FittedText("Jane", font: Self.font(20), available: 5, measuring: half).text == "…")
    }

    @Test func fiveLongTitlesOnAnSESwitchToScrollable() {
        // iPhone SE: 375 pt. Equal cells are 75 pt, leaving 43 pt for a title: "Replies" (52.5)
        // does not fit, so automatic scrolls. Each tab is its title + 32 pt, from the left.
        let bar = StageLayout(seStage(fiveTabs()), look: Look(), measuring: half).tabBar
        #expect(bar.mode == .scrollable)
        #expect(bar.offsetX == 0)
        #expect(bar.cells.map(\.x) == [0, 69.5, 154, 261, 353])
        #expect(bar.cells.map(\.width) == [69.5, 84.5, 107, 92, 69.5])
        #expect(bar.indicator.x == 0 && bar.indicator.width == 69.5)
        #expect(bar.titles.allSatisfy { !$0.isTruncated })
    }

    @Test func selectingTheLastTabScrollsItFullyIntoView() {
        // Content 422.5 pt in 375: the offset runs 0...47.5. Centring Media (353 + 34.75 − 187.5
        // = 200.25) clamps to 47.5, which puts Media at 305.5...375: fully visible.
        let bar = StageLayout(Fixtures.apply(seStage(fiveTabs()), .select(4)), look: Look(), measuring: half).tabBar
        #expect(bar.offsetX == 47.5)
        #expect(bar.cells[4].x == 305.5 && bar.cells[4].maxX == 375)
        #expect(bar.indicator.x == 305.5 && bar.indicator.width == 69.5)
        // Highlights centres exactly: 154 + 53.5 − 187.5 = 20.
        let middle = StageLayout(Fixtures.apply(seStage(fiveTabs()), .select(2)), look: Look(), measuring: half).tabBar
        #expect(middle.offsetX == 20 && middle.cells[2].midX == 187.5)
    }

    @Test func pagingLerpsTheOffsetAndTheIndicator() {
        // Halfway from Posts (offset 0, 0/69.5) to Highlights (offset 20, 154/107).
        let paging = Fixtures.apply(seStage(fiveTabs()), .swipe(to: 2, progress: 0.5, finish: false))
        let bar = StageLayout(paging, look: Look(), measuring: half).tabBar
        #expect(bar.offsetX == 10)
        #expect(bar.indicator.x == 77 - 10 && bar.indicator.width == 88.25)
    }

    @Test func rightToLeftBarsStartAtTheRight() {
        // Mirrored: Posts at 422.5 − 69.5 = 353 in the content, which starts scrolled to its
        // right end (offset 47.5) so Posts sits at 305.5...375.
        let window = Fixtures.window("iphone-se", settings: DisplaySettings(layoutDirection: .rtl))
        let bar = StageLayout(StageState(window: window, container: fiveTabs()), look: Look(), measuring: half).tabBar
        #expect(bar.offsetX == 47.5)
        #expect(bar.cells[0].x == 305.5 && bar.cells[4].x == -47.5)
    }

    @Test func fillTruncatesTitlesThatDoNotFitTheirCell() {
        // Forced fill: 75 pt cells leave 43 pt: "Highlights" keeps 4 characters and "…" (37.5 pt).
        let layout = StageLayout(seStage(fiveTabs(layout: .fill)), look: Look(), measuring: half)
        #expect(layout.tabBar.mode == .fill)
        #expect(layout.tabBar.cells.map(\.width) == [75, 75, 75, 75, 75])
        #expect(layout.tabBar.titles[2].text == "High…")
        #expect(layout.warnings.contains(LayoutWarning(element: "tab-2", kind: .truncated, text: "'Highlights' is truncated to 'High…'")))
    }

    @Test func aLongNameTruncatesAtTheFullWidthUnderTheButtonAndIsNamedInAWarning() {
        // The button sits on the row above, so the name (title2, 22 pt: 11 pt a character) has
        // 375 − 2 × 16 = 343 pt: 31 characters, 30 of the name and "…" (341 pt).
        let name = "Maximilian Alexander Featherstonehaugh"
        let layout = StageLayout(
            seStage(fiveTabs()), look: Look(header: HeaderContent(title: name, subtitle: "@jane")), measuring: half)
        let title = layout.header.texts.first { $0.element == "title" }
        #expect(title?.fitted.text == "Maximilian Alexander Featherst…")
        #expect(title?.fitted.width == 341)
        #expect(
            layout.warnings.first
                == LayoutWarning(
                    element: "title", kind: .truncated,
                    text: "'\(name)' is truncated to 'Maximilian Alexander Featherst…'"))
        // The name's line (three quarters of 22 pt, 16.5, above its baseline) starts at the button's bottom.
        let button = layout.header.followButton!
        #expect(abs(title!.baseline - 16.5 - button.maxY) < 1e-9)
    }

    @Test func landscapeTabsStayClearOfTheDynamicIsland() {
        // iPhone 15 Pro in landscape: 59 pt safe areas left and right. Three equal cells share
        // 852 − 118 = 734 pt, from x = 59.
        let window = Fixtures.window("iphone-15-pro", .landscape)
        var config = Fixtures.issueConfig()
        config.header.compactHeightPlacement = .top
        let layout = StageLayout(StageState(window: window, container: config), look: Look(), measuring: half)
        #expect(window.safeArea.left == 59 && window.safeArea.right == 59)
        #expect(layout.tabBar.cells.first?.x == 59)
        expectClose(layout.tabBar.cells.last!.maxX, 852 - 59)
        #expect(layout.tabBar.indicator.x == 59)
        #expect(layout.tabBar.background.x == 0 && layout.tabBar.background.width == 852)
    }

    /// The real measurer predicts the renderer: text drawn twice in a row ends exactly one
    /// measured width further right than text drawn once (4 px a point, within half a pixel).
    @Test func measuredWidthsMatchTheRenderedPixels() throws {
        // Subheadline: 15 pt, tracking −0.24; semibold, regular, and regular with tabular digits.
        let subheadline = TextStyle.subheadline.font(for: .L)
        for (text, font) in [
            ("Highlights", subheadline.weight(600)), ("Replies", subheadline), ("Jane Appleseed", subheadline.weight(700)),
            ("1,111 Following", subheadline.monospacedDigits),
        ] {
            let width = TextMeasurer.shared.width(of: text, font: font)
            let once = try inkRight(text, font: font)
            let twice = try inkRight(text + text, font: font)
            #expect(abs((twice - once) / 4 - width) < 0.5, "\(text): measured \(width), drawn \((twice - once) / 4)")
        }
        #expect(
            TextMeasurer.shared.width(of: "Highlights", font: subheadline.weight(600))
                > TextMeasurer.shared.width(of: "Highlights", font: subheadline))
    }

    /// The rightmost column with ink, in pixels, of `text` drawn at x = 10 pt at 4 px a point,
    /// as the painter writes `font`.
    private func inkRight(_ text: String, font: TextFont) throws -> Double {
        let family = font.tabularDigits ? "&apos;Inter Tabular&apos;, Inter, sans-serif" : "Inter, sans-serif"
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="400" height="40" font-family="\(family)">\
            <rect width="400" height="40" fill="#ffffff"/>\
            <text x="10" y="28" font-size="\(font.size)" font-weight="\(font.weight)" letter-spacing="\(font.tracking)" \
            fill="#000000">\(text)</text></svg>
            """
        let image = try Rasterizer.render(svg: svg, scale: 4)
        var right = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] < 128 { right = max(right, x) }
        }
        return Double(right)
    }
}

@Suite struct ScrollIndicatorVisibilityTests {
    /// At rest after a scroll there is no indicator; during a drag there is.
    @Test func theIndicatorShowsOnlyWhileScrolling() throws {
        let half = FixedAdvanceMeasurer(advance: 0.5)
        let resting = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 300))
        #expect(StageLayout(resting, look: Look(), measuring: half).pages.scrollIndicator == nil)
        let dragging = Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: 120))
        // Dragged 120 pt down from −264 to −144: the header is 144 − 44 = 100 tall, so the pages
        // start at 144 and the track at 144 + 3 = 147, ending 3 pt above the 34 pt home
        // indicator: 844 − 34 − 3 − 147 = 660 long. The knob is the visible share of the content
        // (3000 + 264 + 34 = 3298 pt): 660 × 844 / 3298 = 168.9024 (at least 36), and it has
        // moved 120 / (2190 + 264) of the remaining 660 − 168.9024: top 147 + 24.0146 = 171.0146.
        // 3 pt wide, 3 pt in from the right edge: x = 390 − 3 − 3 = 384.
        let indicator = try #require(StageLayout(dragging, look: Look(), measuring: half).pages.scrollIndicator)
        expectClose(indicator.x, 384)
        expectClose(indicator.width, 3)
        expectClose(indicator.height, 660 * 844 / 3298.0)
        expectClose(indicator.height, 168.9024, 0.0001)
        expectClose(indicator.y, 147 + 120 / 2454.0 * (660 - 660 * 844 / 3298.0))
        expectClose(indicator.y, 171.0146, 0.0001)
    }
}
