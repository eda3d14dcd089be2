import ArgumentParser
import Foundation

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write reference snapshots (SVG and PNG) into SNAPSHOTS/<scenario>/.")

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(name: .long, help: "Folder holding the references.")
    var snapshots: String = "Snapshots"

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let runs = try Pipeline.loadAndRun(scenarios)
        let folders = try Pipeline.write(runs, into: snapshots, options: Pipeline.RenderOptions(), trace: false)
        for (run, folder) in zip(runs, folders) {
            print("recorded \(run.scenario.name): \(run.snapshots.count) snapshot(s) in \(folder)")
        }
    }
}
