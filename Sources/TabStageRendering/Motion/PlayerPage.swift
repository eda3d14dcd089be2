import TabStageLayout
import TabStageModel
import TabStageScenario

/// `index.html`: a scenario's motion as one self-contained, offline page — every frame's SVG
/// inline, a timeline, play/pause and step buttons, the steps with their source lines, the
/// current frame's numbers and the motion charts with the current time marked. No network, no
/// external file; plain HTML, CSS and JavaScript that Chromium, Firefox and Safari run from disk.
package enum PlayerPage {
    /// The most bytes `index.html` may take: every frame is inlined, so a fast fling at a high
    /// fps wrote 1.48 GB (99,900 frames); the bundled examples' pages take under 5 MB.
    package static let maxBytes = 100_000_000

    /// Records `scenario` keeping its frames and writes its page (`write(_:hold:deviceFrame:measuring:into:)`).
    package static func write(
        _ scenario: Scenario, hold: Int, deviceFrame: Bool, measuring: some TextMeasuring, into write: (String) throws -> Void
    ) throws {
        try self.write(
            ScenarioRunner.record(scenario, measuring: measuring, keepingFrames: true), hold: hold, deviceFrame: deviceFrame,
            measuring: measuring, into: write)
    }

    /// Writes a recorded run's page to `sink` in pieces, frame by frame (`run` must be recorded
    /// keeping its frames): only the previous frame's SVG (to share it with identical
    /// neighbours) and the chart's points are kept.
    ///
    /// Callers check the page's size first (`checkSize`), before anything is written; the
    /// bytes are counted again here as the backstop: a piece that takes the page over
    /// `maxBytes` throws a `ScenarioError` at the step that drew it, with the size so far and
    /// the whole run's estimate, before it is handed on.
    package static func write(
        _ run: ScenarioRun, hold: Int, deviceFrame: Bool, measuring: some TextMeasuring, into write: (String) throws -> Void
    ) throws {
        let scenario = run.scenario
        var written = 0
        try pieces(run, hold: hold, deviceFrame: deviceFrame, measuring: measuring) { piece, step, _ in
            written += piece.utf8.count
            if written > maxBytes {
                // The steps so far, extrapolated over every step: the whole page's estimate.
                let steps = max(scenario.steps.count, step + 1)
                let estimate = Int(Double(written) / Double(step + 1) * Double(steps))
                throw ScenarioError(
                    location(of: step, in: scenario),
                    "index.html reaches \(written) bytes at step \(step) of \(scenario.steps.count) (about \(estimate) for the whole run), over the limit of \(maxBytes) bytes",
                    expected: expected)
            }
            try write(piece)
        }
    }

    /// A page's size, counted before anything is written, and its text when it was kept.
    package struct Checked: Sendable {
        package var bytes: Int
        /// The whole page, when it took at most the bytes asked to be kept.
        package var text: String?
    }

    /// The size of `write`'s page for `run`, worked out before anything is written: the page
    /// is made exactly as `write` makes it (every frame drawn) and its pieces counted, so the
    /// size is exact and a page that passes is never over `maxBytes` when written. A page of
    /// at most `keep` bytes is kept whole (`Checked.text`), so it need not be made twice.
    /// Counting stops at the frame that takes the page over: it throws a `ScenarioError` at
    /// that frame's step with the page's estimate (the bytes so far per frame, times the
    /// frames in all: physics frames and held snapshots), the bytes counted and the limit, so
    /// a refused page costs at most the work of `maxBytes` of page.
    package static func checkSize(
        _ run: ScenarioRun, hold: Int, deviceFrame: Bool, measuring: some TextMeasuring, keeping keep: Int = 0
    ) throws(ScenarioError) -> Checked {
        let scenario = run.scenario
        let frames = run.timeline.frames.count + run.timeline.steps.filter { $0.step.snapshotName != nil }.count
        var counted = 0
        var text: String? = keep > 0 ? "" : nil
        do {
            try pieces(run, hold: hold, deviceFrame: deviceFrame, measuring: measuring) { piece, step, done in
                counted += piece.utf8.count
                if counted > keep {
                    text = nil
                } else {
                    text?.append(piece)
                }
                guard counted > maxBytes else { return }
                // Bytes so far per frame, over every frame of the run (at least what was counted).
                let estimate = done > 0 ? max(counted, Int(Double(counted) / Double(done) * Double(max(frames, done)))) : counted
                throw ScenarioError(
                    location(of: step, in: scenario),
                    "index.html would be about \(estimate) bytes (\(counted) counted by frame \(done) of \(frames), at step \(step)), over the limit of \(maxBytes) bytes",
                    expected: expected)
            }
        } catch let error as ScenarioError {
            throw error
        } catch {
            // Only the page's own checks throw (ScenarioError); anything else is still one located line.
            throw ScenarioError(SourceLocation(file: scenario.file), "index.html: \(error)")
        }
        return Checked(bytes: counted, text: text)
    }

    /// What a page over its budget should have been.
    static let expected =
        "a player page of at most \(maxBytes) bytes: a lower fps, a smaller window, shorter waits and flings, or fewer steps"

    static func location(of step: Int, in scenario: Scenario) -> SourceLocation {
        scenario.steps.indices.contains(step) ? scenario.steps[step].location : SourceLocation(file: scenario.file)
    }

    /// The page in the order it is written, each piece with the step that made it and the
    /// frames made so far (a frame's pieces count it).
    private static func pieces(
        _ run: ScenarioRun, hold: Int, deviceFrame: Bool, measuring: some TextMeasuring, into write: (String, Int, Int) throws -> Void
    ) throws {
        let scenario = run.scenario
        var step = 0
        var done = 0
        func sink(_ piece: String) throws { try write(piece, step, done) }
        let title = escaped(scenario.name)
        try sink(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · tabstage player</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>\(title)</h1>
            <main>
            <div id="player-stage"><div id="player-view"></div></div>
            <div id="player-side">
            <div id="player-controls">
            <button type="button" id="player-previous" title="Previous frame">◀ Step</button>
            <button type="button" id="player-play">Play</button>
            <button type="button" id="player-next" title="Next frame">Step ▶</button>
            <input type="range" id="timeline" min="0" max="0" value="0" step="1" aria-label="Timeline">
            <output id="player-clock"></output>
            </div>
            <table id="player-numbers"><tbody>
            <tr><th>Frame</th><td id="player-frame"></td></tr>
            <tr><th>Time</th><td id="player-time"></td></tr>
            <tr><th>Step</th><td id="player-step"></td></tr>
            <tr><th>Content offset</th><td id="player-offset"></td></tr>
            <tr><th>Velocity</th><td id="player-velocity"></td></tr>
            <tr><th>Header height</th><td id="player-header"></td></tr>
            <tr><th>Collapse progress</th><td id="player-progress"></td></tr>
            <tr><th>Safe area insets</th><td id="player-insets"></td></tr>
            <tr><th>Traits</th><td id="player-traits"></td></tr>
            <tr><th>Presentation</th><td id="player-presentation"></td></tr>
            </tbody></table>
            <ol id="player-steps" start="0">

            """)
        for (index, step) in scenario.steps.enumerated() {
            let name = step.snapshotName.map { " <b>\(escaped($0))</b>" } ?? ""
            try sink(
                "<li id=\"player-step-\(index)\" data-step=\"\(index)\"><span class=\"line\">line \(step.location.line)</span> \(escaped(step.keyword))\(name)</li>\n"
            )
        }
        try sink("</ol>\n</div>\n</main>\n<div id=\"frames\" hidden>\n<script>const F = [];</script>\n")
        var previousSVG: String?
        var previousState: StageState?
        var pictures = -1
        // Every picture (banner, avatar, rows) is defined once for the whole page, where the
        // first frame that draws it is written; frames refer to it by id.
        var shared: SharedPictures? = SharedPictures()
        var defined = 0
        var points: [PlotPoint] = []
        // Without physics frames every frame has simulated time 0; the chart then shows the held
        // snapshots on the player's own clock, each as a flat stretch from its start to its end.
        var held: [PlotPoint] = []
        let total = try MotionTimeline.frames(run, hold: hold, measuring: measuring) { frame in
            step = frame.stepIndex
            done += 1
            // A frame that shows the same state as the one before draws the same SVG (drawing
            // is deterministic): a fling's tail at rest, a snapshot after its step's frames.
            let svg: String
            if let previousSVG, frame.state == previousState {
                svg = previousSVG
            } else {
                svg = try frame.checkedSVG(deviceFrame: deviceFrame, measuring: measuring, file: "index.html", sharing: &shared)
                previousState = frame.state
            }
            if let all = shared?.pictures.count, all > defined {
                try sink(
                    "<svg class=\"player-pictures\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n\(shared?.definitions(from: defined) ?? "")</defs></svg>\n"
                )
                defined = all
            }
            if svg != previousSVG {
                pictures += 1
                try sink("<template id=\"player-picture-\(pictures)\">\(svg)</template>\n")
                previousSVG = svg
            }
            let sample = frame.sample
            if case .physics = frame.kind {
                points.append(
                    PlotPoint(
                        time: sample.time, contentOffsetY: sample.contentOffsetY, headerHeight: sample.headerHeight,
                        velocity: sample.velocity))
            } else if points.isEmpty {
                for ms in [frame.start, frame.end] {
                    held.append(
                        PlotPoint(
                            time: Double(ms) / 1000, contentOffsetY: sample.contentOffsetY, headerHeight: sample.headerHeight,
                            velocity: sample.velocity))
                }
            }
            try sink("<script>F.push(\(entry(frame, picture: pictures)));</script>\n")
        }
        try sink("</div>\n<section id=\"plots\">\n")
        if points.isEmpty && !held.isEmpty {
            try sink(
                MotionPlot.svg(
                    held, title: "\(scenario.name): held snapshots (no physics frames: no drag, release, wait or animated step)",
                    marker: 0, clock: .player))
        } else {
            try sink(MotionPlot.svg(points, title: "\(scenario.name): motion over simulated time", marker: 0))
        }
        try sink("</section>\n<p id=\"total\">\(total) ms in all.</p>\n<script>\(script)</script>\n</body>\n</html>\n")
    }

    /// One frame's numbers as a JavaScript object literal (JSON).
    static func entry(_ frame: MotionFrame, picture: Int) -> String {
        let state = frame.state, sample = frame.sample
        let insets = state.window.safeArea
        let traits = state.window.traits
        var kind = "physics frame"
        if case .snapshot(let name) = frame.kind { kind = "snapshot " + name }
        let presentation = state.presentation.map { "\($0.layout.style.rawValue) (asked: \($0.layout.requestedStyle.rawValue))" } ?? "none"
        let fields: [(String, JSON)] = [
            ("picture", .number(Double(picture))),
            ("kind", .string(kind)),
            ("start", .number(Double(frame.start))),
            ("duration", .number(Double(frame.duration))),
            ("step", .number(Double(frame.stepIndex))),
            ("line", .number(Double(frame.location.line))),
            ("number", .number(Double(sample.number))),
            ("time", .number(sample.time)),
            ("offset", .number(sample.contentOffsetY)),
            ("velocity", .number(sample.velocity)),
            ("header", .number(sample.headerHeight)),
            ("progress", .number(sample.collapseProgress)),
            ("insets", .string("top \(n(insets.top)), left \(n(insets.left)), bottom \(n(insets.bottom)), right \(n(insets.right))")),
            (
                "traits",
                .string(
                    "\(traits.idiom.rawValue), \(traits.horizontalSizeClass.rawValue) width, \(traits.verticalSizeClass.rawValue) height, \(traits.orientation.rawValue), \(traits.layoutDirection.rawValue), \(traits.contentSizeCategory.rawValue), \(traits.userInterfaceStyle.rawValue)"
                )
            ),
            ("presentation", .string(presentation)),
        ]
        // "</" never appears inside a <script> this way.
        return JSON.object(fields).text().replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "\n", with: "")
    }

    /// What the page may load: nothing but its own inline style and script and the pictures
    /// embedded as `data:` in the frames, so markup that got into a frame still fetches nothing.
    package static let contentSecurityPolicy =
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    static func n(_ value: Double) -> String { decimalText(value, decimals: 2) }

    static func escaped(_ text: String) -> String { MotionPlot.escaped(text) }

    static let style = """
        body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:16px;color:#1c1c1e;background:#f2f2f7}
        h1{font-size:20px;margin:0 0 12px}
        main{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}
        #player-stage{background:#fff;border:1px solid #d1d1d6;padding:8px}
        #player-view svg{display:block;max-height:80vh;width:auto;height:auto;max-width:60vw}
        #player-side{flex:1;min-width:320px}
        #player-controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-bottom:12px}
        #timeline{flex:1;min-width:200px}
        table{border-collapse:collapse;background:#fff;width:100%}
        th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e5e5ea;font-size:13px;vertical-align:top}
        th{white-space:nowrap;font-weight:600}
        td{font-variant-numeric:tabular-nums}
        #player-steps{background:#fff;padding:8px 8px 8px 40px;max-height:30vh;overflow:auto;font-size:13px}
        #player-steps li{cursor:pointer}
        #player-steps li.current{background:#dbeafe}
        .line{color:#6e6e73}
        #player-plots{margin-top:16px}
        #player-plots svg{max-width:100%;height:auto;background:#fff}
        """

    static let script = """
        "use strict";
        (function () {
          const timeline = document.getElementById("timeline");
          const frame = document.getElementById("player-view");
          const play = document.getElementById("player-play");
          const marker = document.getElementById("plot-marker");
          const plot = document.getElementById("plot");
          const t0 = Number(plot.getAttribute("data-t0")), t1 = Number(plot.getAttribute("data-t1"));
          const x0 = Number(plot.getAttribute("data-x0")), x1 = Number(plot.getAttribute("data-x1"));
          const playerClock = plot.getAttribute("data-clock") === "player";
          const fixed = (value, digits) => Number(value).toFixed(digits);
          const text = (id, value) => { document.getElementById(id).textContent = value; };
          const SVG_NS = "http://www.w3.org/2000/svg";
          let current = -1, shownPicture = -1, timer = null;
          timeline.max = String(Math.max(F.length - 1, 0));
          function show(index) {
            if (F.length === 0) { text("player-frame", "no frames"); return; }
            index = Math.max(0, Math.min(F.length - 1, index));
            const f = F[index];
            if (f.picture !== shownPicture) {
              const picture = document.getElementById("player-picture-" + f.picture).content.cloneNode(true);
              // Only SVG is shown: an HTML element that reached a frame (a <meta> refresh, which no
              // Content-Security-Policy stops) is taken out before the frame joins the page.
              picture.querySelectorAll("*").forEach((node) => { if (node.namespaceURI !== SVG_NS) node.remove(); });
              frame.replaceChildren(picture);
              shownPicture = f.picture;
            }
            if (current >= 0) { const old = document.getElementById("player-step-" + F[current].step); if (old) old.classList.remove("current"); }
            const step = document.getElementById("player-step-" + f.step);
            if (step) step.classList.add("current");
            current = index;
            timeline.value = String(index);
            text("player-clock", fixed(f.start / 1000, 3) + " s");
            text("player-frame", (index + 1) + " of " + F.length + " (" + f.kind + ", shown " + f.duration + " ms)");
            text("player-time", fixed(f.time, 4) + " s simulated");
            text("player-step", "step " + f.step + ", line " + f.line);
            text("player-offset", fixed(f.offset, 2) + " pt");
            text("player-velocity", fixed(f.velocity, 2) + " pt/s");
            text("player-header", fixed(f.header, 2) + " pt");
            text("player-progress", fixed(f.progress, 4));
            text("player-insets", f.insets);
            text("player-traits", f.traits);
            text("player-presentation", f.presentation);
            const at = playerClock ? f.start / 1000 : f.time;
            const x = x0 + (at - t0) / (t1 - t0) * (x1 - x0);
            marker.setAttribute("x1", String(x));
            marker.setAttribute("x2", String(x));
            marker.removeAttribute("visibility");
          }
          function stop() { if (timer !== null) { clearTimeout(timer); timer = null; } play.textContent = "Play"; }
          function tick() {
            const next = current + 1 < F.length ? current + 1 : 0;
            show(next);
            timer = setTimeout(tick, F[next].duration);
          }
          play.addEventListener("click", () => {
            if (timer !== null) { stop(); return; }
            play.textContent = "Pause";
            timer = setTimeout(tick, F.length ? F[current].duration : 0);
          });
          document.getElementById("player-previous").addEventListener("click", () => { stop(); show(current - 1); });
          document.getElementById("player-next").addEventListener("click", () => { stop(); show(current + 1); });
          timeline.addEventListener("input", () => { stop(); show(Number(timeline.value)); });
          document.getElementById("player-steps").addEventListener("click", (event) => {
            const item = event.target.closest("li");
            if (!item) return;
            const wanted = Number(item.dataset.step);
            let found = F.findIndex((f) => f.step >= wanted);
            if (found < 0) found = F.length - 1;
            stop();
            show(found);
          });
          show(0);
        })();
        """
}
