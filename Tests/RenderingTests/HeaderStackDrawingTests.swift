import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// The header's stack axis as the trace, the layout and the SVG give it: one computed layout
/// per state, read the same way by all three (moved from ModelTests' `LayoutTests`, as it
/// draws the SVG with the measurer that renders).
@Suite struct HeaderStackDrawingTests {
    /// The first snapshot's container record in the trace, and the SVG of that state.
    func traceAndSVG(_ text: String) throws -> (container: [String: Any], svg: String, layout: StageLayout) {
        let run = try ScenarioRunner.run(try Fixtures.parse(text))
        let json =
            try JSONSerialization.jsonObject(with: Data(Trace.text(run.scenario, measuring: TextMeasurer.shared).utf8)) as! [String: Any]
        let step = (json["steps"] as! [[String: Any]])[0]
        let container = (step["state"] as! [String: Any])["container"] as! [String: Any]
        let state = try #require(run.snapshots.first?.state)
        let look = run.scenario.look
        return (
            container, SVGSnapshot.svg(state, look: look, measuring: TextMeasurer.shared),
            StageLayout(state, look: look, measuring: TextMeasurer.shared)
        )
    }

    /// An iPhone 15 Pro Max in landscape is regular width and compact height: the header moves
    /// to a 0.35 × 932 = 326.2 pt column at the side, where name, handle and counts stack in a
    /// column. The trace used to report "horizontal" from the width class alone.
    @Test func sideHeaderInCompactHeightStacksVertically() throws {
        let (container, svg, layout) = try traceAndSVG(Fixtures.yaml(device: "iphone-15-pro-max", extra: "orientation: landscape"))
        #expect(container["headerPlacement"] as? String == "side")
        #expect(container["stackAxis"] as? String == "vertical")
        #expect(layout.header.stackAxis == .vertical)
        #expect(layout.header.frame == Rect(x: 0, y: 0, width: 326.2, height: 430))
        #expect(layout.header.leadingInset == 75)  // the 59 pt safe area on the island's side + 16
        #expect(!svg.contains("<tspan") && svg.contains("id=\"subtitle\""), "the SVG stacks the same way")
    }

    /// The same phone with the header kept on top: regular width puts name and handle on one
    /// row and the counts on the next (subheadline, 15 pt, 6 pt under the row).
    @Test func topHeaderInRegularWidthStacksHorizontally() throws {
        let text = Fixtures.yaml(device: "iphone-15-pro-max", extra: "orientation: landscape")
            .replacingOccurrences(of: "header: {height: 220,", with: "header: {compactHeightPlacement: top, height: 220,")
        let (container, svg, layout) = try traceAndSVG(text)
        #expect(container["headerPlacement"] as? String == "top")
        #expect(container["stackAxis"] as? String == "horizontal")
        #expect(layout.header.stackAxis == .horizontal)
        let row = layout.header.texts
        #expect(row.map(\.element) == ["title", "subtitle", "stats"])
        #expect(row[0].baseline == row[1].baseline && row[1].x > row[0].x + row[0].fitted.width)
        #expect(abs(row[2].baseline - (row[0].baseline + 15 + 6)) < 0.001 && row[2].x == row[0].x)
        #expect(svg.contains("id=\"subtitle\""))
    }
}
