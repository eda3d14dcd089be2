import ArgumentParser
import Foundation
import Simulation
import SnapshotWorkflow

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write reference snapshots (SVG and PNG) into SNAPSHOTS/<scenario>/, replacing old ones.")

    @Argument(help: "Scenario files (.yaml, .yml or .json).", completion: .file(extensions: ScenarioFiles.extensions))
    var scenarios: [String]

    @OptionGroup var snapshotsOption: SnapshotsOption
    var snapshots: String { snapshotsOption.snapshots }

    @Flag(name: .long, help: "Also remove references in these scenarios' folders that they no longer write (NAME.svg and NAME.png only).")
    var prune = false

    @Flag(name: .long, help: "Also keep each snapshot's accessibility elements as NAME.accessibility.json, and check them.")
    var accessibility = false

    @OptionGroup var variantOption: VariantOption

    @OptionGroup var jobs: JobsOption

    @OptionGroup var strictOption: StrictOption
    var strict: Bool { strictOption.strict }

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
    }

    /// Every scenario's references are rendered before any replaces the old ones; a failure
    /// leaves the folder as it was. References a scenario no longer writes stay until `--prune`.
    /// Layout warnings are printed before anything is written, so `--strict` can refuse to
    /// record references that show them.
    func run() throws { try run(counter: nil) }

    /// The command, its simulations counted into `counter` (each scenario runs once).
    func run(counter: SimulationCounter?) throws {
        try Pipeline.checkPath(snapshots, option: "--snapshots")
        let runs = try Pipeline.loadAndRun(scenarios, variant: variantOption.variant, counter: counter)
        let warnings = try Pipeline.reportWarnings(runs, accessibility: accessibility)
        if strict, warnings > 0 {
            printError(
                "tabstage: error: nothing recorded: \(warnings) layout warning(s) and --strict is set (expected none: fix the scenario's text or sizes)"
            )
            throw ExitCode(Failure.Code.difference.rawValue)
        }
        let store = ReferenceStore(root: snapshots)
        let options = RenderOptions(formats: [.svg, .png], png: .compact)
        try Pipeline.write(
            runs, into: snapshots, label: "--snapshots", options: options, trace: false,
            jobs: jobs.count, references: true, accessibility: accessibility)
        for run in runs {
            printLine("recorded \(run.scenario.name): \(run.snapshots.count) snapshot(s) in \(store.folder(run.scenario.name))")
        }
        guard prune else { return }
        // Only after every scenario recorded: a failed run removes nothing.
        for run in runs {
            let removed = try Pipeline.io { () throws(WorkflowError) in
                try store.removeOrphans(run.scenario.name, keeping: Set(run.snapshots.map(\.name)))
            }
            for path in removed { printLine("removed \(path)") }
        }
    }
}
