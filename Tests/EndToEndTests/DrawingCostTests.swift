import Foundation
import TabStageLayout
import TabStageModel
@_spi(Fuzzing) import TabStageScenario
import TabStageTestSupport
import Testing

@testable import TabStageScenario

/// The drawing cost model: each attack from the issue, built here, is refused before librsvg
/// sees it, with its estimate and the limit; rows within the budgets are accepted with their
/// cost counted by hand.
@Suite struct DrawingCostTests {
    func refusal(_ fragment: String) -> RowTemplateError? {
        if case .failure(let error) = SVGFragmentChecker.check(fragment, idPrefix: "") { return error }
        return nil
    }

    /// 700 circles dashed `0.01 0.01` took 30 s a snapshot.
    @Test func fineDashesAreCountedAndRefused() throws {
        let circles = (0..<700).map {
            "<circle cx=\"\($0 % 390)\" cy=\"50\" r=\"20\" fill=\"none\" stroke=\"#000\" stroke-dasharray=\"0.01 0.01\"/>"
        }
        let error = try #require(refusal("<g>\n" + circles.joined(separator: "\n") + "\n</g>"))
        // One circle: 2π·20 = 125.66 long, a 0.02 period: ⌈6283.19⌉ = 6284 dashes; the second
        // circle (line 3) brings the row to 12,568 > 10,000.
        #expect(error.line == 3)
        #expect(error.message == "stroke-dasharray \"0.01 0.01\" on <circle> makes 12568 dash segments in the row, over the limit")
        #expect(error.expected == "at most 10000 dashes in a row: a longer dash pattern, or fewer dashed shapes")
        // Inherited from a group, through style: the same count.
        #expect(
            refusal("<g style=\"stroke: #000; stroke-dasharray: 0.01\">" + String(repeating: "<circle r=\"20\"/>", count: 2) + "</g>")
                != nil)
        // A plain dashed circle: 125.66 / 4 = 31.4, 32 dashes of one dash each.
        let cost = try SVGFragmentChecker.checkWithCost("<circle r=\"20\" stroke=\"red\" stroke-dasharray=\"2 2\"/>", idPrefix: "").get()
            .cost
        #expect(cost.dashSegments == 32)
        // Not stroked: no dashes drawn, whatever the pattern.
        #expect(refusal(String(repeating: "<circle r=\"20\" stroke-dasharray=\"0.01\"/>", count: 700)) == nil)
    }

    /// 20 stacks of 60 nested `<g opacity>`: 10 s and 777 MB.
    @Test func nestedOpacityIsBounded() throws {
        let stack =
            String(repeating: "<g opacity=\"0.9\">", count: 60) + "<rect width=\"9\" height=\"9\"/>" + String(repeating: "</g>", count: 60)
        let error = try #require(refusal(Array(repeating: stack, count: 20).joined(separator: "\n")))
        #expect(error.message == "<g> nests layers (opacity below 1, mask) 5 deep, over the limit")
        #expect(error.expected == "at most 4 nested layers")
        // Four deep is accepted: 4 layers. Five such stacks are 20 layers, over 16 a row.
        let four = String(repeating: "<g opacity=\"0.9\">", count: 4) + "<rect/>" + String(repeating: "</g>", count: 4)
        #expect(try SVGFragmentChecker.checkWithCost(four, idPrefix: "").get().cost.layers == 4)
        #expect(refusal(String(repeating: four, count: 5))?.message == "the row draws 17 layers (opacity below 1, masks), over the limit")
    }

    /// 20 rects masked by a 60-deep mask chain: 29.5 s and 1.52 GB; a mask that masks itself.
    @Test func maskChainsAreBounded() throws {
        let masks = (0..<60).map {
            "<mask id=\"m\($0)\"><rect width=\"9\" height=\"9\"\($0 < 59 ? " mask=\"url(#m\($0 + 1))\"" : "")/></mask>"
        }
        let fragment =
            "<defs>" + masks.joined() + "</defs>" + String(repeating: "<rect width=\"9\" height=\"9\" mask=\"url(#m0)\"/>", count: 20)
        let error = try #require(refusal(fragment))
        // m0 is named by the rect (1 deep), m1 by m0's content (2), m2 (3), m3 (4): the first over 3.
        #expect(error.message == "<mask id=\"m3\"> is 4 deep in a chain of clip paths and masks, over the limit")
        // Three deep is accepted.
        let three = "<defs>" + masks[57...].joined() + "</defs><rect mask=\"url(#m57)\"/>"
        #expect(refusal(three) == nil)
        #expect(
            refusal("<defs><mask id=\"a\"><rect mask=\"url(#a)\"/></mask></defs><rect mask=\"url(#a)\"/>")?.message
                == "<mask id=\"a\"> refers to itself through clip-path or mask")
        // A clip path used 1,001 times with one shape inside: 1,001 elements drawn again.
        let clipped = "<defs><clipPath id=\"c\"><rect/></clipPath></defs>" + String(repeating: "<rect clip-path=\"url(#c)\"/>", count: 1001)
        #expect(refusal(clipped)?.message == "the row draws 1001 elements again through clip-path and mask, over the limit")
    }

    /// An 8,000-vertex even-odd polygon: 4.4 s a row.
    @Test func pathSegmentsAreBounded() throws {
        let points = (0..<8000).map { "\(($0 * 7919) % 390),\(($0 * 104_729) % 100)" }.joined(separator: " ")
        let error = try #require(refusal("<polygon fill-rule=\"evenodd\" points=\"\(points)\"/>"))
        // 7,999 edges between the points and one closing edge.
        #expect(error.message == "<polygon> has 8000 segments, over the limit")
        // Path data: M then 500 implicit line-tos is 500 segments (accepted); 501 is refused.
        let path = "M0 0" + String(repeating: " 1 1", count: 500)
        #expect(try SVGFragmentChecker.checkWithCost("<path d=\"\(path)\"/>", idPrefix: "").get().cost.vertices == 500)
        #expect(refusal("<path d=\"\(path) 2 2\"/>")?.message == "<path> has 501 segments, over the limit")
        // Arcs with flags written without separators are read, not skipped: 2 segments.
        #expect(try SVGFragmentChecker.checkWithCost("<path d=\"M0 0a5 5 0 011 1a5 5 0 1 1 2 2\"/>", idPrefix: "").get().cost.vertices == 2)
        // Five paths of 500 are 2,500 segments, over 2,000 a row.
        #expect(
            refusal(String(repeating: "<path d=\"\(path)\"/>", count: 5))?.message == "the row's paths have 2500 segments, over the limit")
    }

    @Test func textPerRowIsBounded() throws {
        let text = "<text>" + String(repeating: "a", count: 1000) + "</text>"
        #expect(refusal(String(repeating: text, count: 4)) == nil)
        // A fifth full <text> makes 5,000 characters.
        #expect(refusal(String(repeating: text, count: 5))?.message == "the row's text is 5000 characters, over the limit")
    }

    /// Each tag can stand for an item's text: 300 tags of 1,000 characters are 300 KB a row.
    @Test func aRenderedRowIsAtMost256KiB() throws {
        let template = try #require(CheckedRowTemplate(String(repeating: "<desc>{{text}}</desc>", count: 300)))
        let row = template.render(
            item: RowItem(text: String(repeating: "x", count: 1000)), index: 0, width: 1, height: 1, dark: false, idPrefix: "")
        guard case .failure(let error) = row else {
            Issue.record("accepted a 300 KB row")
            return
        }
        // 300 × (6 + 1,000 + 7) = 303,900 bytes.
        #expect(error.message == "the rendered row is 303900 bytes, over the limit")
    }

    /// `{{=[ ]=}}` then 20,000 `[a]` bypassed the 2,000-`{` limit (4.4 s for one tab).
    @Test func aDelimiterChangeDoesNotBypassTheTagLimit() throws {
        let source = "{{=[ ]=}}\n" + String(repeating: "<desc>[a]</desc>", count: 20_000)
        guard case .failure(let error) = RowTemplateRenderer.compile(source) else {
            Issue.record("compiled 20,000 tags after a delimiter change")
            return
        }
        // Two '{' in the change tag, then one '[' per tag: the 2,001st is on line 2.
        #expect(error.line == 2)
        #expect(error.message == "the template has more than 2000 '{' and '[' (its tag delimiter) characters")
        // 1,998 tags in the new delimiters still compile and render.
        let fine = "{{=[ ]=}}\n" + String(repeating: "<desc>[title]</desc>", count: 1998)
        let template = try RowTemplateRenderer.compile(fine).get()
        #expect(template.render(["title": "A"]).components(separatedBy: "<desc>A</desc>").count - 1 == 1998)
    }

    /// Ten tabs sharing one 1,000-item file and one template were checked 10 × 1,000 × 2 times;
    /// now once per distinct item (the title is an attribute here, so each value is its own
    /// class), and the dark row only where it differs by more than the palette.
    @Test func templatesAreCheckedOncePerItem() throws {
        let items = (0..<1000).map { RowItem(title: "\($0)", text: String(repeating: "x", count: 200)) }
        let source =
            "<rect fill=\"{{background}}\" x=\"{{title}}\" width=\"{{width}}\" height=\"{{height}}\"/><text fill=\"{{label}}\">{{title}} {{text}}</text>"
        var probes = TemplateProbes()
        for _ in 0..<10 { _ = try probes.probe(source: source, file: "t.svg.mustache", items: items) }
        #expect(probes.checks == 1000)
        // A template that draws differently in dark mode is checked in both appearances; an item
        // given twice, once.
        var both = TemplateProbes()
        _ = try both.probe(
            source: "<g>{{#dark}}<rect/>{{/dark}}<text x=\"{{title}}\">{{title}}</text></g>", file: "d.svg.mustache", items: items + items)
        #expect(both.checks == 2000)
        // A palette colour inside url(…) names an id: the dark row is checked too, and refused
        // here (the light label #0f1419 is declared as an id, the dark one #e7e9ea is not).
        var references = TemplateProbes()
        #expect(throws: ScenarioError.self) {
            _ = try references.probe(
                source: "<g id=\"0f1419\"/><rect fill=\"url({{label}})\"/>", file: "r.svg.mustache", items: [RowItem()])
        }
    }

    /// Rows a snapshot can show × what each draws: 300 rects in 1-pt rows on an iPhone 15
    /// (852 pt tall) are 2 × (852 + 1) = 1,706 rows, 511,800 elements.
    @Test func aSnapshotOfManyRowsIsBounded() throws {
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 300) + "\n", "row.svg.mustache", in: folder)
        let scenario = { (height: Int) in
            "device: iphone-15\ncontainer:\n  tabs:\n    - {title: A, rows: 1000, rowHeight: \(height), template: row.svg.mustache, items: [{title: a}]}\n"
                + "    - {title: B, rows: 3}\nsteps: [{snapshot: s}]\n"
        }
        try cli.write(scenario(1), "tiny.yaml", in: folder)
        let run = try cli.tabstage(["run", "tiny.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "tiny.yaml:4:54: error: the template draws 300 elements a row, and one snapshot can show 1706 1-pt rows: 511800 elements, over the limit (expected at most 100000 elements of template rows in one snapshot: taller rows, or a lighter template)\n"
        )
        // 100-pt rows: 2 × (⌈8.52⌉ + 1) = 20 rows, 6,000 elements: drawn.
        try cli.write(scenario(100), "tall.yaml", in: folder)
        #expect(try cli.tabstage(["run", "tall.yaml", "--out", "out", "--format", "svg"], in: folder).status == 0)
    }

    /// A 600,000-wide rect dashed `1em` at font-size 0.05 (a 0.1 period, 12 million dashes) took
    /// 32 s and 1.6 GB: the estimate counted every `em` as 8,192 units, so the period looked
    /// 80,000 times longer than it is. A dash length in `em`, `ex` or `%` is refused; an `em` in a
    /// shape's size counts the larger of the font size and 8,192.
    @Test func relativeDashLengthsAreRefused() throws {
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cli.write(
            "<rect x=\"1\" y=\"1\" width=\"600000\" height=\"90\" fill=\"none\" stroke=\"red\" stroke-width=\"1\" font-size=\"0.05\" stroke-dasharray=\"1em\"/>\n",
            "row.svg.mustache", in: folder)
        try cli.write(
            "device: iphone-se\ncontainer:\n  tabs:\n    - {title: A, rows: 5000, rowHeight: 100, template: row.svg.mustache, items: [{title: hello}]}\n"
                + "    - {title: B, rows: 3}\nsteps: [snapshot: a]\n", "dash.yaml", in: folder)
        let run = try cli.tabstage(["run", "dash.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("row.svg.mustache:1:"))
        #expect(
            run.stderr.hasSuffix(
                "error: stroke-dasharray \"1em\" on <rect> is in em, which tabstage cannot bound (expected dash lengths in user units, px, pt, pc, in, cm or mm, so the row's dashes can be counted)\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // ex and % too, through style and in a list.
        #expect(refusal("<line x2=\"9\" style=\"stroke: red; stroke-dasharray: 2 1ex\"/>")?.message.contains("is in ex,") == true)
        #expect(refusal("<line x2=\"9\" stroke=\"red\" stroke-dasharray=\"1%,2\"/>")?.message.contains("is in %,") == true)
        // The same rect dashed 0.1 in user units: 2 × (600,000 + 90) / 0.1 = 12,001,800 dashes.
        #expect(
            refusal("<rect width=\"600000\" height=\"90\" stroke=\"red\" stroke-dasharray=\"0.05\"/>")?.message
                == "stroke-dasharray \"0.05 0.05\" on <rect> makes 12001800 dash segments in the row, over the limit")
        // 2em at font-size 10,000 is 20,000 wide (not 2 × 8,192): 2 × 20,000 / 20 = 2,000 dashes.
        let wide = try SVGFragmentChecker.checkWithCost(
            "<rect width=\"2em\" font-size=\"10000\" stroke=\"red\" stroke-dasharray=\"10\"/>", idPrefix: ""
        ).get().cost
        #expect(wide.dashSegments == 2000)
        // A font size in em scales its parent's: 2em of 100 is 200; five characters are at most
        // 5 × 8 × 200 = 8,000 long, a period of 2: 4,000 dashes.
        let text = try SVGFragmentChecker.checkWithCost(
            "<g font-size=\"100\"><text font-size=\"2em\" stroke=\"red\" stroke-dasharray=\"1\">abcde</text></g>", idPrefix: ""
        ).get()
            .cost
        #expect(text.dashSegments == 4000)
    }
}
