import Adaptive
import ArgumentParser
import AssetDecoding
import Raster
import ScenarioFormat
import Simulation
import TextSupport

struct Conform: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the numbers a real container recorded after each step against the model.",
        discussion: """
            OBSERVED is {"scenario": NAME, "steps": [{"index": N, "state": {...}}]}, each state any subset of trace.json's \
            state after that step. Numbers in points agree within --tolerance; selectedTab, bioLines and displayScale \
            exactly; collapseProgress within 0.01; strings and booleans exactly. Exit 0 when every value agrees, 1 with \
            the first divergence of each field, 2 for a file that is not of the format.
            """)

    @Argument(help: "The scenario the container was driven through.", completion: .file(extensions: ScenarioFiles.extensions))
    var scenario: String

    @Argument(help: "The observed trace: what the container's own test recorded after each step.", completion: .file(extensions: ["json"]))
    var observed: String

    @Option(name: .long, parsing: .unconditional, help: "Points a number may differ by, from 0 to 1000 (default: 0.5).")
    var tolerance: Double = 0.5

    @Flag(name: .long, help: "Print the result as JSON for tools.")
    var json = false

    func validate() throws {
        if !(tolerance >= 0 && tolerance <= Conformance.maxTolerance) {
            throw ValidationError("--tolerance must be from 0 to \(Int(Conformance.maxTolerance)) points, got \(tolerance)")
        }
    }

    func run() throws {
        let result: ConformanceResult
        do {
            let source = try ObservedTraceFile.text(path: scenario, what: "a path to a .yaml, .yml or .json scenario")
            let parsed = try ScenarioLoader.load(path: scenario)
            let trace = try ObservedTraceFile.load(path: observed)
            result = try Conformance.check(parsed, source: source, observed: trace, tolerance: tolerance, measuring: TextMeasurer.shared)
        } catch {
            throw Failure.badInput(error.description)
        }
        if json {
            print(result.json.text())
        } else {
            for divergence in result.divergences { printLine(divergence.line) }
            printLine(Self.summary(result))
        }
        if !result.conforms { throw ExitCode(Failure.Code.difference.rawValue) }
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
