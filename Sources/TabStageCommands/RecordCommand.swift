import ArgumentParser
import Foundation
import TabStageScenario
import TabStageWorkflow

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write reference snapshots (SVG and PNG) into SNAPSHOTS/<scenario>/, replacing old ones.")

    @Argument(help: "Scenario files (.yaml, .yml or .json).", completion: .file(extensions: ScenarioFiles.extensions))
    var scenarios: [String]

    @OptionGroup var snapshotsOption: SnapshotsOption
    var snapshots: String { snapshotsOption.snapshots }

    @Flag(
        name: .long,
        help:
            "Also remove references these scenarios no longer write: NAME.svg, NAME.png and NAME.accessibility.json, and folders of variants they no longer have."
    )
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
        if let notice = RecordPlatformNotice.line(system: RecordPlatformNotice.current) { printError(notice) }
        try Pipeline.checkReferencesStayInRepository(snapshots, runs: nil)
        let runs = try Pipeline.loadAndRun(scenarios, variant: variantOption.variant, counter: counter)
        try Pipeline.checkReferencesStayInRepository(snapshots, runs: runs)
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
            let frames = FrameReferences.frames(run).count
            let framesText = frames == 0 ? "" : " and \(frames) frame(s)"
            printLine(
                "recorded \(run.scenario.name): \(run.snapshots.count) snapshot(s)\(framesText) in \(store.folder(run.scenario.name))")
        }
        guard prune else { return }
        // Only after every scenario recorded: a failed run removes nothing.
        for run in runs {
            let removed = try Pipeline.io { () throws(WorkflowError) in
                try store.removeOrphans(run.scenario.name, keeping: Set(run.snapshots.map(\.name)))
                    // Frames the scenario no longer keeps (all of them once it has no `frames: true`).
                    + store.removeOrphans(FrameReferences.group(run.scenario.name), keeping: Set(FrameReferences.frames(run).map(\.name)))
            }
            for path in removed { printLine("removed \(path)") }
        }
        // Folders of variants a scenario no longer lists, when all its variants were recorded
        // (no --variant). A scenario without variants owns no `<scenario>@…` folder either: no
        // scenario name holds `@`, so such a folder is never another scenario's.
        guard variantOption.variant == nil else { return }
        var kept: [String: Set<String>] = [:]
        for run in runs { kept[run.scenario.variant?.scenario ?? run.scenario.name, default: []].insert(run.scenario.name) }
        for (scenario, names) in kept.sorted(by: { $0.key < $1.key }) {
            for folder in store.variantOrphans(scenario, keeping: names) {
                let result = try Pipeline.io { () throws(WorkflowError) in try store.removeVariantFolder(folder) }
                for path in result.removed { printLine("removed \(path)") }
                if !result.folderRemoved {
                    printError(
                        "tabstage: warning: \(store.folder(folder)) is kept: it holds files that are not references (remove them, or the folder)"
                    )
                }
            }
        }
    }
}
