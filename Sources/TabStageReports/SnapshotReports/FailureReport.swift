import Foundation
import TabStageModel
import TabStageWorkflow

/// `--report DIR`: for each failed or recorded snapshot the expected, actual and diff PNGs
/// (written one snapshot at a time, as verification goes), then one `index.html` to review them
/// (side by side at full resolution with zoom and pan, clusters of differing pixels boxed, an
/// overlay slider, a blink toggle, the SVG lines that changed and the command that accepts the
/// change) and `junit.xml` for CI systems, both from the outcomes' small records.
package enum FailureReport {
    /// What the report's heading says about the run.
    package struct Settings: Sendable {
        /// The record mode the run used.
        package var recordMode: RecordMode
        /// The perceptual threshold the run used.
        package var threshold: Double
        /// Rows of a summary table above the entries (a folder comparison's counts by status).
        package var summary: [(label: String, count: Int)]
        /// What was compared, for the heading and the summary line ("snapshots", "files").
        package var subject: String
        /// The page's heading.
        package var heading: String
        /// The line under the heading; nil for the count, record mode and threshold.
        package var summaryLine: String?
        /// Each picture's caption, by kind.
        package var captions: [SnapshotImages.Kind: String]
        /// The overlay slider's label.
        package var overlayLabel: String
        /// What the page says when nothing needs review; nil for the snapshot or file wording.
        package var emptyText: String?
        /// HTML of further sections after the entries, escaped by its maker (a conformance
        /// report's charts).
        package var appendix: String
        /// Where the results come from when the page did not check them itself (a merge of
        /// shards' reports): a line under the summary, and a comment at the top of junit.xml.
        package var provenance: String?
        /// Settings for a report heading.
        package init(
            recordMode: RecordMode, threshold: Double, summary: [(label: String, count: Int)] = [], subject: String = "snapshots",
            heading: String = "tabstage snapshot report", summaryLine: String? = nil,
            captions: [SnapshotImages.Kind: String] = defaultCaptions,
            overlayLabel: String = "Expected ◀ overlay ▶ actual", emptyText: String? = nil, appendix: String = ""
        ) {
            self.recordMode = recordMode
            self.threshold = threshold
            self.summary = summary
            self.subject = subject
            self.heading = heading
            self.summaryLine = summaryLine
            self.captions = captions
            self.overlayLabel = overlayLabel
            self.emptyText = emptyText
            self.appendix = appendix
        }

        /// The pictures of a snapshot or file comparison.
        package static let defaultCaptions: [SnapshotImages.Kind: String] = [
            .expected: "Expected (reference)", .actual: "Actual", .diff: "Difference: red changed, yellow anti-aliasing",
        ]
    }

    /// Writes one snapshot's images into `folder/<group>/NAME.<kind>.png` as soon as it is
    /// verified; returns its outcome with the relative paths, so the pixels can be let go.
    package static func writeImages(_ verification: Verification, to folder: String, writer: inout AtomicWriter) throws(WorkflowError)
        -> SnapshotOutcome
    {
        var outcome = verification.outcome
        guard !outcome.passed, !verification.images.isEmpty else { return outcome }
        var parent = folder
        for component in outcome.group.split(separator: "/").map(String.init) {
            parent = try writer.createDirectory(component, in: parent)
        }
        for kind in SnapshotImages.Kind.allCases {
            guard let bytes = verification.images[kind] else { continue }
            let relative = "\(outcome.group)/\(outcome.name).\(kind.rawValue).png"
            try writer.write(bytes, to: "\(folder)/\(relative)")
            outcome.images[kind] = relative
        }
        try AcceptFiles.write(verification, into: folder, outcome: &outcome, writer: &writer)
        return outcome
    }

    /// `index.html` and `junit.xml`, from the outcomes' records alone (their images are
    /// already on disk). All or nothing: a failure puts back what an earlier report had.
    package static func write(_ outcomes: [SnapshotOutcome], to folder: String, settings: Settings) throws(WorkflowError) {
        var writer = AtomicWriter()
        do {
            try write(outcomes, to: folder, settings: settings, writer: &writer)
        } catch {
            writer.rollback()
            throw error
        }
        writer.finish()
    }

    /// Through the caller's writer, so the report joins the caller's run and its rollback.
    package static func write(_ outcomes: [SnapshotOutcome], to folder: String, settings: Settings, writer: inout AtomicWriter)
        throws(WorkflowError)
    {
        try writer.createDirectory(folder)
        let entries = outcomes.filter { !$0.passed }
        let frames = outcomes.filter { FrameReferences.isFrameGroup($0.group) }.count
        try writer.write(Array(html(entries, total: outcomes.count, frames: frames, settings: settings).utf8), to: "\(folder)/index.html")
        try writer.write(Array(junit(outcomes, provenance: settings.provenance).utf8), to: "\(folder)/junit.xml")
        try writer.replacePrevious(in: folder)
    }

    /// What the page may load: its own inline style and script, and the report's PNGs beside
    /// it (`'self'`); nothing from anywhere else, whatever a file name or message holds.
    package static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// The page; `frames` of the `total` outcomes are frame references, counted apart from
    /// the snapshots in the summary.
    package static func html(_ entries: [SnapshotOutcome], total: Int, frames: Int = 0, settings: Settings) -> String {
        let failed = entries.count
        let failedFrames = entries.filter { FrameReferences.isFrameGroup($0.group) }.count
        let counted =
            frames > 0
            ? "\(failed - failedFrames) of \(total - frames) \(settings.subject) and \(failedFrames) of \(frames) frames"
            : "\(failed) of \(total) \(settings.subject)"
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>tabstage: \(counted) need review</title>
            <style>
            body { font: 15px/1.45 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #1d1d1f; background: #f5f5f7; }
            h1 { font-size: 22px; margin: 0 0 4px; }
            .summary { color: #6e6e73; margin: 0 0 24px; }
            section { background: #fff; border-radius: 12px; padding: 16px 20px 20px; margin-bottom: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
            h2 { font-size: 17px; margin: 0 0 4px; }
            .message { margin: 0 0 12px; color: #b3261e; }
            .recorded .message { color: #8a5a00; }
            .trio { display: flex; gap: 16px; flex-wrap: wrap; }
            figure { margin: 0; flex: 1 1 280px; min-width: 0; }
            figcaption { font-size: 13px; color: #6e6e73; margin-bottom: 4px; }
            .pane { overflow: auto; max-height: 75vh; border: 1px solid #d2d2d7; border-radius: 6px; background: #fff; cursor: grab; }
            .pane.dragging { cursor: grabbing; }
            .canvas { position: relative; width: 100%; }
            .canvas img { width: 100%; display: block; -webkit-user-drag: none; user-select: none; }
            .zoomed .canvas img { image-rendering: pixelated; }
            .box { position: absolute; outline: 2px solid #ff2d92; outline-offset: 2px; box-shadow: 0 0 0 1px #fff; pointer-events: none; }
            .zoom { display: flex; gap: 8px; align-items: center; margin: 0 0 10px; font-size: 13px; color: #6e6e73; }
            .overlay img { width: 100%; display: block; border: 1px solid #d2d2d7; border-radius: 6px; background: #fff; }
            details.svg pre, .accept code { font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
            details.svg pre { background: #f5f5f7; padding: 8px 12px; border-radius: 6px; overflow: auto; max-height: 320px; }
            details.svg .del { color: #b3261e; } details.svg .add { color: #1a7f37; }
            .accept { margin: 12px 0 0; font-size: 13px; }
            ul.moves { margin: 0 0 12px; padding-left: 0; list-style: none; }
            ul.moves button { border: 0; background: none; padding: 1px 0; text-align: left; }
            ul.moves code { background: #f5f5f7; padding: 1px 6px; border-radius: 4px; white-space: pre; }
            ul.moves button[aria-pressed="true"] code { background: #ffd60a; }
            .geometry { position: absolute; box-sizing: border-box; pointer-events: none; }
            .geometry.old { border: 2px dashed #0071e3; }
            .geometry.new { border: 2px solid #ff9f0a; }
            .geometry.lit { box-shadow: 0 0 0 3px #ffd60a; background: rgba(255, 214, 10, .25); }
            .accept code { background: #f5f5f7; padding: 2px 6px; border-radius: 4px; user-select: all; }
            .tools { margin-top: 16px; display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
            .overlay { position: relative; width: 320px; }
            .overlay img.over { position: absolute; inset: 0; clip-path: inset(0 50% 0 0); }
            .overlay.blinking img.over { clip-path: none; animation: blink 1s steps(1) infinite; }
            @keyframes blink { 50% { opacity: 0; } }
            .controls { display: flex; flex-direction: column; gap: 8px; font-size: 13px; color: #6e6e73; }
            button { font: inherit; padding: 6px 12px; border-radius: 8px; border: 1px solid #d2d2d7; background: #fff; cursor: pointer; }
            table.counts { border-collapse: collapse; margin: 0 0 24px; background: #fff; }
            table.counts th, table.counts td { border: 1px solid #d2d2d7; padding: 4px 12px; text-align: left; }
            button[aria-pressed="true"] { background: #0071e3; color: #fff; border-color: #0071e3; }
            .chart img { max-width: 100%; display: block; margin-bottom: 12px; }
            h3 { font-size: 15px; margin: 16px 0 6px; }
            tr.diverges td { color: #b3261e; }
            .strip .frames { display: flex; gap: 12px; flex-wrap: wrap; }
            .strip figure { flex: 1 1 160px; max-width: 240px; }
            .strip img { width: 100%; display: block; border: 1px solid #d2d2d7; border-radius: 6px; margin-bottom: 6px; }
            .strip figure.differs img { border-color: #b3261e; }
            </style>
            </head>
            <body>
            <h1>\(xmlEscape(settings.heading))</h1>
            <p class="summary">\(settings.summaryLine.map(xmlEscape) ?? "\(counted) need review · \(settings.summary.isEmpty ? "record mode \(settings.recordMode.rawValue) · " : "")threshold \(settings.threshold)")</p>

            """
        if let provenance = settings.provenance { out += "<p class=\"summary provenance\">\(xmlEscape(provenance))</p>\n" }
        if !settings.summary.isEmpty {
            out += "<table class=\"counts\">\n<tr><th scope=\"col\">status</th><th scope=\"col\">files</th></tr>\n"
            for row in settings.summary { out += "<tr><td>\(xmlEscape(row.label))</td><td>\(row.count)</td></tr>\n" }
            out += "</table>\n"
        }
        if entries.isEmpty {
            out +=
                "<p>\(settings.emptyText.map(xmlEscape) ?? "Every \(settings.subject == "snapshots" ? "snapshot matches its reference" : "file matches").")</p>\n"
        }
        for outcome in entries {
            let files = outcome.images
            // A folder diff's top-level files have the group "."; their path alone reads better.
            let title = outcome.group == "." ? outcome.name : "\(outcome.group) / \(outcome.name)"
            let kind: String
            switch outcome.status {
            case .matched: kind = ""
            case .recorded: kind = "recorded"
            case .failed: kind = "failed"
            }
            out +=
                "<section class=\"\(kind)\">\n<h2>\(xmlEscape(title))</h2>\n<p class=\"message\">\(outcome.message.split(separator: "\n", omittingEmptySubsequences: false).map { xmlEscape(String($0)) }.joined(separator: "<br>\n"))</p>\n"
            if !outcome.geometry.isEmpty {
                // What moved, in words, before the pictures: the layout reference said it first.
                // A click on a line lights its element's boxes (dashed: where it was; solid: where it is).
                out +=
                    "<ul class=\"moves\" aria-label=\"What moved\">"
                    + outcome.geometry.enumerated().map { index, line in
                        "<li><button type=\"button\" class=\"move\" data-move=\"\(index)\" aria-pressed=\"false\"><code>\(xmlEscape(line))</code></button></li>"
                    }.joined() + "</ul>\n"
            }
            if !files.isEmpty {
                let boxed =
                    outcome.regions.isEmpty
                    ? "" : " · \(outcome.regions.count) cluster\(outcome.regions.count == 1 ? "" : "s") of differing pixels boxed"
                out +=
                    "<div class=\"zoom\" role=\"group\" aria-label=\"Zoom, \(xmlEscape(title))\">Zoom <button type=\"button\" data-zoom=\"fit\" aria-pressed=\"true\">Fit</button>"
                    + "<button type=\"button\" data-zoom=\"1\" aria-pressed=\"false\">1×</button><button type=\"button\" data-zoom=\"2\" aria-pressed=\"false\">2×</button>"
                    + "<button type=\"button\" data-zoom=\"4\" aria-pressed=\"false\">4×</button><span>drag to pan; the panes move together\(boxed)</span></div>\n"
            }
            out += "<div class=\"trio\">\n"
            let boxes = boxesHTML(outcome) + geometryBoxesHTML(outcome)
            for key in SnapshotImages.Kind.allCases {
                guard let file = files[key] else { continue }
                let caption = settings.captions[key] ?? key.rawValue
                out +=
                    "<figure><figcaption>\(caption)</figcaption><div class=\"pane\"><div class=\"canvas\"><img src=\"\(xmlEscape(file))\" alt=\"\(xmlEscape(caption + ", " + title))\">\(boxes)</div></div></figure>\n"
            }
            out += "</div>\n"
            out += FrameStrip.html(outcome)
            if let expected = files[.expected], let actual = files[.actual] {
                out += """
                    <div class="tools">
                    <div class="overlay"><img class="under" src="\(xmlEscape(actual))" alt="Actual"><img class="over" src="\(xmlEscape(expected))" alt="Expected"></div>
                    <div class="controls">
                    <label>\(xmlEscape(settings.overlayLabel))<br><input type="range" min="0" max="100" value="50" aria-label="Overlay position, \(xmlEscape(title))"></label>
                    <button type="button" class="blink" aria-pressed="false">Blink</button>
                    </div>
                    </div>

                    """
            }
            if !outcome.svgChanges.isEmpty {
                let lines = outcome.svgChanges.map { line in
                    let escaped = xmlEscape(line)
                    return line.hasPrefix("- ")
                        ? "<span class=\"del\">\(escaped)</span>" : line.hasPrefix("+ ") ? "<span class=\"add\">\(escaped)</span>" : escaped
                }
                out +=
                    "<details class=\"svg\"><summary>SVG changes (reference − , new rendering +)</summary><pre>\(lines.joined(separator: "\n"))</pre></details>\n"
            }
            if let accept = outcome.accept, !accept.isEmpty {
                out += "<p class=\"accept\">Accept every change of this scenario: <code>\(xmlEscape(accept))</code></p>\n"
            }
            out += "</section>\n"
        }
        out += settings.appendix
        out += """
            <script>
            document.querySelectorAll("section").forEach(function (section) {
              var panes = Array.prototype.slice.call(section.querySelectorAll(".pane"));
              section.querySelectorAll(".zoom button").forEach(function (button) {
                button.addEventListener("click", function () {
                  var zoom = button.dataset.zoom;
                  section.querySelectorAll(".zoom button").forEach(function (b) { b.setAttribute("aria-pressed", b === button ? "true" : "false"); });
                  section.classList.toggle("zoomed", zoom !== "fit" && zoom !== "1");
                  panes.forEach(function (pane) {
                    var img = pane.querySelector("img");
                    var apply = function () { pane.querySelector(".canvas").style.width = zoom === "fit" ? "100%" : (img.naturalWidth * Number(zoom)) + "px"; };
                    if (img.complete) apply(); else img.addEventListener("load", apply, { once: true });
                  });
                });
              });
              section.querySelectorAll("button.move").forEach(function (button) {
                button.addEventListener("click", function () {
                  var on = button.getAttribute("aria-pressed") !== "true";
                  section.querySelectorAll("button.move").forEach(function (b) { b.setAttribute("aria-pressed", on && b === button ? "true" : "false"); });
                  section.querySelectorAll(".geometry").forEach(function (box) {
                    box.classList.toggle("lit", on && box.dataset.move === button.dataset.move);
                  });
                });
              });
              var syncing = false;
              panes.forEach(function (pane) {
                pane.addEventListener("scroll", function () {
                  if (syncing) return;
                  syncing = true;
                  panes.forEach(function (other) { if (other !== pane) { other.scrollLeft = pane.scrollLeft; other.scrollTop = pane.scrollTop; } });
                  syncing = false;
                });
                var start = null;
                pane.addEventListener("pointerdown", function (event) {
                  start = { x: event.clientX, y: event.clientY, left: pane.scrollLeft, top: pane.scrollTop };
                  pane.classList.add("dragging");
                  pane.setPointerCapture(event.pointerId);
                });
                pane.addEventListener("pointermove", function (event) {
                  if (!start) return;
                  pane.scrollLeft = start.left - (event.clientX - start.x);
                  pane.scrollTop = start.top - (event.clientY - start.y);
                });
                pane.addEventListener("pointerup", function () { start = null; pane.classList.remove("dragging"); });
              });
              var overlay = section.querySelector(".overlay");
              if (!overlay) return;
              var over = overlay.querySelector("img.over");
              section.querySelector("input[type=range]").addEventListener("input", function (event) {
                over.style.clipPath = "inset(0 " + (100 - event.target.value) + "% 0 0)";
              });
              section.querySelector("button.blink").addEventListener("click", function (event) {
                var on = overlay.classList.toggle("blinking");
                event.target.setAttribute("aria-pressed", on ? "true" : "false");
              });
            });
            </script>
            </body>
            </html>

            """
        return out
    }

    /// One box per cluster of differing pixels, placed in percent of the image so it follows
    /// every zoom level.
    static func boxesHTML(_ outcome: SnapshotOutcome) -> String {
        guard let size = outcome.comparison, size.width > 0, size.height > 0 else { return "" }
        func percent(_ value: Int, _ whole: Int) -> String { decimalText(Double(value) * 100 / Double(whole), decimals: 3) + "%" }
        return outcome.regions.map { r in
            "<div class=\"box\" style=\"left:\(percent(r.x, size.width));top:\(percent(r.y, size.height));width:\(percent(r.width, size.width));height:\(percent(r.height, size.height))\"></div>"
        }.joined()
    }

    /// The listed elements' frames, in percent of the drawn canvas: dashed where each was in the
    /// reference, solid where it is now, each tagged with its line so a click lights it.
    static func geometryBoxesHTML(_ outcome: SnapshotOutcome) -> String {
        guard let canvas = outcome.canvas, canvas.width > 0, canvas.height > 0 else { return "" }
        func percent(_ value: Double, _ whole: Double) -> String { decimalText(value * 100 / whole, decimals: 3) + "%" }
        func box(_ rect: Rect, _ kind: String, _ line: Int) -> String {
            "<div class=\"geometry \(kind)\" data-move=\"\(line)\" style=\"left:\(percent(rect.x, canvas.width));top:\(percent(rect.y, canvas.height));"
                + "width:\(percent(rect.width, canvas.width));height:\(percent(rect.height, canvas.height))\"></div>"
        }
        return outcome.geometryBoxes.map { item in
            (item.old.map { box($0, "old", item.line) } ?? "") + (item.new.map { box($0, "new", item.line) } ?? "")
        }.joined()
    }

    package static func junit(_ outcomes: [SnapshotOutcome], provenance: String? = nil) -> String {
        let groups = Dictionary(grouping: outcomes, by: \.group).sorted { $0.key < $1.key }
        let failures = outcomes.filter { !$0.passed }.count
        // A comment may not hold "--": the provenance is tabstage's own words, made safe anyway.
        let comment = provenance.map { "<!-- \($0.replacingOccurrences(of: "--", with: "- -")) -->\n" } ?? ""
        var out =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(comment)<testsuites name=\"tabstage\" tests=\"\(outcomes.count)\" failures=\"\(failures)\">\n"
        for (group, items) in groups {
            out += "  <testsuite name=\"\(xmlEscape(group))\" tests=\"\(items.count)\" failures=\"\(items.filter { !$0.passed }.count)\">\n"
            // A variant's folder is SCENARIO@VARIANT ('@' is in no scenario's name): its suite
            // says both, and its class is tabstage.SCENARIO.VARIANT, so a CI page groups a
            // scenario's variants under the scenario.
            var classname = "tabstage." + group
            // A scenario's frame references, `SCENARIO/frames`: class tabstage.SCENARIO.frames,
            // one test case per frame, beside the scenario's snapshots.
            if FrameReferences.isFrameGroup(group) { classname = "tabstage." + group.replacingOccurrences(of: "/", with: ".") }
            if let at = group.firstIndex(of: "@") {
                let scenario = group[..<at], variant = group[group.index(after: at)...]
                out += "    <properties>\n      <property name=\"scenario\" value=\"\(xmlEscape(String(scenario)))\"/>\n"
                out += "      <property name=\"variant\" value=\"\(xmlEscape(String(variant)))\"/>\n    </properties>\n"
                classname = "tabstage.\(scenario).\(variant)"
            }
            for item in items {
                out += "    <testcase classname=\"\(xmlEscape(classname))\" name=\"\(xmlEscape(item.name))\""
                if item.passed {
                    out += "/>\n"
                } else {
                    // The body adds the images' paths in the report folder, so a CI page that
                    // shows only junit.xml still says which picture to open.
                    let images =
                        item.geometry.map { "\n  " + xmlEscape($0) }
                        + item.images.sorted { $0.key < $1.key }.map { "\n" + xmlEscape("\($0.key.rawValue): \($0.value)") }
                    out +=
                        ">\n      <failure message=\"\(xmlEscape(item.message))\">\(xmlEscape(item.message) + images.joined())</failure>\n"
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
