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
        var writer = OutputWriter()
        do {
            for run in runs {
                let folder = (snapshots as NSString).appendingPathComponent(run.scenario.name)
                try writer.createDirectory(folder)
                for (name, state) in run.snapshots {
                    let files = try Pipeline.render(state, formats: [.svg, .png], scale: nil)
                    try writer.write(Array(files.svg.utf8), to: "\(folder)/\(name).svg")
                    try writer.write(files.png ?? [], to: "\(folder)/\(name).png")
                }
                print("recorded \(run.snapshots.count) snapshot(s) of \(run.scenario.name) in \(folder)")
            }
        } catch {
            writer.rollback()
            throw error
        }
    }
}
