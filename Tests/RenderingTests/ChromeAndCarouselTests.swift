import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Status bars that match the device and what lies under them, and carousel cards that stay
/// inside the safe area with the next card peeking in.
@Suite struct ChromeAndCarouselTests {
    static let carouselTabs = """
        container:
          header: {height: 220, minHeight: 44, title: "Jane Appleseed"}
          tabs:
            - {title: Posts, rows: 30, rowHeight: 100}
            - {title: Likes, kind: carousel, sections: 6, items: 8}
        steps:
          - select: Likes
          - snapshot: cards
        """

    func state(_ header: String) throws -> StageState {
        let run = try ScenarioRunner.run(try Fixtures.parse(header + "\n" + Self.carouselTabs))
        return try #require(run.snapshots.first?.state)
    }

    /// The lines of the group with `id`, up to its closing tag.
    func group(_ id: String, in svg: String) -> String? {
        guard let start = svg.range(of: "<g id=\"\(id)\"") else { return nil }
        let rest = svg[start.lowerBound...]
        return rest.range(of: "</g>").map { String(rest[..<$0.upperBound]) }
    }

    /// iPhone 14 landscape: the side header takes 0.35 × 844 = 295.4 pt, the pages 548.6 pt, less
    /// the 47 pt right safe area: rows 501.6 pt wide. Cards are (844 − 12 − 2 × 47 − 4 × 24) / 4.2
    /// = 152.857 pt wide from x = 18, so the third (371.71…524.57) is cut at 501.6: the peek.
    @Test func landscapeCardsStopAtTheSafeEdgeAndTheLastOnePeeks() throws {
        let stage = try state("device: iphone-14\norientation: landscape")
        let pages = StageLayout(stage, look: Look(), measuring: TextMeasurer.shared).pages
        let page = try #require(pages.pages.first)
        expectClose(pages.rowWidth, 501.6)
        let clip = try #require(page.cardsClip)
        expectClose(clip.width, 501.6)
        #expect(clip.x == 0 && clip.y == 44)
        // In the window: the clip ends at the safe area's edge, 844 − 47.
        expectClose(stage.container.geometry.pagesX + pages.rowInsetLeft + clip.x + clip.width, 797)
        #expect(page.cards.count == 3)
        let last = try #require(page.cards.last)
        expectClose(last.x, 18 + 2 * (152.857_142_857 + 24), 1e-6)
        #expect(last.x < clip.width && last.x + last.width > clip.width)
        let svg = SVGSnapshot.svg(stage, look: Look(), measuring: TextMeasurer.shared)
        #expect(svg.contains("<g clip-path=\"url(#cards-clip-1)\">"))
    }

    /// iPhone 14 portrait: cards (390 − 12 − 2 × 24) / 2.2 = 150 pt at 18 and 192; the third
    /// starts at 366 and shows 24 pt before the window's edge.
    @Test func portraitCarouselShowsAPartOfTheNextCard() throws {
        let stage = try state("device: iphone-14")
        let page = try #require(StageLayout(stage, look: Look(), measuring: TextMeasurer.shared).pages.pages.first)
        #expect(page.cards.map(\.x) == [18, 192, 366])
        #expect(page.cardsClip?.width == 390)
        #expect(page.cards.allSatisfy { $0.width == 150 })
    }

    /// A home-button iPhone: signal bars from the left edge, time centred, battery on the right.
    @Test func iPhoneSEStatusBarHasTheSignalOnTheLeft() throws {
        let svg = SVGSnapshot.svg(try state("device: iphone-se"), look: Look(), measuring: TextMeasurer.shared)
        let bar = try #require(group("status-bar", in: svg))
        // 20 pt status bar: baseline 20 / 2 + 4.5 = 14.5 (StatusBarMetrics' assumed sizes,
        // each used here once). The first signal bar is 3 wide and 4.5 tall, 6 pt from the left
        // edge: its top at 14.5 − 4.5 = 10.
        #expect(bar.contains("<rect x=\"6\" y=\"10\" width=\"3\" height=\"4.5\""))
        #expect(bar.contains("<text id=\"clock\" x=\"187.5\" y=\"14.5\""))
        #expect(bar.contains("text-anchor=\"middle\""))
        // The battery (24 × 11.5 outline, 26.5 with its cap) ends 6.5 pt from the right edge:
        // x = 375 − 6.5 − 26.5 = 342; its top 11 above the baseline: 14.5 − 11 = 3.5.
        #expect(bar.contains("<rect x=\"342\" y=\"3.5\" width=\"24\" height=\"11.5\""))
        let signal = try #require(bar.range(of: "<rect x=\"6\""))
        let clock = try #require(bar.range(of: "id=\"clock\""))
        #expect(signal.lowerBound < clock.lowerBound)
    }

    @Test func slideOverWindowsHaveNoStatusBarOfTheirOwn() throws {
        // iOS 18's Slide Over (iPadOS 26's is a window with controls over the wallpaper).
        let stage = try state("device: ipad-air-11\niOSVersion: 18\norientation: landscape\nmultitasking: slide-over")
        #expect(group("status-bar", in: SVGSnapshot.svg(stage, look: Look(), measuring: TextMeasurer.shared)) == nil)
        // With the device drawn, the screen's status bar shows over the app behind, in dark glyphs.
        let framed = SVGSnapshot.svg(stage, look: Look(), deviceFrame: true, measuring: TextMeasurer.shared)
        let screenBar = try #require(group("screen-status-bar", in: framed))
        #expect(screenBar.contains("fill=\"#1c1c1e\""))
        #expect(!screenBar.contains("#ffffff"))
        // Other iPad windows keep theirs.
        let half = try state("device: ipad-air-11\niOSVersion: 18\norientation: landscape\nmultitasking: half")
        #expect(group("status-bar", in: SVGSnapshot.svg(half, look: Look(), measuring: TextMeasurer.shared)) != nil)
    }

    /// A split view: the time sits over the light primary column, the icons over the cover art
    /// of the secondary one; each takes the colour that reads there. Mirrored in right-to-left.
    @Test func splitViewGlyphsContrastWithWhatIsUnderThem() throws {
        let split = "split: {primaryTitle: Accounts}"
        let ltr = try #require(
            group(
                "status-bar",
                in: SVGSnapshot.svg(
                    try state("device: ipad-air-11\niOSVersion: 18\norientation: landscape\n" + split), look: Look(),
                    measuring: TextMeasurer.shared)))
        let text = "#0f1419"  // the light palette's text colour
        // An iPad's time on iOS 18: 20 pt from the leading edge, caption1 semibold (12 pt, tracking 0)
        // with tabular digits, its baseline 4.5 below the middle of the 24 pt status bar: 24 / 2 + 4.5 = 16.5.
        let tabular = "font-family=\"&apos;Inter Tabular&apos;, Inter, sans-serif\" font-variant-numeric=\"tabular-nums\""
        #expect(ltr.contains("id=\"clock\" x=\"20\" y=\"16.5\" font-size=\"12\" font-weight=\"600\" \(tabular) fill=\"\(text)\""))
        #expect(ltr.components(separatedBy: "fill=\"#ffffff\"").count == 9)  // 4 bars + the Wi-Fi fan + 3 battery parts
        let rtl = try #require(
            group(
                "status-bar",
                in: SVGSnapshot.svg(
                    try state("device: ipad-air-11\niOSVersion: 18\norientation: landscape\nlayoutDirection: rtl\n" + split),
                    look: Look(), measuring: TextMeasurer.shared
                )))
        // The bar mirrors: the time ends 20 pt from the right edge (1180 − 20 = 1160), over the
        // primary column there; "9:41" has no letter: a right-to-left paragraph, its right edge
        // its logical start. The icons on the left, over the cover art, are white.
        #expect(
            rtl.contains(
                "id=\"clock\" x=\"1160\" y=\"16.5\" font-size=\"12\" font-weight=\"600\" \(tabular) direction=\"rtl\" fill=\"\(text)\""
            ))
        #expect(rtl.components(separatedBy: "fill=\"#ffffff\"").count == 9)
    }
}
