import ArgumentParser
import Foundation
import TabStage
import TabStageWorkflow

struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Make a verify report's new renderings the references, without rendering anything.",
        discussion: """
            Reads REPORT/report.json (what `tabstage verify --report REPORT` or `merge-reports --out REPORT` wrote) and copies the actual PNG, SVG and \
            layout of each failed snapshot (or those --only names) into SNAPSHOTS/<scenario>/, through the same \
            all-or-nothing write as `record`. It refuses a report whose files do not match the SHA-256 it recorded, \
            whose scenarios, templates, themes or pictures changed since, that points outside its folder, or that \
            another tabstage version wrote with other fonts. Exit 0 when accepted, 2 when refused.
            """)

    @Argument(help: "The folder `tabstage verify --report` or `tabstage merge-reports --out` wrote.", completion: .directory)
    var report: String

    @OptionGroup var snapshotsOption: SnapshotsOption
    var snapshots: String { snapshotsOption.snapshots }

    @Option(name: .long, parsing: .upToNextOption, help: "Accept only these snapshots: SCENARIO/NAME, NAME or SCENARIO.")
    var only: [String] = []

    @Flag(name: .long, help: "Also remove references no snapshot of the report's scenarios writes any more.")
    var prune = false

    func run() throws {
        try Pipeline.checkPath(report, option: "REPORT")
        try Pipeline.checkPath(snapshots, option: "--snapshots")
        try Pipeline.checkApart(report, option: "REPORT", from: [(snapshots, "the snapshots folder")])
        let plan = try Pipeline.io { () throws(WorkflowError) in
            try Accept.plan(report: report, only: only, version: tabStageVersion, snapshots: snapshots)
        }
        let store = ReferenceStore(root: snapshots)
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "--snapshots '\(snapshots)'")
        defer { Interruption.protect(nil) }
        var writer = AtomicWriter(transaction: transaction)
        do throws(Failure) {
            try Pipeline.io { () throws(WorkflowError) in try Accept.write(plan, store: store, writer: &writer) }
        } catch {
            transaction.rollback()
            throw error
        }
        transaction.finish()
        for entry in plan.entries { printLine("accepted \(entry.group)/\(entry.name) in \(store.folder(entry.group))") }
        for name in plan.skipped {
            printError(
                "tabstage: warning: \(name) is not accepted: \(report)/report.json keeps no rendering of it (run `tabstage record` for it)")
        }
        if prune {
            // Only after every reference was written: a failed accept removes nothing.
            for (group, keeping) in plan.groups.sorted(by: { $0.key < $1.key }) {
                let removed = try Pipeline.io { () throws(WorkflowError) in try store.removeOrphans(group, keeping: keeping) }
                for path in removed { printLine("removed \(path)") }
            }
        }
        printLine("accept: \(plan.entries.count) snapshot(s) accepted from \(report) into \(snapshots)")
    }
}

extension AcceptCommand {
    /// The command a report page shows for a scenario's failures: `tabstage accept REPORT --only
    /// SCENARIO`, as `swift run tabstage …` when this tabstage runs from a package's `.build`
    /// folder (no binary installed on PATH), so it works pasted at the package's root.
    static func command(report: String, scenario: String, prune: Bool, snapshots: String) -> String {
        let executable = CommandLine.arguments.first ?? ""
        let tool = executable.contains("/.build/") || executable.hasPrefix(".build/") ? ["swift", "run", "tabstage"] : ["tabstage"]
        let scenarioName = FrameReferences.isFrameGroup(scenario) ? String(scenario.dropLast("/frames".count)) : scenario
        return
            (tool + ["accept", report, "--only", scenarioName] + (prune ? ["--prune"] : [])
            + (snapshots == "Snapshots" ? [] : ["--snapshots", snapshots])).map(shellQuoted).joined(separator: " ")
    }
}
