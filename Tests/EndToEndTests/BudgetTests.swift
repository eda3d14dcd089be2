import Foundation
import TabStage
import TabStageImageDiff
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageWorkflow
import Testing

#if canImport(FoundationXML)
import FoundationXML
import TabStageTestSupport
#endif

/// Hostile inputs made at run time: files that cost little to write and, before their budget
/// existed, cost minutes or gigabytes to read or render.
enum HostileFiles {
    /// A grey `width`×`height` progressive JPEG of one DC scan and `acScans` identical AC
    /// scans (Ss 1, Se 63, Ah = Al = 0: each is a valid first scan of the AC band, so libjpeg
    /// warns about none of them), each scan one end-of-band run of 32,767 blocks: 13 bytes that
    /// make the decoder visit every block again.
    static func progressiveJPEG(width: Int, height: Int, acScans: Int) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body
        }
        /// Bits, padded with 1s to whole bytes, with a 0x00 stuffed after each 0xFF.
        func entropy(_ bits: String) -> [UInt8] {
            let padded = bits + String(repeating: "1", count: (8 - bits.count % 8) % 8)
            var bytes: [UInt8] = []
            var index = padded.startIndex
            while index < padded.endIndex {
                let next = padded.index(index, offsetBy: 8)
                let byte = UInt8(padded[index..<next], radix: 2)!
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
                index = next
            }
            return bytes
        }
        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        out += segment(0xC2, [8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255), 1, 1, 0x11, 0])
        // DC table 0: the one 1-bit code '0' is category 0; AC table 0: '0' is EOB run 2^14 + 14 bits.
        out += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        out += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0xE0])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        out += segment(0xDA, [1, 1, 0x00, 0, 0, 0x00]) + entropy(String(repeating: "0", count: blocks))
        let scan = segment(0xDA, [1, 1, 0x00, 1, 63, 0x00]) + entropy("0" + String(repeating: "1", count: 14))
        for _ in 0..<acScans { out += scan }
        return out + [0xFF, 0xD9]
    }
}

@Suite struct PictureBudgetTests {
    /// 10 tabs × 10 items naming one picture, then 100 `present` steps showing it in a row:
    /// 100 row uses and 100 symbol uses, two decodes in all (one per use), where each use
    /// decoded the file again before (a 5000×5000 PNG made that 49.5 s and 12.6 s).
    @Test func aPictureIsDecodedOncePerUseHoweverOftenItIsNamed() throws {
        let box = AssetSandbox()
        box.write("p.png", TestImages.png(width: 40, height: 30))
        let items = Array(repeating: "{title: a, image: p.png}", count: 10).joined(separator: ", ")
        let tabs = (0..<10).map { "    - {title: T\($0), rows: 10, rowHeight: 300, items: [\(items)]}" }.joined(separator: "\n")
        let presents = (0..<100).map { _ in
            "  - present: {style: formSheet, content: {title: x, items: [{title: a, image: p.png}]}}\n  - dismiss: {}"
        }.joined(separator: "\n")
        let text = "device: iphone-14\ncontainer:\n  tabs:\n\(tabs)\nsteps:\n\(presents)\n  - snapshot: a\n"
        let folder = box.folder
        let scenario = try ScenarioParser.parse(text, file: box.scenario + "/s.yaml", defaultName: "s", assetFolder: folder)
        #expect(scenario.container.tabs.count == 10)
        #expect(folder.pictures.decodes == 2)
        // The uses share one value: the same data, not a copy decoded again.
        #expect(try folder.loadImage("p.png", use: .row).dataURI.hasPrefix("data:image/png;base64,"))
        #expect(folder.pictures.decodes == 2)
        // A fresh load (another run) decodes again: the cache is per load, nothing global.
        _ = try AssetFolder(path: box.scenario).loadImage("p.png", use: .row)
        #expect(folder.pictures.decodes == 2)
    }

    /// 1,000 tabs naming one items file of 1,000 items: the file is read and parsed once for
    /// the whole load (before, once per tab: 1,000 × 1,000 items through the YAML parser, over
    /// 10 minutes on the debug build), and every tab holds its 1,000 items.
    @Test func anItemsFileIsParsedOnceHoweverManyTabsNameIt() throws {
        let box = AssetSandbox()
        box.write("items.yaml", Array((0..<1000).map { "- {title: \"item \($0)\"}\n" }.joined().utf8))
        let tabs = (0..<1000).map { "    - {title: T\($0), rows: 1000, rowHeight: 44, items: items.yaml}" }.joined(separator: "\n")
        let text = "device: iphone-14\ncontainer:\n  tabs:\n\(tabs)\nsteps:\n  - snapshot: a\n"
        let folder = box.folder
        let scenario = try ScenarioParser.parse(text, file: box.scenario + "/s.yaml", defaultName: "s", assetFolder: folder)
        #expect(scenario.container.tabs.count == 1000)
        #expect(folder.parsedFiles.parses == 1)
        #expect(scenario.look.rowContent(tab: 999)?.items.count == 1000)
        #expect(scenario.look.rowContent(tab: 999)?.items[999].title == "item 999")
    }

    /// A progressive JPEG of many empty scans: 1 + 600 scans is over libjpeg-turbo's limit of
    /// 500 and refused; 1 + 499 = 500 scans is the largest accepted. (200,000 such scans of a
    /// 1400×1400 picture, 2.6 MB, decoded for 40 s before.)
    @Test func aProgressiveJPEGOfTooManyScansIsRefused() throws {
        let box = AssetSandbox()
        box.write("many.jpg", HostileFiles.progressiveJPEG(width: 64, height: 64, acScans: 600))
        box.write("most.jpg", HostileFiles.progressiveJPEG(width: 64, height: 64, acScans: 499))
        let image = try box.folder.loadImage("most.jpg", use: .avatar)
        #expect(image.width == 64 && image.height == 64)
        do {
            _ = try box.folder.loadImage("many.jpg", use: .avatar)
            Issue.record("a JPEG of 601 scans was accepted")
        } catch {
            #expect(
                error.message
                    == "'many.jpg' is a progressive JPEG of more than 500 scans, which is refused (libjpeg-turbo: Progressive JPEG image has more than 500 scans); save it again as a baseline JPEG"
            )
            #expect(error.expected == "a JPEG of at most 500 progressive scans; an encoder writes about 10")
        }
    }
}

@Suite struct OutputSizeBudgetTests {
    let cli = CommandLineTests()

    /// Row templates are held to their own budgets before anything is drawn, so what is left to
    /// push a snapshot's SVG past 10,000,000 bytes is pictures: four opaque 1,000 × 1,000
    /// pictures of random noise (which no PNG filter compresses: kept as RGB, over 3,000,000
    /// bytes each, over 4,000,000 in base64) shown in `media` rows, each embedded once, make an
    /// SVG over 4 × 4,000,000 = 16,000,000 bytes. Before, `--format svg` wrote such files (131 MB, exit 0) and the PNG
    /// path ended in exit 3; now every format refuses it at the snapshot's step, exit 2, one
    /// line naming the pictures' share, nothing written, estimated from the rows on screen
    /// (the four pictures once each) before the SVG is built. The first and last rows on
    /// screen show an item without a picture: the estimate once sampled only those two rows,
    /// missed every picture, and refused the SVG only after drawing it.
    @Test func anSVGOverItsBudgetIsRefusedAtItsStepForEveryFormat() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        for index in 0..<4 {
            // Noise (incompressible): eight random bytes at a time, each pixel's alpha byte opaque.
            var pixels = [UInt8](repeating: 0, count: 1000 * 1000 * 4)
            pixels.withUnsafeMutableBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let word = generator.next() | 0xFF00_0000_FF00_0000
                    bytes.storeBytes(of: word.littleEndian, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
            }
            let png = try PNGCodec.encode(RGBAImage(width: 1000, height: 1000, pixels: pixels))
            try Data(png).write(to: folder.appendingPathComponent("noise\(index).png"))
        }
        try cli.write(
            """
            device: iphone-14
            container:
              tabs:
                - {title: A, rows: 12, rowHeight: 80, template: media, items: [{title: none}, {image: noise0.png}, {image: noise1.png}, {image: noise2.png}, {image: noise3.png}, {title: none}, {title: none}, {title: none}, {title: none}, {title: none}, {title: none}, {title: none}]}
            steps:
              - snapshot: a

            """, "noisy.yaml", in: folder)
        for format in ["svg", "png"] {
            let result = try cli.tabstage(["run", "noisy.yaml", "--out", "out", "--format", format], in: folder)
            #expect(result.status == 2, "\(format): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(format): \(result.stderr)")
            let line = String(lines.first ?? "")
            #expect(line.hasPrefix("noisy.yaml:6:5: error: snapshot 'a': its SVG would be "), "\(line)")
            #expect(line.contains("over the limit of 10000000 bytes (expected an SVG of at most 10000000 bytes"), "\(line)")
            let bytes = line.split(separator: " ").lazy.compactMap { Int($0) }.first ?? 0
            #expect(bytes > 16_000_000, "\(line)")
            #expect(line.contains(" of them pictures"), "\(line)")
            // Estimated from the rows on screen before anything was drawn.
            #expect(line.contains("its SVG would be about "), "\(line)")
            #expect(line.contains(", estimated before drawing from its "), "\(line)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        }
    }

    /// 1,000 tabs titled with 996 CJK characters (3 bytes each in UTF-8) and a number and 200 `select`
    /// steps: steps × tabs = 200,000 is within the entry limit, but every step lists every
    /// title, at least 1,000 × 2,988 = 2,988,000 bytes a step, about 600 MB in all (672 MB before).
    /// Counted as written, the trace stops at the step that passes 100,000,000 bytes: after
    /// at most 34 steps (34 × 2,988,000 = 101,592,000, index 33), and nothing past the budget reaches
    /// the sink.
    @Test func traceBytesAreCountedAsWrittenAndRefusedAtTheStepThatPassesTheBudget() throws {
        let title = String(repeating: "語", count: 996)
        let tabs = (0..<1000).map { "    - {title: \"\(title)\(1000 + $0)\", rows: 1}" }.joined(separator: "\n")
        let steps = (0..<200).map { "  - select: \($0 % 2)" }.joined(separator: "\n")
        let scenario = try Fixtures.parse("device: iphone-14\ncontainer:\n  tabs:\n\(tabs)\nsteps:\n\(steps)\n")
        var written = 0
        do {
            try Trace.stream(scenario, measuring: TextMeasurer.shared) { written += $0.utf8.count }
            Issue.record("a 600 MB trace was written")
        } catch let error as ScenarioError {
            // Step i is on line 1,005 + i (three header lines, 1,000 tabs, then `steps:`).
            let step = error.location.line - 1005
            #expect((0...33).contains(step), "\(error)")
            #expect(written <= Trace.maxBytes)
            #expect(error.message.hasPrefix("trace.json reaches "))
            #expect(error.message.contains("at step \(step) of 200 (about "))
            #expect(error.message.hasSuffix("over the limit of 100000000 bytes"))
        }
    }
}

@Suite struct PlotBudgetTests {
    /// A trace of one step with the given frames (`time`, offset, header, velocity each).
    static func trace(name: String = "t", frames: [String]) -> String {
        "{\"scenario\": \"\(name)\", \"steps\": [{\"frames\": \(frames.count), \"frameStates\": [" + frames.joined(separator: ",") + "]}]}"
    }

    static func frame(time: String, offset: String = "0", header: String = "100", velocity: String = "0") -> String {
        "{\"time\": \(time), \"contentOffsetY\": \(offset), \"headerHeight\": \(header), \"velocity\": \(velocity)}"
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try TracePoints.read(Data(text.utf8))
            return nil
        } catch { return error.message }
    }

    /// Frame times near −1e16 (a 2 KB trace): the tick step there was below the spacing of
    /// doubles, and the chart never finished (1.3 GB after 20 s). Times are simulated seconds
    /// from 0 to 100,000 (100,000 frames at 1 fps), increasing frame by frame.
    @Test func framesOutsideWhatARunWritesAreRefusedAtTheirStepAndFrame() {
        let far = (0..<20).map { Self.frame(time: "-1.0000000000000\($0 % 10)e16") }
        #expect(
            problem(Self.trace(frames: far))
                == "step 0, frame 0: \"time\" is -1e+16, out of range (expected simulated seconds from 0 to 100000)")
        let backwards = [Self.frame(time: "0.5"), Self.frame(time: "0.25")]
        #expect(
            problem(Self.trace(frames: backwards))
                == "step 0, frame 1: \"time\" is 0.25, not after the frame before it at 0.5 (expected times that increase frame by frame)")
        #expect(
            problem(Self.trace(frames: [Self.frame(time: "0", velocity: "2e9")]))
                == "step 0, frame 0: \"velocity\" is 2000000000.0, out of range (expected points per second from -1000000000 to 1000000000)"
        )
        #expect(
            problem(Self.trace(frames: [Self.frame(time: "0", offset: "\"x\"")]))?.hasPrefix(
                "step 0, frame 0, \"contentOffsetY\": has the wrong type")
                == true)
        #expect(problem(Self.trace(frames: [Self.frame(time: "0"), Self.frame(time: "0.0041")])) == nil)
    }

    /// 100,001 frames (all at time 0, so only the count can refuse them) is one more than a
    /// run can produce; refused before any value is checked or charted (3 M frames took 57 s
    /// and 9.7 GB).
    @Test func moreFramesThanARunCanProduceAreRefused() {
        let frame = Self.frame(time: "0")
        let text = Self.trace(frames: Array(repeating: frame, count: 100_001))
        #expect(
            problem(text)
                == "step 0 takes the trace to 100001 frames, over the limit of 100000 (expected at most the 100000 frames one run can produce)"
        )
    }

    /// Whatever the values, an axis has at most `maxTicks` ticks: the old loop added a step of
    /// 1e-3 to −1e16, where doubles are 2 apart, and never ended.
    @Test func ticksAreBoundedWhereDoublesAreSparse() {
        #expect(MotionPlot.ticks(from: -1e16, through: -1e16 + 10, step: 1e-3).count == MotionPlot.maxTicks)
        // 0 to 1 by 0.25: 0, 0.25, 0.5, 0.75, 1.
        #expect(MotionPlot.ticks(from: 0, through: 1, step: 0.25) == [0, 0.25, 0.5, 0.75, 1])
        // Values 1e10 apart by 1e-6: the y step (5e-7) is far below the doubles' spacing
        // there (about 2e-6); two panels of at most 20 y and 20 x ticks, 3 legend entries,
        // the title and 3 axis labels: at most 2 × 40 + 7 = 87 texts.
        let points = (0..<50).map {
            PlotPoint(time: Double($0) / 60, contentOffsetY: 1e10 + Double($0 % 2) * 1e-6, headerHeight: 1e10, velocity: 1e9)
        }
        let svg = MotionPlot.svg(points, title: "far")
        #expect(svg.components(separatedBy: "<text").count - 1 <= 87)
    }

    /// NUL and ESC in a trace's scenario name were written raw into the SVG, which no XML
    /// parser reads; they are dropped like every character XML 1.0 cannot carry.
    @Test func aScenarioNameIsEscapedForXML() throws {
        let (name, points) = try TracePoints.read(
            Data(Self.trace(name: "a\\u0000b\\u001bc<&>", frames: [Self.frame(time: "0"), Self.frame(time: "0.5")]).utf8))
        #expect(name == "a\u{0}b\u{1B}c<&>")
        let svg = MotionPlot.svg(points, title: name)
        #expect(svg.contains(">abc&lt;&amp;&gt;</text>"))
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }

    /// A 347 MB trace (sparse: only its size matters) is refused from its size, before it is
    /// read: over the 100,000,000 bytes `trace.json` may take.
    @Test func aTraceLargerThanARunWritesIsRefusedBeforeReading() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trace.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 347_000_000) == 0)
        let result = try CommandLineTests().tabstage(["plot", "trace.json", "--out", "p.svg"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "trace.json: error: the trace is 347000000 bytes, over the limit of 100000000 (expected a trace.json written by tabstage run --frames, at most 100000000 bytes)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p.svg").path))
    }
}

@Suite struct FrameBudgetTests {
    /// 250 bytes: a 4000×4000 pt device at scale 2 (8,000 × 8,000 = 64,000,000 px a frame)
    /// waiting 2 s at 240 fps, 480 frames: 480 × 64,000,000 = 30,720,000,000 pixels with
    /// `--frames` (1.4 MB and 0.5 s a frame before), and 480 × 4,000 × 4,000 = 7,680,000,000 on
    /// the animation's canvas at `--animate-scale 1`; both over the 4,000,000,000-pixel budget,
    /// refused at the `wait` (line 9) before anything is rendered. Without `--frames` or
    /// `--animate` the same scenario renders its one snapshot.
    @Test func framesOverThePixelBudgetAreRefusedAtTheStepBeforeRendering() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CommandLineTests()
        try cli.write(
            """
            name: big
            device: {width: 4000, height: 4000, scale: 2}
            fps: 240
            container:
              tabs:
                - {title: A, rows: 10}
            steps:
              - snapshot: a
              - wait: {seconds: 2}

            """, "big.yaml", in: folder)
        let frames = try cli.tabstage(["run", "big.yaml", "--out", "out", "--frames"], in: folder)
        #expect(frames.status == 2)
        #expect(
            frames.stderr
                == "big.yaml:9:5: error: --frames would draw 30720000000 pixels in all (480 frames; this step's 480 of 64000000 px each take the run past the budget), over the limit of 4000000000 pixels (expected frames of at most 4000000000 pixels together: a lower fps, shorter waits and flings, a smaller window or --scale)\n"
        )
        let webp = try cli.tabstage(["run", "big.yaml", "--out", "out", "--animate", "webp", "--format", "svg"], in: folder)
        #expect(webp.status == 2)
        #expect(
            webp.stderr.hasPrefix("big.yaml:9:5: error: --animate webp would draw 7680000000 pixels in all (480 frames;"), "\(webp.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        // --frames as SVG only draws no pixels: nothing to budget.
        let run = try ScenarioRunner.run(try ScenarioLoader.load(path: folder.appendingPathComponent("big.yaml").path))
        #expect(
            run.frameSpans == [FrameSpan(location: run.scenario.steps[1].location, first: 1, count: 480, window: run.windows[0].window)])
        #expect(FrameBudget.framesProblem(run, options: RenderOptions(formats: [.svg])) == nil)
        // At scale 0.25: 1,000 × 1,000 px, 480 × 1,000,000 = 480,000,000, within the budget.
        #expect(FrameBudget.framesProblem(run, options: RenderOptions(formats: [.png], scale: 0.25)) == nil)
    }
}

@Suite(.serialized) struct PageBudgetTests {
    let cli = CommandLineTests()

    /// A banner picture over a fling of 38 physics frames at 10 fps: every frame draws the
    /// banner, and each distinct frame's SVG carried its own copy of it (a 6 MB JPEG over a
    /// 49-frame fling made a 396 MB page). Now the page defines it once (`#picture-0`) and
    /// every frame refers to it: one `data:` URI in the whole page, and Chromium still draws
    /// the red banner.
    @Test func aPageDefinesEachPictureOnceForAllItsFrames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let red = try PNGCodec.encode(RGBAImage(width: 64, height: 32, fill: (r: 255, g: 0, b: 0, a: 255)))
        try Data(red).write(to: folder.appendingPathComponent("red.png"))
        try cli.write(
            flingScenario(fps: 10).replacingOccurrences(of: "\nsteps:", with: "\ntheme: {banner: {image: red.png}}\nsteps:"), "fling.yaml",
            in: folder)
        let result = try cli.tabstage(["run", "fling.yaml", "--out", "out", "--format", "svg", "--html"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("out/fling/index.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "data:image/").count - 1 == 1)
        // More than one frame refers to it: the top snapshot and the frames that still show the banner.
        #expect(page.components(separatedBy: "<use href=\"#picture-0\" xlink:href=\"#picture-0\"/>").count - 1 > 1)
        // The snapshot's own SVG keeps its copy: a file on its own needs it.
        let svg = try String(contentsOf: folder.appendingPathComponent("out/fling/top.svg"), encoding: .utf8)
        #expect(svg.components(separatedBy: "data:image/png;base64,").count - 1 == 1)
        guard let chromium = chromiumPath else { return }
        let shot = folder.appendingPathComponent("page.png")
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let run = try runProcess(
            URL(fileURLWithPath: chromium),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--window-size=1200,1000", "--screenshot=\(shot.path)",
                folder.appendingPathComponent("out/fling/index.html").absoluteString,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGCodec.decode(Array(try Data(contentsOf: shot)))
        let reds = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] > 230 && image.pixels[$0 + 1] < 30 && image.pixels[$0 + 2] < 30
        }
        // The banner is drawn (the page's own colours hold no pure red).
        #expect(reds.count > 1000)
    }

    /// A 250-byte scenario: a 1,000 × 4,000 pt custom device at 240 fps flung twice at
    /// 100,000 pt/s down 900,000 rows of 2 pt (1,800,000 pt: neither fling reaches the end).
    /// Every frame shows 4,000 / 2 = 2,000 rows and moves, so every frame's SVG is inlined
    /// anew: the whole page would take about 2 GB. The page's size is worked out before
    /// anything is rendered or written, counting it frame by frame: it stops at the frame that
    /// passes 100,000,000 bytes, placed at that frame's `release`, and refuses the run with the
    /// page's estimate (the bytes per frame so far times every frame), the bytes counted and
    /// the limit. Not one file is written: no `--frames` SVG, no trace, no temporary.
    @Test func aPageOverItsByteBudgetIsRefusedBeforeAnythingIsWritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = """
            fps: 240
            device: {width: 1000, height: 4000, scale: 1}
            container:
              tabs:
                - {title: A, rows: 900000, rowHeight: 2}
                - {title: B, rows: 3}
            steps:
              - release: {velocity: 100000}
              - release: {velocity: 100000}

            """
        try cli.write(yaml, "fling.yaml", in: folder)
        let result = try cli.tabstage(["run", "fling.yaml", "--out", "out", "--format", "svg", "--frames", "--html"], in: folder)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        // Steps 0 and 1 are on lines 8 and 9.
        let located = try #require(lines.first?.split(separator: ":", maxSplits: 3))
        #expect(located.count == 4 && located[0] == "fling.yaml" && located[2] == "5")
        let step = try #require(Int(located[1])) - 8
        #expect((0...1).contains(step))
        let message = String(located[3])
        #expect(message.hasPrefix(" error: index.html would be about "), "\(message)")
        #expect(message.contains(", at step \(step)), over the limit of 100000000 bytes"), "\(message)")
        #expect(
            message.hasSuffix(
                "(expected a player page of at most 100000000 bytes: a lower fps, a smaller window, shorter waits and flings, or fewer steps)"
            ))
        // "about E bytes (C counted by frame F of T, at step S)"
        let numbers = message.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count >= 6, "\(message)")
        let (estimate, counted, frame, frames) = (numbers[0], numbers[1], numbers[2], numbers[3])
        let run = try ScenarioRunner.run(try ScenarioLoader.load(path: folder.appendingPathComponent("fling.yaml").path))
        // Both flings' frames, no snapshot; each fling lasts seconds at 240 fps.
        #expect(frames == run.frameCount && frames > 2 * 240)
        // The counting stopped at the first frame past the budget: one frame's SVG (at most
        // SVGLimits.maxBytes, in its <template>) and its numbers past it, no more.
        #expect(counted > PlayerPage.maxBytes && counted <= PlayerPage.maxBytes + SVGLimits.maxBytes + 2_000)
        #expect(frame >= 1 && frame < frames)
        // The estimate: counted / frame × frames, never below what was counted.
        #expect(estimate >= counted)
        #expect(abs(Double(estimate) - Double(counted) / Double(frame) * Double(frames)) <= 1)
        // Nothing written: the folder holds the scenario alone (no out/, no temporary).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fling.yaml"])
        // The backstop: written regardless, the page stops at the piece that passes the
        // budget, and that piece never reaches the sink.
        let recorded = try ScenarioRunner.record(run.scenario, measuring: TextMeasurer.shared, keepingFrames: true)
        var written = 0
        #expect(throws: ScenarioError.self) {
            try PlayerPage.write(recorded, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared) { written += $0.utf8.count }
        }
        #expect(written <= PlayerPage.maxBytes && written > PlayerPage.maxBytes - SVGLimits.maxBytes - 2_000)
    }

    static let examples =
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.root.appendingPathComponent("Examples").path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    /// The size checked before writing is the page's exact size, for every bundled example: the
    /// page written byte for byte is what was counted (and kept, when asked to keep it), so a
    /// page that passed the check cannot pass the limit when it is written.
    @Test(arguments: examples)
    func theCheckedSizeIsThePagesSize(example: String) throws {
        let scenario = try ScenarioLoader.load(path: Fixtures.root.appendingPathComponent("Examples/\(example)").path)
        let run = try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared, keepingFrames: true)
        var page = ""
        try PlayerPage.write(run, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared) { page += $0 }
        let checked = try PlayerPage.checkSize(run, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared, keeping: 50_000_000)
        #expect(checked.bytes == page.utf8.count)
        #expect(checked.text == page)
    }

    /// A page is kept from its check to its writing only when it is within the bytes asked for:
    /// exactly its size keeps it, one byte less keeps nothing (and still counts it all).
    @Test func aPageIsKeptOnlyWithinTheBytesAskedFor() throws {
        let run = try ScenarioRunner.record(
            try Fixtures.parse(Fixtures.yaml(steps: ["- drag: {dy: -100}", "- snapshot: a"])), measuring: TextMeasurer.shared,
            keepingFrames: true)
        var page = ""
        try PlayerPage.write(run, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared) { page += $0 }
        let exact = try PlayerPage.checkSize(run, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared, keeping: page.utf8.count)
        #expect(exact.bytes == page.utf8.count && exact.text == page)
        let short = try PlayerPage.checkSize(
            run, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared, keeping: page.utf8.count - 1)
        #expect(short.bytes == page.utf8.count && short.text == nil)
        let none = try PlayerPage.checkSize(run, hold: 600, deviceFrame: false, measuring: TextMeasurer.shared)
        #expect(none.bytes == page.utf8.count && none.text == nil)
    }
}

@Suite struct LibraryMessageTests {
    /// A row template's text at font-size 100,000 (300,000 px at 3×): Pango printed blocks of
    /// "Pango-WARNING **: failed to create cairo scaled font, expect ugly output" on stderr and
    /// the run went on (exit 0). Now no library message reaches stderr as such: the PNG is
    /// refused in one located line of tabstage's own (exit 2, nothing written), and an SVG-only
    /// run, which draws nothing, prints nothing.
    @Test func aLibraryWarningIsOneLocatedLineOfTabstagesOwn() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cli = CommandLineTests()
        try cli.write("<text x=\"0\" y=\"10\" font-size=\"100000\">{{title}}</text>\n", "big.svg.mustache", in: folder)
        try cli.write(
            """
            name: big
            device: iphone-14
            container:
              tabs:
                - {title: A, rows: 3, rowHeight: 100, template: big.svg.mustache, items: [{title: Hello}]}
            steps:
              - snapshot: a

            """, "big.yaml", in: folder)
        // Processes of their own: the library's warning goes to the process's stderr, and run in
        // the test process the font size FreeType refuses made drawings of other tests running
        // at the same time fail with "FreetypeError".
        let png = try cli.tabstageProcess(["run", "big.yaml", "--out", "out"], in: folder)
        #expect(png.status == 2)
        #expect(png.stderr.split(separator: "\n").count == 1, "\(png.stderr)")
        #expect(
            png.stderr.hasPrefix(
                "big.yaml:7:5: error: snapshot 'a': the text or pictures could not be drawn as written: Pango: failed to create cairo scaled font"
            ), "\(png.stderr)")
        #expect(!png.stderr.contains("WARNING"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let svg = try cli.tabstageProcess(["run", "big.yaml", "--out", "out", "--format", "svg"], in: folder)
        #expect(svg.status == 0)
        #expect(svg.stderr.isEmpty, "\(svg.stderr)")
    }
}
