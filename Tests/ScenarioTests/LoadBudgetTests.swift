import Foundation
import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import Testing

@testable import TabStageScenario

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

    static func stage(_ template: RowTemplate, _ items: [RowItem], rowHeight: Double) -> (state: StageState, look: Look) {
        var config = Fixtures.issueConfig()
        config.tabs[0] = TabConfig(title: config.tabs[0].title, content: .list(rows: 40, rowHeight: .fixed(rowHeight)))
        var look = Fixtures.issueLook
        look.rowContent = [RowContent(template: template, items: items)]
        return (Fixtures.iphone14Stage(config), look)
    }

    /// Eight `media` items, each a distinct picture of 3,000,000 + i bytes, in 100-pt rows: the
    /// rows on screen show items 0 to k − 1 once each, so the estimate holds their pictures,
    /// k × 3,000,000 + (0 + … + k − 1) bytes, over 10,000,000 once k ≥ 4. Refused before drawing,
    /// naming the rows it was estimated from.
    @Test func picturesOfTheRowsShownAreEstimatedBeforeDrawing() throws {
        let items = (0..<8).map { RowItem(image: Self.picture(3_000_000 + $0)) }
        let stage = Self.stage(.media, items, rowHeight: 100)
        let layout = StageLayout(stage.state, look: stage.look, measuring: TextMeasurer.shared)
        let shown = layout.pages.pages[0].rows.count
        #expect(shown >= 4 && shown <= 8)
        do {
            _ = try SVGSnapshot.checkedSVG(stage.state, look: stage.look, layout: layout)
            Issue.record("drew an SVG of \(shown) pictures of 3 MB")
        } catch {
            #expect(error.estimatedRows == shown)
            #expect(error.pictureBytes == shown * 3_000_000 + shown * (shown - 1) / 2)
            #expect(error.bytes > error.pictureBytes)
            #expect(error.message.contains("estimated before drawing from its \(shown) rows"))
        }
    }

    /// A grid of 1,400,000-byte pictures, three columns: every cell's picture is counted
    /// before drawing, not only the first and last rows' (their 6 pictures, 8,400,000 bytes,
    /// were under the limit, and the SVG was refused only once it had been drawn). Rows 0 to
    /// r − 1 on screen show items 0 to 3r − 1 (3r ≤ 30, each a distinct picture), so the
    /// pictures are Σ (1,400,000 + i) for i < 3r = 3r × 1,400,000 + 3r(3r − 1)/2 bytes.
    @Test func everyGridCellsPictureIsEstimatedBeforeDrawing() throws {
        let items = (0..<30).map { RowItem(image: Self.picture(1_400_000 + $0)) }
        let stage = Self.stage(.grid, items, rowHeight: 200)
        let layout = StageLayout(stage.state, look: stage.look, measuring: TextMeasurer.shared)
        let shown = layout.pages.pages[0].rows.count
        #expect(shown >= 3 && 3 * shown <= 30)
        do {
            _ = try SVGSnapshot.checkedSVG(stage.state, look: stage.look, layout: layout)
            Issue.record("drew an SVG of \(3 * shown) pictures of 1.4 MB")
        } catch {
            #expect(error.estimatedRows == shown)
            let cells = 3 * shown
            #expect(error.pictureBytes == cells * 1_400_000 + cells * (cells - 1) / 2)
        }
    }

    /// A template whose rows differ wildly in size: the first item shows no picture, the next
    /// four a 3,000,000 + i byte picture each, the rest none, so the first and last rows on
    /// screen (which the estimate used to sample) draw a few hundred bytes and the rows between
    /// them 12,000,006 bytes of pictures (4 × 3,000,000 + 0 + 1 + 2 + 3). Refused before
    /// drawing, by the estimate (only it names the rows it was estimated from), with the size
    /// the drawing has to the byte.
    @Test func templateRowsOfWildlyDifferentSizesAreEstimatedBeforeDrawing() throws {
        let template = RowTemplate.custom(
            source:
                "<rect width=\"{{width}}\" height=\"{{height}}\" fill=\"{{background}}\"/>{{#image}}<image href=\"{{image}}\" width=\"{{width}}\" height=\"{{height}}\"/>{{/image}}<text x=\"8\" y=\"20\" font-size=\"15\" fill=\"{{label}}\">{{title}} {{index}}</text>",
            file: "row.svg.mustache")
        let plain = RowItem(title: "plain")
        let items =
            [plain] + (0..<4).map { RowItem(title: "picture", image: Self.picture(3_000_000 + $0)) } + Array(repeating: plain, count: 20)
        let stage = Self.stage(template, items, rowHeight: 60)
        let layout = StageLayout(stage.state, look: stage.look, measuring: TextMeasurer.shared)
        let rows = layout.pages.pages[0].rows
        // The first and last rows on screen show the plain item.
        #expect(rows.first?.index == 0)
        #expect((rows.last?.index ?? 0) >= 5 && (rows.last?.index ?? 0) < 25)
        do {
            _ = try SVGSnapshot.checkedSVG(stage.state, look: stage.look, layout: layout)
            Issue.record("drew an SVG of four pictures of 3 MB")
        } catch {
            #expect(error.estimatedRows == rows.count)
            #expect(error.pictureBytes == 12_000_006)
            #expect(error.bytes == SVGSnapshot.svg(stage.state, look: stage.look, layout: layout).utf8.count)
            #expect(
                error.message.hasPrefix("its SVG would be about \(error.bytes) bytes, estimated before drawing from its \(rows.count) rows")
            )
        }
    }

    /// The estimate is the SVG's size to the byte, for template rows made of generated pieces
    /// (ids and references the rows prefix, `{{index}}` of one to three digits, sections on
    /// the item's text and picture, escaped text of every length) over generated items and row
    /// counts: so it never refuses a snapshot that draws within the budget, and never lets
    /// through one that does not.
    @Test func theEstimateIsTheSVGsSizeForGeneratedTemplates() async {
        let pieces = [
            "<defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"{{tint}}\"/></linearGradient></defs><rect id=\"r{{index}}\" width=\"{{width}}\" height=\"{{height}}\" fill=\"url(#g)\"/>",
            "{{#text}}<text x=\"4\" y=\"12\" font-size=\"10\" fill=\"{{label}}\">{{text}}</text>{{/text}}",
            "<text x=\"4\" y=\"24\" font-size=\"10\" fill=\"{{secondaryLabel}}\">{{title}} #{{index}}</text>",
            "{{#image}}<image href=\"{{image}}\" x=\"2\" width=\"{{height}}\" height=\"{{height}}\"/>{{/image}}",
            "{{^image}}<circle cx=\"5\" cy=\"5\" r=\"{{height}}\" fill=\"{{tint}}\"/>{{/image}}",
            "<g id=\"a\"><clipPath id=\"c\"><rect width=\"3\" height=\"3\"/></clipPath><rect clip-path=\"url(#c)\" width=\"9\" height=\"{{height}}\" fill=\"{{label}}\"/></g>",
        ]
        let heights = [1, 7.5, 20, 44, 100.25]
        let input = zip(Gen.int(in: 1...63), Gen.int(in: 1...6), Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 1...300), Gen.int(in: 0...4))
        await seededPropertyCheck(count: 40, input: input) { mask, itemCount, seed, rowCount, height in
            let source = pieces.indices.filter { mask & (1 << $0) != 0 }.map { pieces[$0] }.joined()
            var state = UInt64(seed)
            func next(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(bound))
            }
            let pictures = [Self.picture(1_000 + next(5_000)), Self.picture(1_000 + next(5_000))]
            let items = (0..<itemCount).map { _ in
                RowItem(
                    title: String(repeating: "a&<", count: next(20)), text: String(repeating: "é", count: next(300)),
                    image: next(3) == 0 ? nil : pictures[next(2)])
            }
            var config = Fixtures.issueConfig()
            config.tabs[0] = TabConfig(title: "A", content: .list(rows: rowCount, rowHeight: .fixed(heights[height])))
            var look = Fixtures.issueLook
            look.rowContent = [RowContent(template: .custom(source: source, file: "row.svg.mustache"), items: items)]
            let stage = Fixtures.iphone14Stage(config)
            let layout = StageLayout(stage, look: look, measuring: TextMeasurer.shared)
            let estimate = SVGSnapshot.sizeEstimate(stage, look: look, layout: layout)
            let drawn = SVGSnapshot.svg(stage, look: look, layout: layout).utf8.count
            #expect(estimate.bytes == drawn, "pieces \(mask), \(itemCount) items (seed \(seed)), \(rowCount) rows of \(heights[height]) pt")
            #expect(estimate.estimatedRows == layout.pages.pages.reduce(0) { $0 + $1.rows.count })
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
