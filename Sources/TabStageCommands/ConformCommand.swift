import ArgumentParser
import Foundation
import TabStage
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageReports
import TabStageScenario
import TabStageWorkflow

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

    @Argument(
        help:
            "The observed trace: what the container's own test recorded after each step. For a scenario with variants, a folder holding <variant>.json for each.",
        completion: .file(extensions: ["json"]))
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

    @Option(
        name: .long,
        help: "Check only this variant of a scenario with variants; OBSERVED is then its trace, or a folder holding NAME.json.")
    var variant: String?

    func validate() throws {
        if !(tolerance >= 0 && tolerance <= Conformance.maxTolerance) {
            throw ValidationError("--tolerance must be from 0 to \(Int(Conformance.maxTolerance)) points, got \(tolerance)")
        }
    }

    func run() throws {
        try Pipeline.checkPath(report, option: "--report")
        try Pipeline.checkApart(report, option: "--report", from: [(scenario, "the scenario"), (observed, "the observed trace")])
        var checks: [ConformanceReport.Check] = []
        let hasVariants: Bool
        do throws(ScenarioError) {
            let source = try ObservedTraceFile.text(path: scenario, what: "a path to a .yaml, .yml or .json scenario")
            let parsed = try ScenarioLoader.load(path: scenario)
            hasVariants = parsed.variants != nil
            let scenarios = try ScenarioVariants.expand(parsed, only: variant)
            // Every observed file is found and read before any variant is simulated.
            var traces: [ObservedTraceFile] = []
            for each in scenarios {
                traces.append(
                    try ObservedTraceFile.load(path: try Self.observedPath(observed, for: each, of: parsed, count: scenarios.count)))
            }
            // The variants measure their self-sizing rows against the file's one budget, as `run` does.
            let rows = SelfSizingRows.Measurements()
            for (each, trace) in zip(scenarios, traces) {
                let result = try Conformance.check(
                    each, source: source, observed: trace, tolerance: tolerance, measuring: TextMeasurer.shared,
                    keepingStates: report != nil, rowMeasurements: rows)
                checks.append(ConformanceReport.Check(result: result, observed: trace, variant: each.variant?.name))
            }
            if report != nil {
                for check in checks {
                    for state in check.result.states.values {
                        if let problem = RenderOptions().pixelLimitProblem(state) {
                            throw ScenarioError(
                                SourceLocation(file: scenario), "--report cannot draw the model's window: \(problem)",
                                expected: "a device giving 1 to \(ScenarioLimits.maxPixelSide) px a side")
                        }
                    }
                }
                if let problem = ConformanceReport.budgetProblem(checks) { throw problem }
            }
        } catch {
            throw Failure.badInput(error)
        }
        let summary = hasVariants ? Self.variantsSummary(checks) : Self.summary(checks[0].result)
        if let report { try Self.write(checks, summary: summary, to: report) }
        if json {
            Console.current.print((hasVariants ? Self.variantsJSON(checks) : checks[0].result.json).text())
        } else {
            for check in checks {
                // A variant's lines start with its name; its own summary closes its group.
                let prefix = hasVariants ? "\(check.result.scenario): " : ""
                for divergence in check.result.divergences { printLine(prefix + divergence.line) }
                if hasVariants { printLine(Self.summary(check.result)) }
            }
            printLine(summary + (report.map { "; report in \($0)/index.html" } ?? ""))
        }
        if !checks.allSatisfy(\.result.conforms) { throw ExitCode(Failure.Code.difference.rawValue) }
    }

    /// Where the observed trace of `variant` is: `OBSERVED` itself for a scenario without
    /// variants or a single `--variant` given a file, else `OBSERVED/<variant>.json`.
    static func observedPath(_ observed: String, for variant: Scenario, of scenario: Scenario, count: Int) throws(ScenarioError) -> String {
        guard let name = variant.variant?.name else { return observed }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: Console.current.resolve(observed), isDirectory: &isFolder)
        let names = scenario.variants.flatMap { try? ScenarioVariants.combinations($0, scenario: scenario.name) }?.map(\.name) ?? [name]
        let files = names.prefix(4).map { "\($0).json" }.joined(separator: ", ") + (names.count > 4 ? ", …" : "")
        if exists, isFolder.boolValue {
            let path = (observed as NSString).appendingPathComponent("\(name).json")
            guard FileManager.default.fileExists(atPath: Console.current.resolve(path)) else {
                throw ScenarioError(
                    SourceLocation(file: observed),
                    "no observed trace for variant '\(quoted(name))' of '\(quoted(scenario.name))': \(path) does not exist",
                    expected: "one file per variant in \(observed): \(files)")
            }
            return path
        }
        guard count == 1 else {
            throw ScenarioError(
                SourceLocation(file: observed),
                "'\(quoted(scenario.name))' has \(count) variants, so the observed trace must be a folder holding one trace per variant",
                expected: "a folder with \(files), or --variant NAME with that variant's trace")
        }
        return observed
    }

    /// The last line for a scenario with variants: `profile: 2 variant(s) agree with the model`
    /// or `profile: 1 of 2 variant(s) diverge from the model (profile@dark)`.
    static func variantsSummary(_ checks: [ConformanceReport.Check]) -> String {
        let scenario = checks.first?.result.scenario.split(separator: "@").first.map(String.init) ?? ""
        let diverging = checks.filter { !$0.result.conforms }.map(\.result.scenario)
        if diverging.isEmpty { return "\(scenario): \(checks.count) variant(s) agree with the model" }
        return "\(scenario): \(diverging.count) of \(checks.count) variant(s) diverge from the model (\(diverging.joined(separator: ", ")))"
    }

    /// `{scenario, conforms, variants: [{variant, …each variant's result…}]}`.
    static func variantsJSON(_ checks: [ConformanceReport.Check]) -> JSON {
        let scenario = checks.first?.result.scenario.split(separator: "@").first.map(String.init) ?? ""
        return .object([
            ("scenario", .string(scenario)),
            ("conforms", .bool(checks.allSatisfy(\.result.conforms))),
            (
                "variants",
                .array(
                    checks.map { check in
                        guard case .object(let fields) = check.result.json else { return check.result.json }
                        return .object([("variant", .string(check.variant ?? ""))] + fields)
                    })
            ),
        ])
    }

    /// The report, all or nothing, through one output transaction under the interrupt
    /// handler's protection, as `verify --report` and `diff --report` write theirs.
    static func write(_ checks: [ConformanceReport.Check], summary: String, to folder: String) throws(Failure) {
        let transaction = OutputTransaction(faults: Pipeline.testFaults)
        Interruption.protect(transaction, writing: "--report '\(folder)'")
        defer { Interruption.protect(nil) }
        try Pipeline.io { () throws(WorkflowError) in
            var writer = AtomicWriter(transaction: transaction)
            do throws(WorkflowError) {
                try ConformanceReport.write(checks, to: folder, summary: summary, writer: &writer)
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
