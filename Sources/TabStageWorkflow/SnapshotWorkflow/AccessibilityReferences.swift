import Foundation
import TabStageModel

/// `record --accessibility` keeps each snapshot's `NAME.accessibility.json` beside its SVG and
/// PNG; `verify --accessibility` compares it as text, a changed line naming its element.
package enum AccessibilityReferences {
    /// Compares each job's accessibility JSON with its reference, recording as `mode` says
    /// (recording counts as a failure, as for images). One outcome per job, named
    /// `NAME.accessibility`, in job order.
    package static func verify(_ jobs: [SnapshotJob], store: ReferenceStore, mode: RecordMode, writer: inout AtomicWriter)
        throws(WorkflowError) -> [SnapshotOutcome]
    {
        var outcomes: [SnapshotOutcome] = []
        for job in jobs {
            let folder = store.folder(job.group)
            let path = "\(folder)/\(job.name)\(AccessibilityOutputs.suffix).json"
            let text = AccessibilityOutputs.json(job.state, look: job.look)
            func outcome(_ status: SnapshotOutcome.Status) -> SnapshotOutcome {
                SnapshotOutcome(group: job.group, name: job.name + AccessibilityOutputs.suffix, status: status)
            }
            func record(_ message: String) throws(WorkflowError) -> SnapshotOutcome {
                try writer.createDirectory(folder)
                try writer.write(Array(text.utf8), to: path)
                return outcome(.recorded(message))
            }
            let old: String
            switch ReferenceText.read(store, group: job.group, file: "\(job.name)\(AccessibilityOutputs.suffix).json") {
            case .missing:
                if mode == .never {
                    outcomes.append(outcome(.failed("no reference at \(path) (record it with tabstage record --accessibility)")))
                } else {
                    outcomes.append(try record("no reference was found; recorded \(path)"))
                }
                continue
            case .unreadable(let reason):
                let problem = "cannot read the reference \(path): \(reason)"
                outcomes.append(
                    mode == .all || mode == .failed
                        ? try record("\(problem); recorded it again") : outcome(.failed(problem + " (re-record it)")))
                continue
            case .found(let text):
                old = text
            }
            if mode == .all {
                outcomes.append(try record("recorded \(path) (TABSTAGE_RECORD=all)"))
            } else if old == text {
                outcomes.append(outcome(.matched))
            } else {
                let problem = ReferenceText.difference(path: path, old: old, new: text, writtenPrefix: "{\"elements\": [")
                outcomes.append(
                    mode == .failed ? try record("\(problem)\nrecorded the new text (TABSTAGE_RECORD=failed)") : outcome(.failed(problem)))
            }
        }
        return outcomes
    }
}
