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

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    /// Every scenario's references are rendered before any replaces the old ones; a failure
    /// leaves the folder as it was. References a scenario no longer has are removed.
    func run() throws {
        try Pipeline.checkPath(snapshots, option: "--snapshots")
        let runs = try Pipeline.loadAndRun(scenarios)
        let store = ReferenceStore(root: snapshots)
        let options = RenderOptions(formats: [.svg, .png], png: .compact)
        try Pipeline.write(runs, into: snapshots, label: "--snapshots", options: options, trace: false,
                           jobs: ProcessInfo.processInfo.activeProcessorCount)
        for run in runs {
            print("recorded \(run.scenario.name): \(run.snapshots.count) snapshot(s) in \(store.folder(run.scenario.name))")
        }
    }
}
