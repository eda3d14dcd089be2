import Foundation
import TabStageWorkflow

/// `diff EXPECTED ACTUAL --report DIR`: the same page as `verify --report` with a summary table
/// on top. Images are written as each file is checked (under `images/`, numbered, so any
/// relative path fits), and only the small records are kept for the page.
package struct FolderReport {
    package let folder: String
    /// The compared folders, for the commands that accept a change.
    package let expected: String
    package let actual: String
    private var entries: [SnapshotOutcome] = []
    private var written = 0

    package init(folder: String, expected: String, actual: String, writer: inout AtomicWriter) throws(WorkflowError) {
        self.folder = folder
        self.expected = expected
        self.actual = actual
        try writer.createDirectory(folder, label: "--report")
    }

    /// Makes the expected folder hold what the actual one holds for this file.
    static func acceptCommand(_ item: FolderDiff.Item, expected: String, actual: String) -> String {
        let from = shellQuoted("\(actual)/\(item.path)"), to = shellQuoted("\(expected)/\(item.path)")
        switch item.status {
        case .passed: return ""
        case .deleted: return "rm -- \(to)"
        case .changed: return "cp -- \(from) \(to)"
        case .new:
            let parent = (item.path as NSString).deletingLastPathComponent
            return (parent.isEmpty ? "" : "mkdir -p -- \(shellQuoted("\(expected)/\(parent)")) && ") + "cp -- \(from) \(to)"
        }
    }

    package mutating func add(_ checked: FolderDiff.Checked, writer: inout AtomicWriter) throws(WorkflowError) {
        let item = checked.item
        guard item.status != .passed else { return }
        let slash = item.path.lastIndex(of: "/")
        let group = slash.map { String(item.path[..<$0]) } ?? "."
        let name = slash.map { String(item.path[item.path.index(after: $0)...]) } ?? item.path
        var outcome = SnapshotOutcome(group: group, name: name, status: .failed(item.message), comparison: item.comparison)
        outcome.regions = checked.regions
        outcome.accept = Self.acceptCommand(item, expected: expected, actual: actual)
        let kinds: [(SnapshotImages.Kind, [UInt8]?)] = [
            (.expected, checked.images.expected), (.actual, checked.images.actual), (.diff, checked.images.diff),
        ]
        if kinds.contains(where: { $0.1 != nil }) {
            if written == 0 { try writer.createDirectory("images", in: folder) }
            written += 1
            for (kind, bytes) in kinds {
                guard let bytes else { continue }
                let relative = "images/\(written).\(kind.rawValue).png"
                try writer.write(bytes, to: "\(folder)/\(relative)")
                outcome.images[kind] = relative
            }
        }
        entries.append(outcome)
    }

    /// `index.html` and `junit.xml`, once every file is checked.
    package func finish(_ items: [FolderDiff.Item], threshold: Double, writer: inout AtomicWriter) throws(WorkflowError) {
        let summary = FolderDiff.Status.allCases.map { status in (label: status.rawValue, count: items.filter { $0.status == status }.count)
        }
        let settings = FailureReport.Settings(recordMode: .never, threshold: threshold, summary: summary, subject: "files")
        try writer.write(Array(FailureReport.html(entries, total: items.count, settings: settings).utf8), to: "\(folder)/index.html")
        let outcomes = items.map { item in
            let slash = item.path.lastIndex(of: "/")
            return SnapshotOutcome(
                group: slash.map { String(item.path[..<$0]) } ?? ".",
                name: slash.map { String(item.path[item.path.index(after: $0)...]) } ?? item.path,
                status: item.status == .passed ? .matched : .failed(item.message), comparison: item.comparison)
        }
        try writer.write(Array(FailureReport.junit(outcomes).utf8), to: "\(folder)/junit.xml")
        try writer.replacePrevious(in: folder)
    }
}
