import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageTestSupport
import Testing

/// `run --animate webp --html` and `plot`, as a user runs them, and the page in a real browser.
@Suite(.serialized) struct MotionCommandLineTests {
    let cli = CommandLineTests()

    /// Writes the fling scenario (38 physics frames at 10 fps, two snapshots) and runs it.
    func runFling(_ extra: [String]) throws -> URL {
        let folder = try temporaryFolder()
        try cli.write(flingScenario(fps: 10), "fling.yaml", in: folder)
        let result = try cli.tabstage(["run", "fling.yaml", "--out", "out", "--format", "svg"] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    @Test func theAnimatedWebPLastsExactlyTheScenariosTime() throws {
        let folder = try runFling(["--animate", "webp", "--animate-scale", "0.25"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("out/fling/fling.webp")))
        let animation = try DecodedAnimation.decode(bytes)
        // 38 frames at 10 fps are 3.8 s, and two snapshots are held 600 ms each.
        #expect(animation.totalDuration == 3800 + 1200)
        // iPhone 14, 390×844 pt, at 0.25 px/pt.
        #expect(animation.width == 98 && animation.height == 211)
        #expect(animation.loopCount == 0)
        // The held snapshot first, then each frame; the slow end of the fling moves the content
        // less than a pixel per frame, so identical neighbours merge into fewer than 40 frames.
        #expect(animation.durations.first! >= 600)
        #expect(animation.durations.count > 2 && animation.durations.count < 40)
        #expect(animation.durations.allSatisfy { $0 >= 100 })
        // Determinism: the same run writes the same bytes.
        let again = try cli.tabstage(
            ["run", "fling.yaml", "--out", "again", "--format", "svg", "--animate", "webp", "--animate-scale", "0.25"], in: folder)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("again/fling/fling.webp")) == Data(bytes))
    }

    @Test func holdAndQualityAreCheckedAndUsed() throws {
        let folder = try runFling(["--animate", "webp", "--animate-scale", "0.25", "--hold", "250", "--animate-quality", "60"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = try DecodedAnimation.decode(Array(try Data(contentsOf: folder.appendingPathComponent("out/fling/fling.webp"))))
        #expect(animation.totalDuration == 3800 + 500)
        for bad in [["--hold", "0"], ["--animate-quality", "101"], ["--animate-scale", "9"], ["--animate", "gif"]] {
            let result = try cli.tabstage(["run", "fling.yaml", "--animate", "webp"] + bad, in: folder)
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    @Test func plotWritesAChartFromATraceWithFrames() throws {
        let folder = try runFling(["--frames"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = try cli.tabstage(["plot", "out/fling/trace.json", "--out", "plot.png", "--scale", "1"], in: folder)
        #expect(png.status == 0, "\(png.stderr)")
        let image = try PNGCodec.decode(Array(try Data(contentsOf: folder.appendingPathComponent("plot.png"))))
        #expect(image.width == 720 && image.height == 520)
        let svg = try cli.tabstage(["plot", "out/fling/trace.json", "--out", "plot.svg"], in: folder)
        #expect(svg.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("plot.svg"), encoding: .utf8).hasPrefix("<svg"))
        // A trace without frames, or not a trace at all, is bad input with a hint.
        #expect(try cli.tabstage(["run", "fling.yaml", "--out", "plain", "--format", "svg"], in: folder).status == 0)
        let plain = try cli.tabstage(["plot", "plain/fling/trace.json", "--out", "p.svg"], in: folder)
        #expect(plain.status == 2)
        #expect(plain.stderr == "plain/fling/trace.json: error: step 2 has no frameStates (expected a trace written with --frames)\n")
        #expect(try cli.tabstage(["plot", "fling.yaml", "--out", "p.svg"], in: folder).status == 2)
        #expect(try cli.tabstage(["plot", "out/fling/trace.json", "--out", "p.gif"], in: folder).status == 2)
    }

    /// Errors the page raises, caught from the very start; then the timeline is moved as a
    /// user would and what the page shows is written into the DOM for --dump-dom.
    static let recorder = """
        <script>window.__errors = []; addEventListener("error", (e) => __errors.push(String(e.message)));
        const __consoleError = console.error; console.error = (...a) => { __errors.push(a.join(" ")); __consoleError(...a); };</script>
        """
    static let driver = """
        <script>
        (function () {
          const view = () => ({
            frame: document.getElementById("player-frame").textContent,
            offset: document.getElementById("player-offset").textContent,
            velocity: document.getElementById("player-velocity").textContent,
            step: document.getElementById("player-step").textContent,
            picture: document.getElementById("player-view").innerHTML,
            marker: document.getElementById("plot-marker").getAttribute("x1"),
          });
          const result = { count: F.length, start: view() };
          const timeline = document.getElementById("timeline");
          timeline.value = "2";
          timeline.dispatchEvent(new Event("input", { bubbles: true }));
          result.moved = view();
          document.getElementById("player-next").click();
          result.stepped = view();
          result.errors = window.__errors;
          const out = document.createElement("pre");
          out.id = "driver-result";
          out.textContent = JSON.stringify(result);
          document.body.appendChild(out);
        })();
        </script>
        """

    func chromium(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        return try runProcess(
            URL(fileURLWithPath: chromiumPath!),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--enable-logging=stderr", "--v=0",
            ] + arguments)
    }

    @Test(.enabled(if: chromiumPath != nil, "Chromium is not installed (Scripts/setup.sh --test installs Debian's chromium)"))
    func thePlayerPageWorksOfflineInChromium() throws {
        let folder = try runFling(["--html"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("out/fling/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        // Self-contained: nothing is fetched (the only URLs are the SVG and XLink namespace
        // names; url(#…) points inside the same SVG).
        #expect(!html.contains("src=") && !html.contains("<link"))
        #expect(html.range(of: #"url\((?!#)"#, options: .regularExpression) == nil)
        #expect(
            html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
                .replacingOccurrences(of: "http://www.w3.org/1999/xlink", with: "").replacingOccurrences(of: "http-equiv", with: "")
                .range(of: "http") == nil)
        #expect(
            html.contains("<input type=\"range\" id=\"timeline\"") && html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"plot\"")
        )

        let driven = folder.appendingPathComponent("driven.html")
        let withDriver = html.replacingOccurrences(of: "<head>\n", with: "<head>\n" + Self.recorder + "\n")
            .replacingOccurrences(of: "</body>", with: Self.driver + "</body>")
        try withDriver.write(to: driven, atomically: true, encoding: .utf8)
        let run = try chromium(["--virtual-time-budget=2000", "--dump-dom", driven.absoluteString])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("Uncaught"), "\(run.stderr)")
        guard let open = run.stdout.range(of: "<pre id=\"driver-result\">"),
            let close = run.stdout.range(of: "</pre>", range: open.upperBound..<run.stdout.endIndex)
        else {
            Issue.record("the page's script did not run to the end:\n\(run.stderr.suffix(2000))")
            return
        }
        let text = String(run.stdout[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let result = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let start = result["start"] as! [String: String], moved = result["moved"] as! [String: String]
        let stepped = result["stepped"] as! [String: String]
        #expect((result["errors"] as! [String]).isEmpty)
        // The snapshot `top`, 38 physics frames, the snapshot `end`.
        #expect(result["count"] as? Int == 40)
        #expect(start["frame"] == "1 of 40 (snapshot top, shown 600 ms)")
        #expect(start["offset"] == "0.00 pt" && start["velocity"] == "0.00 pt/s")
        // Timeline at index 2: the fling's second frame, t = 0.2 s: 164.81 pt at 670.05 pt/s.
        #expect(moved["frame"] == "3 of 40 (physics frame, shown 100 ms)")
        #expect(moved["offset"] == "164.81 pt" && moved["velocity"] == "670.05 pt/s")
        #expect(moved["step"] == "step 2, line 13")
        #expect(moved["picture"] != start["picture"] && moved["marker"] != start["marker"])
        // One step on: t = 0.3 s, v = 1000·e^(k·0.3) = 548.48 pt/s.
        #expect(stepped["frame"]?.hasPrefix("4 of 40") == true)
        #expect(stepped["velocity"] == "548.48 pt/s")
        #expect(stepped["picture"] != moved["picture"])

        // A screenshot of the page as it opens (kept in the output folder while the test runs).
        let shot = folder.appendingPathComponent("page.png")
        let screenshot = try chromium(["--window-size=1200,1000", "--screenshot=\(shot.path)", page.absoluteString])
        #expect(screenshot.status == 0, "\(screenshot.stderr)")
        let image = try PNGCodec.decode(Array(try Data(contentsOf: shot)))
        #expect(image.width == 1200 && image.height == 1000)
        // Not blank: the page's background and the snapshot's blue cover are both there.
        #expect(image.pixel(x: 5, y: 5) == (242, 242, 247, 255))
        let pixels = stride(from: 0, to: image.pixels.count, by: 4).map { (image.pixels[$0], image.pixels[$0 + 1], image.pixels[$0 + 2]) }
        #expect(pixels.contains { $0.2 > 200 && $0.0 < 80 })
    }
}
