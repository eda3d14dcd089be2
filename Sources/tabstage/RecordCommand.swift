import ArgumentParser
import Foundation
import SnapshotWorkflow

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write reference snapshots (SVG and PNG) into SNAPSHOTS/<scenario>/, replacing old ones.")

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(name: .long, help: "Folder holding the references.")
    var snapshots: String = "Snapshots"

    @Flag(name: .long, help: "Also remove references in these scenarios' folders that they no longer write (NAME.svg and NAME.png only).")
    var prune = false

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let runs = try Pipeline.loadAndRun(scenarios)
        let store = ReferenceStore(root: snapshots)
        var writer = AtomicWriter()
        do throws(Failure) {
            for run in runs {
                for (name, state) in run.snapshots {
                    try Pipeline.io { () throws(WorkflowError) in
                        let files = try SnapshotRenderer.render(state)
                        try store.write(run.scenario.name, name, svg: files.svg, png: files.png ?? [], writer: &writer)
                    }
                }
                print("recorded \(run.scenario.name): \(run.snapshots.count) snapshot(s) in \(store.folder(run.scenario.name))")
            }
        } catch {
            writer.rollback()
            throw error
        }
        guard prune else { return }
        // Only after every scenario recorded: a failed run removes nothing.
        for run in runs {
            let removed = try Pipeline.io { () throws(WorkflowError) in
                try store.removeOrphans(run.scenario.name, keeping: Set(run.snapshots.map(\.name)))
            }
            for path in removed { print("removed \(path)") }
        }
    }
}
