import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import Testing

/// Where a tab title is drawn, decided once by Layout and read by the SVG writer (moved from
/// ModelTests' `DecidedOnceTests`, which stays free of the SVG writer).
@Suite struct TabTitleDrawingTests {
    /// The tab titles are drawn where their elements are: on the iPhone 14 the header is
    /// 220 pt, so the 44 pt bar's top is at 220; a 15 pt title centred on the bar's middle has
    /// its baseline at 44 / 2 + 15 × 0.36 = 27.4 pt in the bar, 247.4 pt in the container (the
    /// window: the container fills it), and its box from 247.4 - 0.75 × 15 = 236.15 pt. The
    /// three fill cells are 390 / 3 = 130 pt wide: the first title is centred on x = 65.
    @Test func tabTitlesAreDrawnWhereTheirElementsAre() {
        let stage = Fixtures.iphone14Stage()
        let layout = StageLayout(stage, look: Look(), measuring: TextMeasurer.shared)
        #expect(layout.tabBar.top == 220)
        #expect(layout.tabBar.titleOrigin(0) == Point(x: 65, y: 27.4))
        let element = layout.elements.first { $0.name == "tab-0" }
        #expect(abs((element?.frame.y ?? 0) - 236.15) < 1e-9)
        #expect(abs((element?.frame.midX ?? 0) - 65) < 1e-9)
        let svg = SVGSnapshot.svg(stage, look: Look(), layout: layout)
        #expect(svg.contains("<g id=\"tab-bar\" transform=\"translate(0,220)\">"))
        // The selected title is subheadline semibold: 15 pt, weight 600, SF Pro's 15 pt tracking −0.24.
        #expect(
            svg.contains(
                "<text id=\"tab-0\" x=\"65\" y=\"27.4\" font-size=\"15\" font-weight=\"600\" letter-spacing=\"-0.24\" text-anchor=\"middle\""
            ))
    }
}
