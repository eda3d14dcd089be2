import ArgumentParser
import Foundation
import TabStage
import TabStageReports
import TabStageScenario
import TabStageWorkflow

struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Show what moves in a scenario between two iOS releases, snapshot by snapshot.",
        discussion: """
            Runs the scenario on both releases (its text parsed again with each iOSVersion, so every \
            rule of that release applies) and compares each snapshot's layout as verify does: the same \
            words, largest move first. A release is a number tabstage models (12 to 18, 26, 27), or \
            26-compatibility for an app that sets UIDesignRequiresCompatibility. Exit 0 when nothing \
            moves, 1 when something does, 2 for a bad scenario or a release it cannot run on.
            """)

    @Argument(help: "A scenario file (.yaml, .yml or .json).", completion: .file(extensions: ScenarioFiles.extensions))
    var scenario: String

    @Option(name: .long, help: "The release the app supports now: 18, 26, 26-compatibility, ...")
    var from: String

    @Option(name: .long, help: "The release to move to.")
    var to: String

    @Option(
        name: .long, help: "Write a side-by-side page (index.html and both pictures of each moved snapshot) here.", completion: .directory)
    var out: String?

    @OptionGroup var geometryOption: GeometryToleranceOption

    func validate() throws {
        for (value, option) in [(from, "--from"), (to, "--to")] where Drift.Release(parsing: value) == nil {
            throw ValidationError(
                "\(option) '\(value.prefix(40))' is not a release (expected a number tabstage models, such as 18 or 26, or 26-compatibility)"
            )
        }
        try geometryOption.validate()
    }

    func run() throws {
        guard let from = Drift.Release(parsing: from), let to = Drift.Release(parsing: to) else { return }
        if let out { try Pipeline.checkPath(out, option: "--out") }
        try Pipeline.checkPathIsUTF8(scenario)
        let drift: Drift
        do {
            let parsed = try ScenarioLoader.load(path: scenario)
            drift = try Drift(
                parsed, from: from, to: to,
                tolerance: geometryOption.geometryTolerance ?? parsed.geometryTolerance ?? GeometryTolerance.default)
        } catch {
            throw Failure.badInput(error)
        }
        for entry in drift.entries {
            if entry.moves.isEmpty {
                printLine("SAME \(drift.scenario)/\(entry.name)")
            } else {
                printLine("MOVED \(drift.scenario)/\(entry.name): \(entry.moves.summary)")
                for line in entry.moves.lines { printLine("  " + line) }
            }
        }
        if let out {
            try Pipeline.io { () throws(WorkflowError) in
                var writer = AtomicWriter()
                do throws(WorkflowError) {
                    try writer.createDirectory(out, label: "--out")
                    var outcomes: [SnapshotOutcome] = []
                    for verification in try drift.pageEntries() {
                        outcomes.append(try FailureReport.writeImages(verification, to: out, writer: &writer))
                    }
                    try FailureReport.write(outcomes, to: out, settings: drift.pageSettings, writer: &writer)
                } catch {
                    writer.rollback()
                    throw error
                }
                writer.finish()
            }
        }
        printLine(
            "drift: \(drift.moved) of \(drift.entries.count) snapshots of \(drift.scenario) move from \(from.title) to \(to.title)"
                + (out.map { "; page in \($0)/index.html" } ?? ""))
        if drift.moved > 0 { throw ExitCode(Failure.Code.difference.rawValue) }
    }
}
