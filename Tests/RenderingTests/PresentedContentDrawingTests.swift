import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// Presented content as the SVG draws it (moved from ModelTests' `PresentedContentTests`, which
/// stays free of the SVG writer).
@Suite struct PresentedContentDrawingTests {
    /// The last state of a scenario (iPad Pro 11", the issue's container) after `steps`.
    func finalState(_ extra: String = "", steps: [String]) throws -> StageState {
        let scenario = try Fixtures.parse(Fixtures.yaml(device: "ipad-pro-11", extra: extra, steps: steps + ["- snapshot: end"]))
        return try #require(try ScenarioRunner.records(scenario).last).state
    }

    /// A popover shown as a popover has no Done button (tapping outside closes it); the same
    /// content on a sheet has one, and `doneButton` decides when it is given.
    @Test func doneIsDrawnOnSheetsButNotOnPopoversUnlessAsked() throws {
        let source = "source: {x: 600, y: 300, width: 40, height: 40}"
        let cases: [(String, Bool)] = [
            ("{style: popover, \(source)}", false),
            ("{style: popover, \(source), content: {title: Options, items: [Mute], doneButton: true}}", true),
            ("{style: formSheet}", true),
            ("{style: formSheet, content: {title: Options, items: [Mute], doneButton: false}}", false),
        ]
        for (present, drawsDone) in cases {
            let state = try finalState(steps: ["- present: \(present)"])
            let layout = StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer(advance: 0.5))
            let list = try #require(layout.presentedList)
            #expect((list.doneFrame != nil) == drawsDone, "\(present)")
            #expect(layout.elements.contains { $0.name == "presented-done" } == drawsDone, "\(present)")
            let svg = SVGSnapshot.svg(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer(advance: 0.5))
            // The default iOS (26) draws Done as a glass circle around a checkmark (the word before 26).
            #expect(svg.contains("id=\"presented-done-button\"") == drawsDone, "\(present)")
        }
        // Without Done the title keeps 16 pt each side: a 200 pt popover leaves 168 pt, and 19
        // characters at 8.5 pt are 161.5 pt. With Done (4 × 8.5 = 34 pt) it would get
        // 200 − 2 × (16 + 34 + 8) = 84 pt and be cut.
        let state = try finalState(steps: [
            "- present: {style: popover, \(source), size: {width: 200, height: 300}, content: {title: \"\(String(repeating: "a", count: 19))\", items: [Mute]}}"
        ])
        let list = try #require(StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer(advance: 0.5)).presentedList)
        #expect(!list.title.isTruncated)
    }
}
