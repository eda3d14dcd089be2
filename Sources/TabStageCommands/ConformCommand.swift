import Adaptive
import ArgumentParser
import AssetDecoding
import Raster
import ScenarioFormat
import Simulation
import SnapshotWorkflow
import TextSupport

struct Conform: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the numbers a real container recorded after each step against the model.",
        discussion: """
            OBSERVED is {"scenario": NAME, "steps": [{"index": N, "state": {...}}]}, each state any subset of trace.json's \
            state after that step. Numbers in points agree within --tolerance; selectedTab, bioLines and displayScale \
            exactly; collapseProgress within 0.01; strings and booleans exactly. Exit 0 when every value agrees, 1 with \
            the first divergence of each field, 2 for a file that is not of the format. --report writes its page in \
            both the 0 and the 1 case.
            """)

    @Argument(help: "The scenario the container was driven through.", completion: .file(extensions: ScenarioFiles.extensions))
    var scenario: String

    @Argument(help: "The observed trace: what the container's own test recorded after each step.", completion: .file(extensions: ["json"]))
    var observed: String

    @Option(name: .long, parsing: .unconditional, help: "Points a number may differ by, from 0 to 1000 (default: 0.5).")
    var tolerance: Double = 0.5

    @Option(
        name: .long,
        help: "Write a page here: each divergent step's model picture beside one drawn from the observed numbers, charts, junit.xml.",
        completion: .directory)
    var report: String?

    @Flag(name: .long, help: "Print the result as JSON for tools.")
    var json = false

    func validate() throws {
        if !(tolerance >= 0 && tolerance <= Conformance.maxTolerance) {
            throw ValidationError("--tolerance must be from 0 to \(Int(Conformance.maxTolerance)) points, got \(tolerance)")
        }
    }

    func run() throws {
        try Pipeline.checkPath(report, option: "--report")
        try Pipeline.checkApart(report, option: "--report", from: [(scenario, "the scenario"), (observed, "the observed trace")])
        let result: ConformanceResult
        let trace: ObservedTraceFile
        do throws(ScenarioError) {
            let source = try ObservedTraceFile.text(path: scenario, what: "a path to a .yaml, .yml or .json scenario")
            let parsed = try ScenarioLoader.load(path: scenario)
            trace = try ObservedTraceFile.load(path: observed)
            result = try Conformance.check(
                parsed, source: source, observed: trace, tolerance: tolerance, measuring: TextMeasurer.shared, keepingStates: report != nil)
            if report != nil {
                for state in result.states.values {
                    if let problem = RenderOptions().pixelLimitProblem(state) {
                        throw ScenarioError(
                            SourceLocation(file: scenario), "--report cannot draw the model's window: \(problem)",
                            expected: "a device giving 1 to \(ScenarioLimits.maxPixelSide) px a side")
                    }
                }
                if let problem = ConformanceReport.budgetProblem(result, observed: trace) { throw problem }
            }
        } catch {
            throw Failure.badInput(error.description)
        }
        if let report { try Self.write(result, observed: trace, to: report) }
        if json {
            Console.current.print(result.json.text())
        } else {
            for divergence in result.divergences { printLine(divergence.line) }
            printLine(Self.summary(result) + (report.map { "; report in \($0)/index.html" } ?? ""))
        }
        if !result.conforms { throw ExitCode(Failure.Code.difference.rawValue) }
    }

    /// The report, all or nothing, through one output transaction under the interrupt
    /// handler's protection, as `verify --report` and `diff --report` write theirs.
    static func write(_ result: ConformanceResult, observed: ObservedTraceFile, to folder: String) throws(Failure) {
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "--report '\(folder)'")
        defer { Interruption.protect(nil) }
        try Pipeline.io { () throws(WorkflowError) in
            var writer = AtomicWriter(transaction: transaction)
            do throws(WorkflowError) {
                try ConformanceReport.write(result, observed: observed, to: folder, summary: summary(result), writer: &writer)
                writer.finish()
            } catch {
                writer.rollback()
                throw error
            }
        }
    }

    /// `profile: 12 value(s) at 5 step(s) agree with the model within 0.5 pt: container.headerHeight, …`.
    static func summary(_ result: ConformanceResult) -> String {
        let tolerance = decimalText(result.tolerance, decimals: 4)
        let counted = "\(result.compared) value(s) of \(result.paths.count) field(s) at \(result.steps) step(s)"
        if result.conforms {
            return "\(result.scenario): \(counted) agree with the model within \(tolerance) pt: " + result.paths.joined(separator: ", ")
        }
        return "\(result.scenario): \(result.divergences.count) field(s) diverge from the model; \(counted) compared within \(tolerance) pt"
    }
}
