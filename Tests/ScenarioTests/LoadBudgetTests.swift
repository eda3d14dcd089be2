import Foundation
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

    /// The estimate leaves out what it does not sample (here the middle rows' cells of a grid
    /// of 1,400,000-byte pictures, three columns: the first and last rows' 6 pictures make
    /// 8,400,000 bytes, under the limit); the SVG counted while built holds every row's,
    /// 3 × rows × 1,400,000 bytes, over it, and is refused all the same.
    @Test func whatTheEstimateMissesIsCountedWhileBuilt() throws {
        let items = (0..<30).map { RowItem(image: Self.picture(1_400_000 + $0)) }
        let stage = Self.stage(.grid, items, rowHeight: 200)
        let layout = StageLayout(stage.state, look: stage.look, measuring: TextMeasurer.shared)
        let shown = layout.pages.pages[0].rows.count
        #expect(shown >= 3)
        do {
            _ = try SVGSnapshot.checkedSVG(stage.state, look: stage.look, layout: layout)
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
