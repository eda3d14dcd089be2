import Foundation
import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// The overlap and safe-area checks over every laid-out element, with frames worked out by hand
/// (`ElementCheckWithFontsTests` checks the bundled examples with their fonts and the strict option).
@Suite struct ElementCheckTests {
    /// The header's name and handle the checks below lay out.
    static let jane = Look(header: HeaderContent(title: "Jane", subtitle: "@jane"))

    let half = FixedAdvanceMeasurer(advance: 0.5)

    @Test func twoElementsThatOverlapGiveOneWarningNamingBoth() {
        // 0...100 × 0...20 and 90...140 × 10...30 share 10 × 10 pt.
        let name = LaidOutElement("title", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        let button = LaidOutElement("follow", frame: Rect(x: 90, y: 10, width: 50, height: 20))
        let apart = LaidOutElement("stats", frame: Rect(x: 0, y: 40, width: 100, height: 20))
        #expect(
            ElementCheck.warnings([name, button, apart]) == [
                LayoutWarning(element: "title", kind: .overlap, text: "title and follow overlap by 10 × 10 pt")
            ])
    }

    @Test func touchingOtherSurfacesAndClippedAwayElementsDoNotCount() {
        let base = LaidOutElement("title", frame: Rect(x: 0, y: 0, width: 100, height: 20))
        // Edges that touch, or overlap by no more than the 0.5 pt tolerance.
        let touching = LaidOutElement("follow", frame: Rect(x: 100, y: 0, width: 50, height: 20))
        let antialiased = LaidOutElement("stats", frame: Rect(x: 0, y: 19.5, width: 100, height: 20))
        // A sheet over the container.
        let sheet = LaidOutElement("presented-title", frame: Rect(x: 10, y: 5, width: 50, height: 10), surface: .presentation)
        // A row scrolled under the tab bar: its clip starts at y = 44, so nothing of it shows.
        let scrolled = LaidOutElement(
            "row-0-0", frame: Rect(x: 0, y: 0, width: 375, height: 44), clip: Rect(x: 0, y: 44, width: 375, height: 600))
        #expect(ElementCheck.warnings([base, touching, antialiased, sheet, scrolled]).isEmpty)
    }

    @Test func anElementCutAtItsAreasBottomRunsUnderWhatIsThere() {
        // Clipped to 0...100, drawn down to 106: 6 pt under the tab bar. Cut at the top instead
        // (scrolling under the navigation bar), it is fine.
        let clip = Rect(x: 0, y: 0, width: 375, height: 100)
        let cut = LaidOutElement(
            "stats", frame: Rect(x: 16, y: 90, width: 100, height: 16), clip: clip, underneath: "the tab bar")
        let scrolledUp = LaidOutElement(
            "title", frame: Rect(x: 16, y: -8, width: 100, height: 20), clip: clip, underneath: "the tab bar")
        #expect(
            ElementCheck.warnings([cut, scrolledUp]) == [
                LayoutWarning(element: "stats", kind: .overlap, text: "stats runs 6 pt under the tab bar: its area is too short")
            ])
    }

    @Test func anElementLeavingItsRegionIsOutsideTheSafeArea() {
        // The safe area of an iPhone 15 Pro in landscape starts at x = 59.
        let safe = Rect(x: 59, y: 0, width: 734, height: 372)
        let inside = LaidOutElement("title", frame: Rect(x: 59, y: 10, width: 100, height: 20), allowedRegion: safe)
        let under = LaidOutElement("follow", frame: Rect(x: 40, y: 40, width: 96, height: 32), allowedRegion: safe)
        #expect(
            ElementCheck.warnings([inside, under]) == [
                LayoutWarning(
                    element: "follow", kind: .outsideSafeArea, text: "follow is drawn outside the safe area (it should stay inside it)")
            ])
    }

    @Test func aHeaderTooShortForItsTextWarnsThatTheCountsRunUnderTheTabBar() {
        // iPhone SE (20 pt status bar), a 160 pt header: the cover ends at 20 + 0.38 × 140 = 73.2,
        // text starts 30 pt lower at 103.2. Follow spans 83.2...115.2; the name's box (16.5 pt
        // above a baseline of 103.2 + 6 + 22 = 131.2) would start 0.5 pt above its bottom, so
        // the name moves under it: baselines name 115.2 + 16.5 = 131.7, handle + 15 + 5 =
        // 151.7, counts + 15 + 6 = 172.7; the counts' box, 172.7 − 11.25 = 161.45 to 172.7 +
        // 3.75 = 176.45, lies wholly below the header's bottom (160). The handle ends at 155.45
        // and fits. The counts end 176.45 − 73.2 = 103.25 pt under the cover, which takes 0.38
        // of every point added: the header needs 20 + 103.25 / 0.62 = 186.53, at least 187 pt.
        let config = ContainerConfig(
            header: HeaderConfig(height: 160, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        let layout = StageLayout(StageState(window: Fixtures.window("iphone-se"), container: config), look: Self.jane, measuring: half)
        #expect(
            layout.warnings == [
                LayoutWarning(
                    element: "stats", kind: .overlap,
                    text: "stats is hidden under the tab bar: its area is too short (header.height needs at least 187 pt, or height: fit)")
            ])
        #expect(layout.elements.map(\.name).prefix(while: { $0.hasPrefix("row") }).count == layout.pages.pages[0].rows.count)
        #expect(Set(layout.elements.map(\.name)).isSuperset(of: ["avatar", "title", "subtitle", "stats", "follow", "tab-0", "tab-1"]))
    }

    @Test func theCollapsedHeaderScrollingUnderTheNavigationBarIsNotAnOverlap() {
        // Collapsed: the profile is clipped away under the cover band and the title shows there.
        let config = ContainerConfig(
            header: HeaderConfig(height: 220, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        let start = StageState(window: Fixtures.window("iphone-se"), container: config)
        let collapsed = Fixtures.apply(start, .scroll(to: start.container.geometry.collapsedOffsetY + 40))
        let layout = StageLayout(collapsed, look: Self.jane, measuring: half)
        #expect(layout.header.navigationTitleOpacity == 1)
        #expect(layout.elements.contains { $0.name == "nav-title" })
        #expect(
            layout.elements.filter { ["title", "subtitle", "stats", "follow"].contains($0.name) }.allSatisfy { $0.visibleFrame == nil })
        #expect(layout.warnings.isEmpty)
    }

    @Test func theAvatarRidingOverTheStatusBarWhileCollapsingIsNotOutsideTheSafeArea() {
        // iPhone 15: safe top 59, H = 240, Hc = 59 + 44 = 103, T = 44. Half collapsed, h = 240 −
        // 0.5 × 137 = 171.5 at offset −(171.5 + 44). The cover would end at 59 + 0.38 × 181 =
        // 127.78 expanded; the avatar (radius 30) is shifted by 171.5 − 240 = −68.5, so its top
        // is at 29.28, under the status bar, still drawn over the cover.
        let config = ContainerConfig(
            header: HeaderConfig(height: 240, minHeight: 44),
            tabs: ["Posts", "Likes"].map { TabConfig(title: $0, content: .list(rows: 30, rowHeight: .fixed(100))) })
        let start = StageState(window: Fixtures.window("iphone-15"), container: config)
        let layout = StageLayout(Fixtures.apply(start, .scroll(to: -215.5)), look: Self.jane, measuring: half)
        #expect(layout.header.collapseProgress == 0.5 && layout.header.avatarOverCover)
        let avatar = layout.elements.first { $0.name == "avatar" }
        expectClose(avatar?.visibleFrame?.y ?? 0, 29.28)
        #expect(layout.warnings.isEmpty)
    }

}
