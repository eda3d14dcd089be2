import Adaptive
import Foundation

/// `--report DIR`: for each failed or recorded snapshot the expected, actual and diff PNGs
/// (written one snapshot at a time, as verification goes), then one `index.html` to review them
/// (side by side, an overlay slider and a blink toggle) and `junit.xml` for CI systems, both
/// from the outcomes' small records.
public enum FailureReport {
    public struct Settings: Sendable {
        public var recordMode: RecordMode
        public var threshold: Double
        /// Rows of a summary table above the entries (a folder comparison's counts by status).
        public var summary: [(label: String, count: Int)]
        /// What was compared, for the heading and the summary line ("snapshots", "files").
        public var subject: String
        public init(recordMode: RecordMode, threshold: Double, summary: [(label: String, count: Int)] = [], subject: String = "snapshots") {
            self.recordMode = recordMode
            self.threshold = threshold
            self.summary = summary
            self.subject = subject
        }
    }

    /// Writes one snapshot's images into `folder/<group>/NAME.<kind>.png` as soon as it is
    /// verified; returns its outcome with the relative paths, so the pixels can be let go.
    public static func writeImages(_ verification: Verification, to folder: String, writer: inout AtomicWriter) throws(WorkflowError) -> SnapshotOutcome {
        var outcome = verification.outcome
        guard !outcome.passed, !verification.images.isEmpty else { return outcome }
        try writer.createDirectory(outcome.group, in: folder)
        for kind in SnapshotImages.Kind.allCases {
            guard let bytes = verification.images[kind] else { continue }
            let relative = "\(outcome.group)/\(outcome.name).\(kind.rawValue).png"
            try writer.write(bytes, to: "\(folder)/\(relative)")
            outcome.images[kind] = relative
        }
        return outcome
    }

    /// `index.html` and `junit.xml`, from the outcomes' records alone (their images are
    /// already on disk). All or nothing: a failure puts back what an earlier report had.
    public static func write(_ outcomes: [SnapshotOutcome], to folder: String, settings: Settings) throws(WorkflowError) {
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
    public static func write(_ outcomes: [SnapshotOutcome], to folder: String, settings: Settings, writer: inout AtomicWriter) throws(WorkflowError) {
        try writer.createDirectory(folder)
        let entries = outcomes.filter { !$0.passed }
        try writer.write(Array(html(entries, total: outcomes.count, settings: settings).utf8), to: "\(folder)/index.html")
        try writer.write(Array(junit(outcomes).utf8), to: "\(folder)/junit.xml")
    }

    static func html(_ entries: [SnapshotOutcome], total: Int, settings: Settings) -> String {
        let failed = entries.count
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>tabstage: \(failed) of \(total) \(settings.subject) need review</title>
            <style>
            body { font: 15px/1.45 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #1d1d1f; background: #f5f5f7; }
            h1 { font-size: 22px; margin: 0 0 4px; }
            .summary { color: #6e6e73; margin: 0 0 24px; }
            section { background: #fff; border-radius: 12px; padding: 16px 20px 20px; margin-bottom: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
            h2 { font-size: 17px; margin: 0 0 4px; }
            .message { margin: 0 0 12px; color: #b3261e; }
            .recorded .message { color: #8a5a00; }
            .trio { display: flex; gap: 16px; flex-wrap: wrap; }
            figure { margin: 0; flex: 1 1 200px; max-width: 320px; }
            figcaption { font-size: 13px; color: #6e6e73; margin-bottom: 4px; }
            figure img, .overlay img { width: 100%; display: block; border: 1px solid #d2d2d7; border-radius: 6px; background: #fff; }
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
            </style>
            </head>
            <body>
            <h1>tabstage snapshot report</h1>
            <p class="summary">\(failed) of \(total) \(settings.subject) need review · \(settings.summary.isEmpty ? "record mode \(settings.recordMode.rawValue) · " : "")threshold \(settings.threshold)</p>

            """
        if !settings.summary.isEmpty {
            out += "<table class=\"counts\">\n<tr><th scope=\"col\">status</th><th scope=\"col\">files</th></tr>\n"
            for row in settings.summary { out += "<tr><td>\(xmlEscape(row.label))</td><td>\(row.count)</td></tr>\n" }
            out += "</table>\n"
        }
        if entries.isEmpty { out += "<p>Every \(settings.subject == "snapshots" ? "snapshot matches its reference" : "file matches").</p>\n" }
        for outcome in entries {
            let files = outcome.images
            let title = "\(outcome.group) / \(outcome.name)"
            let kind: String
            switch outcome.status {
            case .matched: kind = ""
            case .recorded: kind = "recorded"
            case .failed: kind = "failed"
            }
            out += "<section class=\"\(kind)\">\n<h2>\(xmlEscape(title))</h2>\n<p class=\"message\">\(xmlEscape(outcome.message))</p>\n<div class=\"trio\">\n"
            for (key, caption) in [(SnapshotImages.Kind.expected, "Expected (reference)"), (.actual, "Actual"), (.diff, "Difference: red changed, yellow anti-aliasing")] {
                guard let file = files[key] else { continue }
                out += "<figure><figcaption>\(caption)</figcaption><img src=\"\(xmlEscape(file))\" alt=\"\(xmlEscape(caption + ", " + title))\"></figure>\n"
            }
            out += "</div>\n"
            if let expected = files[.expected], let actual = files[.actual] {
                out += """
                    <div class="tools">
                    <div class="overlay"><img class="under" src="\(xmlEscape(actual))" alt="Actual"><img class="over" src="\(xmlEscape(expected))" alt="Expected"></div>
                    <div class="controls">
                    <label>Expected ◀ overlay ▶ actual<br><input type="range" min="0" max="100" value="50" aria-label="Overlay position, \(xmlEscape(title))"></label>
                    <button type="button" class="blink" aria-pressed="false">Blink</button>
                    </div>
                    </div>

                    """
            }
            out += "</section>\n"
        }
        out += """
            <script>
            document.querySelectorAll("section").forEach(function (section) {
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

    static func junit(_ outcomes: [SnapshotOutcome]) -> String {
        let groups = Dictionary(grouping: outcomes, by: \.group).sorted { $0.key < $1.key }
        let failures = outcomes.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tabstage\" tests=\"\(outcomes.count)\" failures=\"\(failures)\">\n"
        for (group, items) in groups {
            out += "  <testsuite name=\"\(xmlEscape(group))\" tests=\"\(items.count)\" failures=\"\(items.filter { !$0.passed }.count)\">\n"
            for item in items {
                out += "    <testcase classname=\"tabstage.\(xmlEscape(group))\" name=\"\(xmlEscape(item.name))\""
                if item.passed {
                    out += "/>\n"
                } else {
                    out += ">\n      <failure message=\"\(xmlEscape(item.message))\">\(xmlEscape(item.message))</failure>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}
