import Foundation
import TabStageModel
import TabStageWorkflow

/// A report states results; it proves nothing by itself (a report.json can be edited to say
/// `matched`). What it can be held to: the digests each result keeps of the reference files and
/// the scenario it was checked against, compared here with a checkout's own files.
extension ReportMerge {
    /// Checks the shape of each result's digests (kinds known, 64 hexadecimal digits each).
    static func checkDigests(_ input: Input) throws(WorkflowError) {
        var occurrence = 0
        for (index, result) in input.report.results.enumerated() {
            guard let checked = result.checked else { continue }
            defer { occurrence += 1 }
            guard checked.reference.allSatisfy({ ReferenceDigests.kinds.contains($0.key) && SHA256.isHex($0.value) }),
                checked.scenario.map(SHA256.isHex) ?? true
            else {
                throw WorkflowError(
                    "\(input.path):\(locate("checked", occurrence, in: input.text)): error: result \(index + 1)'s digests are not what verify writes (expected a SHA-256 of 64 lowercase hexadecimal digits for each of png, svg and layout, and for the scenario)",
                    kind: .badInput)
            }
        }
    }

    /// Refuses a report whose results were checked against other references (or scenario files)
    /// than `snapshots` (and the working folder) hold now: one located line naming the first
    /// result and file that differ. Reports in the merge's order, results in their own.
    package static func checkAgainst(snapshots: String, _ inputs: [Input]) throws(WorkflowError) {
        let store = ReferenceStore(root: snapshots)
        var scenarioDigests: [String: String?] = [:]
        let sorted = inputs.sorted { ($0.report.shard?.index ?? 0, $0.path) < ($1.report.shard?.index ?? 0, $1.path) }
        for input in sorted {
            var occurrence = 0
            for (index, result) in input.report.results.enumerated() {
                let title = "result \(index + 1) (\(escapedForMessage(result.group))/\(escapedForMessage(result.name)))"
                guard let checked = result.checked else {
                    throw WorkflowError(
                        "\(input.path):\(locate("group", index, in: input.text)): error: \(title) keeps no digest of the reference it was checked against, so it cannot be held to --snapshots '\(snapshots)' (expected a report.json that `tabstage verify --report` of this version wrote)",
                        kind: .badInput)
                }
                let location = "\(input.path):\(locate("checked", occurrence, in: input.text))"
                occurrence += 1
                if let (_, what) = ReferenceDigests.difference(store, group: result.group, name: result.name, recorded: checked.reference) {
                    throw WorkflowError(
                        "\(location): error: \(title) was checked \(what) (expected a report of a verify run on these references: run that shard again)",
                        kind: .badInput)
                }
                let scenario =
                    FrameReferences.isFrameGroup(result.group)
                    ? String(result.group.dropLast(FrameReferences.folder.count + 1)) : result.group
                guard let file = input.report.inputs?.scenarios[scenario], let recorded = checked.scenario else {
                    throw WorkflowError(
                        "\(location): error: \(title) keeps no digest of its scenario file (expected a report.json that `tabstage verify --report` of this version wrote)",
                        kind: .badInput)
                }
                let current: String?
                if let known = scenarioDigests[file] {
                    current = known
                } else {
                    current = AcceptFiles.readRegular(file).map { SHA256.hex($0) }
                    scenarioDigests[file] = current
                }
                guard current == recorded else {
                    let what = current == nil ? "\(file), which is not in this checkout" : "another \(file) than this checkout's"
                    throw WorkflowError(
                        "\(location): error: \(title) was made from \(what) (expected a report of a verify run on this checkout: run that shard again)",
                        kind: .badInput)
                }
            }
        }
    }
}
