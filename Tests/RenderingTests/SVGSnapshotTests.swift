import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import Testing

@Suite struct SVGSnapshotTests {
    func ids(_ svg: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: "id=\"([^\"]+)\"")
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { String(svg[Range($0.range(at: 1), in: svg)!]) }
    }

    /// The SVG is a function of the state alone: reached directly or through a collapsed detour,
    /// offset −200.456 puts the tab bar at h = 200.456 − 44 = 156.456, written "156.46".
    @Test func theSVGDependsOnlyOnTheState() {
        let direct = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: -200.456))
        let detour = Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 800), .drag(dy: -30), .scroll(to: -200.456))
        let svg = SVGSnapshot.svg(direct, look: Look(), measuring: TextMeasurer.shared)
        #expect(svg.contains("<g id=\"tab-bar\" transform=\"translate(0,156.46)\">"))
        #expect(SVGSnapshot.svg(detour, look: Look(), measuring: TextMeasurer.shared) == svg)
    }

    @Test func semanticIDsInAFixedOrder() {
        // Mid-drag, so the scroll indicator shows too.
        let found = ids(
            SVGSnapshot.svg(Fixtures.apply(Fixtures.iphone14Stage(), .drag(dy: 40)), look: Look(), measuring: TextMeasurer.shared))
        for id in [
            "background", "container", "page-0", "row-0-0", "header", "cover", "avatar", "title", "subtitle", "follow",
            "tab-bar", "tab-0", "tab-1", "tab-2", "indicator", "scroll-indicator", "status-bar", "notch", "home-indicator",
        ] {
            #expect(found.contains(id), "missing id \(id)")
        }
        #expect(found.firstIndex(of: "page-0")! < found.firstIndex(of: "header")!)
        #expect(found.firstIndex(of: "header")! < found.firstIndex(of: "tab-bar")!)
        #expect(found.firstIndex(of: "tab-bar")! < found.firstIndex(of: "status-bar")!)
    }

    @Test func onlyVisibleRowsAreWritten() {
        // Expanded: rows start at 264 and are 100 tall; the window ends at 844 -> rows 0...5.
        let expanded = ids(SVGSnapshot.svg(Fixtures.iphone14Stage(), look: Look(), measuring: TextMeasurer.shared)).filter {
            $0.hasPrefix("row-")
        }
        #expect(expanded == (0...5).map { "row-0-\($0)" })
        // Offset 300, header collapsed to 91: visible band 135...844 in content = 435...1144 -> rows 4...11.
        let scrolled = ids(
            SVGSnapshot.svg(Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: 300)), look: Look(), measuring: TextMeasurer.shared)
        )
        .filter { $0.hasPrefix("row-") }
        #expect(scrolled == (4...11).map { "row-0-\($0)" })
    }

    @Test func numbersHaveAtMostTwoDecimals() {
        let svg = SVGSnapshot.svg(
            Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: -201.23456)), look: Look(), measuring: TextMeasurer.shared)
        #expect(svg.range(of: "[0-9]\\.[0-9]{3,}", options: .regularExpression) == nil)
        #expect(svg.contains("translate(0,"))
    }

    @Test func textIsEscaped() {
        var config = Fixtures.issueConfig()
        config.tabs[0].title = "<b>Posts</b>"
        let look = Look(header: HeaderContent(title: "<script>\"x\" & 'co'", subtitle: "@jane"))
        let svg = SVGSnapshot.svg(Fixtures.iphone14Stage(config), look: look, measuring: TextMeasurer.shared)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains("&lt;script&gt;&quot;x&quot; &amp; &apos;co&apos;"))
        #expect(svg.contains("&lt;b&gt;Posts&lt;/b&gt;"))
    }

    @Test func charactersXMLCannotCarryAreDropped() {
        let look = Look(header: HeaderContent(title: "a\u{1}b\u{FFFF}c\td\u{FFFE}é🙂ﬀ", subtitle: "@jane"))
        let svg = SVGSnapshot.svg(Fixtures.iphone14Stage(), look: look, measuring: TextMeasurer.shared)
        #expect(svg.contains(">abc dé🙂ﬀ</text>"), "control characters and U+FFFE/FFFF dropped, tab as a space, other text kept")
        #expect(xmlEscape(look.header.title) == "abc dé🙂ﬀ")
    }

    @Test func selectedTabIsBoldAndIndicatorFollowsIt() {
        let svg = SVGSnapshot.svg(Fixtures.apply(Fixtures.iphone14Stage(), .select(2)), look: Look(), measuring: TextMeasurer.shared)
        #expect(svg.contains("id=\"indicator\" x=\"260\" y=\"41\" width=\"130\" height=\"3\""))
        #expect(svg.contains("id=\"tab-2\" x=\"325\""))
        #expect(svg.range(of: "id=\"tab-2\"[^>]*font-weight=\"600\"", options: .regularExpression) != nil)
        #expect(svg.range(of: "id=\"tab-0\"[^>]*font-weight=", options: .regularExpression) == nil)
    }

    @Test func tabBarSitsUnderTheHeader() {
        let svg = SVGSnapshot.svg(Fixtures.apply(Fixtures.iphone14Stage(), .scroll(to: -200)), look: Look(), measuring: TextMeasurer.shared)
        #expect(svg.contains("<g id=\"tab-bar\" transform=\"translate(0,156)\">"))
    }

    @Test func oneTabHasNoTabBar() {
        var config = Fixtures.issueConfig()
        config.tabs = [config.tabs[0]]
        #expect(!SVGSnapshot.svg(Fixtures.iphone14Stage(config), look: Look(), measuring: TextMeasurer.shared).contains("id=\"tab-bar\""))
    }

    @Test func landscapeDrawsTheSideHeaderAndNoStatusBar() {
        let svg = SVGSnapshot.svg(Fixtures.iphone14Stage(Fixtures.issueConfig(), .landscape), look: Look(), measuring: TextMeasurer.shared)
        #expect(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"844\" height=\"390\""))
        #expect(svg.contains("<g id=\"page-0\" transform=\"translate(295.4,0)\">"))
        #expect(!svg.contains("id=\"status-bar\""))
    }
}
