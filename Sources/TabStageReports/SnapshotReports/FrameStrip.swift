import Foundation
import TabStageModel
import TabStageWorkflow

/// The report's view of a motion that changed: the first frame of a scenario's frame
/// references that differs, between the frame before it and the frame after it, each as its
/// reference above its new rendering, so a reviewer sees where the motion starts to differ.
package enum FrameStrip {
    /// `outcomes` with a strip on the first failed frame of each scenario's frames (in the
    /// order `items` verified them). The neighbours' images that the verification did not write
    /// (they matched) are written into `report` now: the reference as it is on disk, the new
    /// rendering drawn again from the job's state.
    package static func add(
        to outcomes: [SnapshotOutcome], items: [SnapshotJob], store: ReferenceStore, report: String, writer: inout AtomicWriter
    ) throws(WorkflowError) -> [SnapshotOutcome] {
        var result = outcomes
        var states: [String: SnapshotJob] = [:]
        for item in items where FrameReferences.isFrameGroup(item.group) { states[item.group + "\n" + item.name] = item }
        var groups: [String] = []
        for outcome in outcomes where FrameReferences.isFrameGroup(outcome.group) && !groups.contains(outcome.group) {
            groups.append(outcome.group)
        }
        for group in groups {
            let indices = result.indices.filter { result[$0].group == group }
            guard let position = indices.firstIndex(where: { !result[$0].passed }) else { continue }
            var strip: [SnapshotOutcome.StripFrame] = []
            for neighbour in [position - 1, position, position + 1] where indices.indices.contains(neighbour) {
                let outcome = result[indices[neighbour]]
                var expected = outcome.images[.expected]
                var actual = outcome.images[.actual]
                if expected == nil, let png = store.read(group, outcome.name)?.png {
                    expected = try write(png, group: group, name: outcome.name, kind: "expected", report: report, writer: &writer)
                }
                if actual == nil, let job = states[group + "\n" + outcome.name] {
                    guard let png = try SnapshotRenderer.render(job.state, look: job.look).png else { continue }
                    actual = try write(png, group: group, name: outcome.name, kind: "actual", report: report, writer: &writer)
                }
                strip.append(.init(name: outcome.name, passed: outcome.passed, expected: expected, actual: actual))
            }
            result[indices[position]].strip = strip
        }
        return result
    }

    private static func write(_ png: [UInt8], group: String, name: String, kind: String, report: String, writer: inout AtomicWriter)
        throws(WorkflowError) -> String
    {
        var folder = report
        for component in group.split(separator: "/").map(String.init) {
            folder = try writer.createDirectory(component, in: folder)
        }
        let relative = "\(group)/\(name).\(kind).png"
        try writer.write(png, to: "\(report)/\(relative)")
        return relative
    }

    /// The strip's HTML for the report: previous, differing and next frame side by side, each
    /// the reference above the new rendering. Empty without a strip.
    static func html(_ outcome: SnapshotOutcome) -> String {
        guard let differing = outcome.strip.first(where: { !$0.passed }) else { return "" }
        var out =
            "<div class=\"strip\"><h3>Frame \(xmlEscape(differing.name)) is the first that differs: it between its neighbours, the reference above the new rendering</h3>\n<div class=\"frames\">\n"
        for frame in outcome.strip {
            let what = frame.passed ? "matches" : "differs"
            out +=
                "<figure class=\"\(frame.passed ? "same" : "differs")\"><figcaption>Frame \(xmlEscape(frame.name)) (\(what))</figcaption>\n"
            if let expected = frame.expected {
                out += "<img src=\"\(xmlEscape(expected))\" alt=\"Frame \(xmlEscape(frame.name)), expected\">\n"
            } else {
                out += "<p>no reference</p>\n"
            }
            if let actual = frame.actual { out += "<img src=\"\(xmlEscape(actual))\" alt=\"Frame \(xmlEscape(frame.name)), actual\">\n" }
            out += "</figure>\n"
        }
        return out + "</div></div>\n"
    }
}
