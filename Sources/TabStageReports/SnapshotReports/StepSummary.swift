import Foundation
import TabStageModel
import TabStageWorkflow

/// The Markdown summary of a report, for a CI page (GitHub's `$GITHUB_STEP_SUMMARY`) or a
/// `--summary FILE`: the counts, then a short section per failure (what moved, in the layout
/// comparison's words; the pixel figures; the images, named or shown; the accept command). Made
/// from the report's records alone, every value from a scenario escaped (`MarkdownText`), and
/// never over the size it is given: failures that do not fit are counted, not shown.
package enum StepSummary {
    /// The most a GitHub Actions step's summary may hold: 1 MiB. GitHub's documentation
    /// ("Adding a job summary", docs.github.com/actions): "GITHUB_STEP_SUMMARY … the maximum
    /// size is 1MiB per step"; over it, the summary is not uploaded and the step gets an error.
    package static let byteLimit = 1_048_576
    /// Failures shown open; the rest are folded in one `<details>`.
    package static let shownOpen = 10
    /// A failure's moves listed open; the rest are folded in its own `<details>`.
    package static let movesOpen = 3

    /// Where the report came from, for the heading and the line under it.
    package enum Source: Sendable, Hashable {
        /// One `verify` run, of every scenario or of one shard (`I/N`).
        case verify(shard: ShardReport.Slice?, scenarios: Int, selected: Int)
        /// `merge-reports`: the shards merged (from 1) of how many; empty for one whole run's report.
        case merged(shards: [Int], count: Int)
    }

    /// The summary of `report` in at most `limit` bytes of UTF-8, or nil when not even its
    /// counts fit. `reportFolder` is named as the report's place; `imageBase` (a checked
    /// `http(s)` URL, see `MarkdownText.imageBaseProblem`) makes each image an `<img>` of
    /// `imageBase/<its path in the report folder>` instead of a name.
    package static func markdown(
        _ report: ShardReport, source: Source, reportFolder: String?, imageBase: String?, limit: Int = byteLimit
    ) -> String? {
        var head = heading(report, source: source, reportFolder: reportFolder)
        guard head.utf8.count <= limit else { return nil }
        let failures = report.results.indices.filter { report.results[$0].status != "matched" }
        guard !failures.isEmpty else { return head }
        head += "\n"
        let base = imageBase.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        var out = head
        var size = out.utf8.count
        var shown = 0
        let foldOpen = "<details><summary>\(failures.count - shownOpen) more failed snapshots</summary>\n\n"
        let foldClose = "</details>\n"
        for (index, resultIndex) in failures.enumerated() {
            var section = ""
            if index == shownOpen { section += foldOpen }
            section += self.section(report.results[resultIndex], imageBase: base)
            // Room for what may still follow: the fold's end and the line counting what is left out.
            let left = failures.count - index - 1
            let closing = (index >= shownOpen ? foldClose.utf8.count : 0) + (left > 0 ? omitted(left, of: failures.count).utf8.count : 0)
            guard size + section.utf8.count + closing <= limit else { break }
            out += section
            size += section.utf8.count
            shown += 1
        }
        if shown > shownOpen { out += foldClose }
        if shown < failures.count {
            let line = omitted(failures.count - shown, of: failures.count)
            if size + (shown > shownOpen ? foldClose.utf8.count : 0) + line.utf8.count <= limit { out += line }
        }
        return out
    }

    /// The line saying how many failures are not shown.
    static func omitted(_ count: Int, of total: Int) -> String {
        "\n**\(grouped(count)) of the \(grouped(total)) failed snapshots are not shown**, to keep this summary under GitHub's 1 MiB limit: the report lists them all.\n"
    }

    /// The heading, the counts and where they come from.
    static func heading(_ report: ShardReport, source: Source, reportFolder: String?) -> String {
        let frames = report.results.filter { FrameReferences.isFrameGroup($0.group) }
        let snapshots = report.results.count - frames.count
        let failedFrames = frames.filter { $0.status != "matched" }.count
        let failed = report.results.filter { $0.status == "failed" }.count
        let recorded = report.results.filter { $0.status == "recorded" }.count
        let failedSnapshots = failed + recorded - failedFrames
        let command: String
        switch source {
        case .verify: command = "tabstage verify"
        case .merged: command = "tabstage merge-reports"
        }
        var out =
            "### \(command): \(grouped(snapshots - failedSnapshots)) of \(grouped(snapshots)) snapshots match"
            + (frames.isEmpty ? "" : ", \(grouped(frames.count - failedFrames)) of \(grouped(frames.count)) frames") + "\n\n"
        switch source {
        case .verify(let shard, let scenarios, let selected):
            if let shard {
                out += "Shard \(shard.index)/\(shard.count): \(grouped(selected)) of \(grouped(scenarios)) scenario files. "
            }
        case .merged(let shards, let count):
            let whose = shards.isEmpty ? "one verify run's report.json" : "the report.json of \(shards.count) of \(count) shards"
            out +=
                "> Built from \(whose): these are the results the reports state, not a new check. "
                + "Gate on each shard's own `tabstage verify` exit code.\n\n"
        }
        out += "| Result | Count |\n|---|---:|\n"
        out += "| matched | \(grouped(report.results.count - failed - recorded)) |\n"
        out += "| failed | \(grouped(failed)) |\n"
        out += "| recorded | \(grouped(recorded)) |\n\n"
        out +=
            "Record mode \(MarkdownText.code(report.recordMode, limit: 20)), threshold \(decimalText(report.threshold, decimals: 4))"
        if let reportFolder { out += "; the report is \(MarkdownText.code(reportFolder + "/index.html", limit: 300))" }
        return out + ".\n"
    }

    /// One failure: its name and status, its message, what moved, the pixel figures, the
    /// images and the command that accepts it.
    static func section(_ result: ShardReport.Result, imageBase: String?) -> String {
        let word = result.status == "recorded" ? "recorded" : "failed"
        var out = "#### \(MarkdownText.code(result.group)) / \(MarkdownText.code(result.name)) (\(word))\n\n"
        if !result.message.isEmpty { out += MarkdownText.prose(result.message) + "\n\n" }
        if let geometry = result.geometry, !geometry.lines.isEmpty {
            let lines = geometry.lines.prefix(LayoutComparison.listed + 1).map { "- " + MarkdownText.code($0, limit: 300) + "\n" }
            out += "What moved (\(grouped(max(geometry.moved, 0))) element\(geometry.moved == 1 ? "" : "s") and values):\n\n"
            out += lines.prefix(movesOpen).joined()
            if lines.count > movesOpen {
                out +=
                    "\n<details><summary>\(lines.count - movesOpen) more lines</summary>\n\n" + lines.dropFirst(movesOpen).joined()
                    + "\n</details>\n"
            }
            out += "\n"
        }
        if let counts = result.comparison, counts.count == 4 {
            let pixels = counts[0].multipliedReportingOverflow(by: counts[1])
            let total = pixels.overflow ? 0 : pixels.partialValue
            out += "Pixels: \(grouped(counts[2])) of \(grouped(total)) (\(grouped(counts[0])) × \(grouped(counts[1]))) differ"
            if total > 0 { out += " (\(percent(Double(counts[2]) / Double(total))))" }
            out += ", \(grouped(counts[3])) anti-aliased not counted"
            if !result.regions.isEmpty {
                out += "; \(grouped(result.regions.count)) cluster\(result.regions.count == 1 ? "" : "s") boxed in the report"
            }
            out += ".\n\n"
        }
        // Expected, actual, diff: the page's order.
        func rank(_ kind: String) -> Int { SnapshotImages.Kind.allCases.firstIndex { $0.rawValue == kind } ?? 3 }
        let images = result.images.sorted { (rank($0.key), $0.key) < (rank($1.key), $1.key) }
        if !images.isEmpty {
            if let imageBase {
                out +=
                    images.map { kind, path in
                        "<img src=\"\(MarkdownText.attribute(imageBase + "/" + MarkdownText.urlPath(path)))\" alt=\"\(MarkdownText.attribute(kind, limit: 20))\" width=\"260\">"
                    }.joined(separator: " ") + "\n\n"
            } else {
                out += "Images: " + images.map { MarkdownText.code($0.value, limit: 600) }.joined(separator: ", ") + ".\n\n"
            }
        }
        if let accept = result.accept, !accept.isEmpty { out += "Accept: \(MarkdownText.code(accept, limit: 800))\n\n" }
        return out
    }
}
