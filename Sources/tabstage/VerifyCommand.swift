import ArgumentParser
import Foundation
import SnapshotWorkflow

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenarios in memory and compare them with their references.",
        discussion: """
            Compares the SVG text first, then the pixels with the budgets. TABSTAGE_RECORD (all, missing, \
            never, failed) decides what gets recorded; it is `missing` by default and `never` when CI is set. \
            Recording counts as a failure. Exit 0 when everything matches, 1 otherwise.
            """)

    @Argument(help: "Scenario files.") var scenarios: [String]

    @Option(name: .long, help: "Folder holding the references.")
    var snapshots: String = "Snapshots"

    @Option(name: .long, help: "Run the I-th of N deterministic slices of the scenarios, e.g. 2/4.")
    var shard: String?

    @Option(name: .long, help: "Write expected, actual and diff PNGs, index.html and junit.xml here.")
    var report: String?

    @OptionGroup var comparison: ComparisonOptions

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give at least one scenario file") }
        if let shard { do { _ = try Shard(parsing: shard) } catch { throw ValidationError("\(error)") } }
    }

    func run() throws {
        let mode: RecordMode
        do { mode = try RecordMode.from(environment: ProcessInfo.processInfo.environment) } catch { throw Failure.badInput("tabstage: error: \(error.message)") }
        var selected = scenarios
        if let shard {
            do { selected = try Shard(parsing: shard).select(scenarios) } catch { throw Failure.badInput("tabstage: error: \(error)") }
        }
        let runs = try Pipeline.loadAndRun(selected)
        let verifier = Verifier(
            store: ReferenceStore(root: snapshots), mode: mode, diffOptions: comparison.diffOptions, budget: comparison.budget)
        var writer = AtomicWriter()
        var outcomes: [SnapshotOutcome] = []
        for run in runs {
            for (name, state) in run.snapshots {
                let outcome = try Pipeline.io { () throws(WorkflowError) in try verifier.verify(state, group: run.scenario.name, name: name, writer: &writer) }
                if !outcome.passed { print("\(outcome.passedWord) \(run.scenario.name)/\(name): \(outcome.message)") }
                outcomes.append(outcome)
            }
        }
        if let report {
            try Pipeline.io { () throws(WorkflowError) in
                try FailureReport.write(outcomes, to: report, settings: .init(recordMode: mode, threshold: comparison.threshold))
            }
        }
        let failed = outcomes.filter { !$0.passed }.count
        let shardText = shard.map { " (shard \($0): \(selected.count) of \(scenarios.count) scenarios)" } ?? ""
        print("verify: \(outcomes.count - failed) of \(outcomes.count) snapshots match\(shardText); record mode \(mode.rawValue)"
              + (report.map { "; report in \($0)/index.html" } ?? ""))
        if failed > 0 { throw ExitCode(Failure.Code.difference.rawValue) }
    }
}

extension SnapshotOutcome {
    /// FAIL or RECORDED, for one line per snapshot that needs attention.
    var passedWord: String {
        switch status {
        case .matched: "OK"
        case .recorded: "RECORDED"
        case .failed: "FAIL"
        }
    }
}
