import Adaptive
import Foundation
import Layout
import Motion
import Raster
import SVGSnapshot
import ScrollableTab
import Stage
import Testing

@testable import RowTemplates
@testable import ScenarioFormat

/// What loading a scenario costs is bounded before anything is drawn: template checks are
/// counted in rows checked and bytes rendered, never in time.
@Suite struct TemplateCheckBudgetTests {
    /// A 31 KB template of 1,000 `<desc>{{title}}</desc>` and 1,000 items of 207 to 209
    /// characters: each item's row (about 221 KB) was parsed and checked, 1,000 times (about
    /// 221 MB of XML). The title is shown only as text, so items are checked once per title
    /// length: "Item 0 " … "Item 9 " (7 characters), "Item 10 " … "Item 99 " (8) and
    /// "Item 100 " … "Item 999 " (9), each followed by 200 'x': three rows checked, the dark
    /// row never (no palette colour in the template, so it is the light row again).
    @Test func itemsShownOnlyAsTextAreCheckedOncePerLength() throws {
        let source = String(repeating: "<desc>{{title}}</desc>", count: 1000)
        #expect(source.utf8.count == 22_000)
        let items = (0..<1000).map { RowItem(title: "Item \($0) " + String(repeating: "x", count: 200)) }
        var probes = TemplateProbes()
        let cost = try probes.probe(source: source, file: "t.svg.mustache", items: items)
        #expect(probes.checks == 3)
        // The longest row: 1,000 × (13 + 209) = 222,000 bytes.
        #expect(cost.bytes == 222_000)
        // Rendered: 3 classes × 2 appearances × 1,000 × (13 + 207, 208 or 209) bytes
        // = 2,000 × (220 + 221 + 222) = 1,326,000, and the marker renderings that find the
        // title shown as text only: per appearance 1,000 × (13 + 13) and 1,000 × (13 + 15)
        // bytes (the two markers escaped), so 2 × (26,000 + 28,000) = 108,000.
        #expect(probes.bytes == 1_326_000 + 108_000)
    }

    /// The same length, one field in an attribute: the value itself decides what is accepted,
    /// so every distinct item is still checked (1,000 items, 1,000 checks), and the row's
    /// contents stay checked for each one.
    @Test func itemsShownInAttributesAreCheckedOneByOne() throws {
        let source = "<rect x=\"{{title}}\" width=\"1\" height=\"1\"/><text>{{subtitle}}</text>"
        let items = (0..<1000).map { RowItem(title: "\($0)", subtitle: "same") }
        var probes = TemplateProbes()
        _ = try probes.probe(source: source, file: "t.svg.mustache", items: items + items)
        #expect(probes.checks == 1000)
        // Hostile values are refused whichever class they fall in: an attribute value checked as
        // itself, a long text as its length.
        let hostile = items + [RowItem(title: "url(#x)", subtitle: "same")]
        var refused = TemplateProbes()
        #expect(throws: ScenarioError.self) { _ = try refused.probe(source: source, file: "t.svg.mustache", items: hostile) }
        let long = items + [RowItem(title: "1", subtitle: String(repeating: "y", count: 1001))]
        var tooLong = TemplateProbes()
        do {
            _ = try tooLong.probe(source: source, file: "t.svg.mustache", items: long)
            Issue.record("accepted a <text> of 1,001 characters")
        } catch {
            #expect(error.message == "a <text> in the rendered row holds more than 1000 characters")
        }
    }

    /// A value that a transform changes, or one shown unescaped, is never grouped by length:
    /// `{{{title}}}` with an item holding markup is refused at that item.
    @Test func transformedOrUnescapedFieldsAreCheckedAsThemselves() throws {
        let items = (0..<50).map { RowItem(title: "t\($0 % 10)") } + [RowItem(title: "<a>")]
        for source in ["<text>{{{title}}}</text>", "<text>{{& title}}</text>"] {
            var probes = TemplateProbes()
            #expect(throws: ScenarioError.self, "\(source)") { _ = try probes.probe(source: source, file: "t.svg.mustache", items: items) }
        }
        // `reversed` and `uppercased` show the value changed: each distinct value is checked.
        for source in ["<text>{{reversed(title)}}</text>", "<text>{{uppercased(title)}}</text>"] {
            var probes = TemplateProbes()
            _ = try probes.probe(source: source, file: "t.svg.mustache", items: Array(items.prefix(50)))
            #expect(probes.checks == 10, "\(source)")
        }
        // Only the length of a plain value counts: a value ending in a combining mark could join
        // the template's next character, so it is checked as itself.
        #expect(ItemClasses.plainCounts("abc") ?? (0, 0) == (3, 3))
        #expect(ItemClasses.plainCounts("a<b") ?? (0, 0) == (3, 6))
        #expect(ItemClasses.plainCounts("e\u{301}") == nil)
        #expect(ItemClasses.plainCounts("a\nb") == nil)
    }

    /// A 43 KB template whose 1,000 `{{title}}` are attributes, and 1,000 items: every item is
    /// its own class, and each renders 2 × 1,000 × (34 + digits) bytes (light and dark). With
    /// the marker renderings that find the title in an attribute (light only, since no field is
    /// left to look for in dark: 1,000 × (34 + 13) + 1,000 × (34 + 15) = 96,000 bytes), items
    /// 1–10 (one digit, 70,000 each: 700,000) and items 11–55 (two digits, 72,000 each:
    /// 3,240,000) reach 4,036,000 bytes at item 55, the first past 4,000,000 (item 54 left
    /// 3,964,000): refused there, at the tab's items, with nothing rendered for the 945 after it.
    @Test func templateChecksOverTheirByteBudgetAreRefusedAtTheItems() throws {
        let cli = CommandLineTests()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unit = "<rect x=\"{{title}}\" width=\"1\" height=\"1\"/>\n"
        #expect(unit.utf8.count == 43)
        try cli.write(String(repeating: unit, count: 1000), "row.svg.mustache", in: folder)
        try cli.write((0..<1000).map { "- {title: '\($0)'}" }.joined(separator: "\n") + "\n", "items.yaml", in: folder)
        try cli.write(
            "device: iphone-15\ncontainer:\n  tabs:\n    - {title: A, rows: 3, rowHeight: 100, template: row.svg.mustache, items: items.yaml}\nsteps: [{snapshot: s}]\n",
            "p.yaml", in: folder)
        let run = try cli.tabstage(["run", "p.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "p.yaml:4:78: error: checking the template 'row.svg.mustache' against item 55 of 1000 takes the rows rendered to check templates to 4036000 bytes, over the limit (expected at most 4000000 bytes of rows checked per scenario; items that differ only in the length of the text they show are checked once: fewer distinct items, or a smaller template)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}

/// A snapshot's SVG is estimated from what it will draw before it is built, and still counted
/// while it is built.
@Suite struct SVGEstimateTests {
    /// A picture whose `data:` URI is `bytes` long: no decoding involved, only its size counts.
    static func picture(_ bytes: Int) -> EmbeddedImage {
        let prefix = "data:image/png;base64,"
        return EmbeddedImage(
            width: 100, height: 100, embeddedWidth: 100, embeddedHeight: 100,
            dataURI: prefix + String(repeating: "A", count: bytes - prefix.utf8.count))
    }

    static func stage(_ template: RowTemplate, _ items: [RowItem], rowHeight: Double) -> StageState {
        var config = Fixtures.issueConfig()
        config.tabs[0] = TabConfig(
            title: config.tabs[0].title, content: .list(rows: 40, rowHeight: .fixed(rowHeight)),
            rowContent: RowContent(template: template, items: items))
        return Fixtures.iphone14Stage(config)
    }

    /// Eight `media` items, each a distinct picture of 3,000,000 + i bytes, in 100-pt rows: the
    /// rows on screen show items 0 to k − 1 once each, so the estimate holds their pictures,
    /// k × 3,000,000 + (0 + … + k − 1) bytes, over 10,000,000 once k ≥ 4. Refused before drawing,
    /// naming the rows it was estimated from.
    @Test func picturesOfTheRowsShownAreEstimatedBeforeDrawing() throws {
        let items = (0..<8).map { RowItem(image: Self.picture(3_000_000 + $0)) }
        let stage = Self.stage(.media, items, rowHeight: 100)
        let layout = StageLayout(stage, measuring: TextMeasurer.shared)
        let shown = layout.pages.pages[0].rows.count
        #expect(shown >= 4 && shown <= 8)
        do {
            _ = try SVGSnapshot.checkedSVG(stage, layout: layout)
            Issue.record("drew an SVG of \(shown) pictures of 3 MB")
        } catch {
            #expect(error.estimatedRows == shown)
            #expect(error.pictureBytes == shown * 3_000_000 + shown * (shown - 1) / 2)
            #expect(error.bytes > error.pictureBytes)
            #expect(error.message.contains("estimated before drawing from its \(shown) rows"))
        }
    }

    /// The estimate leaves out what it does not sample (here the middle rows' cells of a grid
    /// of 1,400,000-byte pictures, three columns: the first and last rows' 6 pictures make
    /// 8,400,000 bytes, under the limit); the SVG counted while built holds every row's,
    /// 3 × rows × 1,400,000 bytes, over it, and is refused all the same.
    @Test func whatTheEstimateMissesIsCountedWhileBuilt() throws {
        let items = (0..<30).map { RowItem(image: Self.picture(1_400_000 + $0)) }
        let stage = Self.stage(.grid, items, rowHeight: 200)
        let layout = StageLayout(stage, measuring: TextMeasurer.shared)
        let shown = layout.pages.pages[0].rows.count
        #expect(shown >= 3)
        do {
            _ = try SVGSnapshot.checkedSVG(stage, layout: layout)
            Issue.record("drew an SVG of \(3 * shown) pictures of 1.4 MB")
        } catch {
            #expect(error.estimatedRows == nil)
            #expect(error.pictureBytes >= 3 * shown * 1_400_000)
        }
    }
}

/// `plot` streams its trace: what it keeps is the points, not the file.
@Suite struct PlotStreamingTests {
    /// A trace of 20,000 frames, each carrying 100 numbers the chart does not need (about
    /// 11 MB): read 64 KiB at a time, every byte read once and at most 65,536 of them held at
    /// once, the four numbers a frame kept (decoded whole, such a file took about 5.4 times
    /// its size: 537 MB for a 99 MB trace).
    @Test func aTraceIsReadAChunkAtATime() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let extra = (0..<100).map { "\($0).5" }.joined(separator: ",")
        var text = "{\"scenario\": \"big\", \"steps\": [{\"frames\": 20000, \"frameStates\": ["
        for frame in 0..<20_000 {
            if frame > 0 { text += "," }
            text +=
                "{\"time\": \(Double(frame + 1) / 250), \"contentOffsetY\": \(frame), \"headerHeight\": 100, \"velocity\": -1.5, \"extra\": [\(extra)], \"note\": \"\\u00e9\\ud83d\\ude00\"}"
        }
        text += "]}]}"
        let path = folder.appendingPathComponent("trace.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let read = try TracePoints.readCounting(descriptor: descriptor, chunkSize: 65_536)
        #expect(read.scenario == "big")
        #expect(read.points.count == 20_000)
        // Frame 19,999 at 20,000 / 250 = 80 s, its offset 19,999.
        #expect(read.points.last == PlotPoint(time: 80, contentOffsetY: 19_999, headerHeight: 100, velocity: -1.5))
        #expect(read.bytesRead == text.utf8.count)
        #expect(read.largestChunk == 65_536)
        // The same points as from memory.
        #expect(try TracePoints.read(Data(text.utf8)).points == read.points)
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try TracePoints.read(Data(text.utf8))
            return nil
        } catch { return error.message }
    }

    /// The streaming reader words what is wrong as the decoder did, at the step and frame.
    @Test func whatIsWrongIsNamedAtItsStepAndFrame() {
        let expected =
            "(expected a trace.json written by tabstage run --frames, with numbers for time, contentOffsetY, headerHeight and velocity)"
        let frame = "{\"time\": 0.5, \"contentOffsetY\": 0, \"headerHeight\": 100}"
        #expect(
            problem("{\"scenario\": \"a\", \"steps\": [{\"frames\": 1, \"frameStates\": [\(frame)]}]}")
                == "step 0, frame 0: \"velocity\" is missing \(expected)")
        #expect(
            problem("{\"scenario\": \"a\", \"steps\": [{\"frames\": 1, \"frameStates\": [{\"time\": null}]}]}")
                == "step 0, frame 0, \"time\": is null \(expected)")
        #expect(problem("[1, 2]") == "the trace: has the wrong type \(expected)")
        #expect(problem("{\"steps\": []}") == "no \"scenario\" and \"steps\" (expected a trace.json written by tabstage run --frames)")
        for broken in [
            "{\"scenario\": \"a\", \"steps\": [", "{\"scenario\": \"a\" \"steps\": []}",
            "{\"scenario\": \"a\", \"steps\": [{\"frames\": 01}]}", "{} x", "",
        ] {
            #expect(problem(broken) == "not a JSON object (expected a trace.json written by tabstage run --frames)", "\(broken)")
        }
    }
}
