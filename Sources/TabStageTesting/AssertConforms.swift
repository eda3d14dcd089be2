import Foundation
import TabStage
import TabStageRendering
import TabStageScenario

#if canImport(Testing)
import Testing
#endif

/// Checks what a test observed in its own container against the model, step by step, the
/// way `tabstage conform` does: the scenario runs once on the model and every observed value
/// is compared with the trace's `state` after its step (numbers in points within
/// `tolerance`; `selectedTab`, `bioLines` and `displayScale` exactly; `collapseProgress`
/// within 0.01; strings and booleans exactly). Reports one issue, listing the first
/// divergence of each field, to Swift Testing or XCTest, whichever is running; an observed
/// step or field the scenario does not have is reported the same way.
///
/// - Parameters:
///   - observed: What the test read from its container after each step.
///   - scenario: The scenario file the container was driven through; a relative path is read
///     from the package's root. For a scenario with variants, the trace's scenario name picks
///     the variant (`ObservedTrace(scenario: "profile@dark")`).
///   - tolerance: Points a number may differ by.
///   - fileID: The calling file, for the location.
///   - filePath: The calling file's path: a relative scenario path is read from its package's root.
///   - line: The calling line, for the location.
///   - column: The calling column, for the location.
/// - Returns: True when every observed value agrees with the model.
@discardableResult
public func assertConforms(
    _ observed: ObservedTrace,
    to scenario: URL,
    tolerance: Double = 0.5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Bool {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let path = scenario.isFileURL ? resolved(scenario.relativePath, from: packageRoot(of: "\(filePath)")) : scenario.path
    let result: ConformanceResult
    do {
        let source = try ObservedTraceFile.text(path: path, what: "a path to a .yaml, .yml or .json scenario")
        // A scenario with variants: the variant the trace names (`profile@dark`).
        let parsed = try Conformance.target(try ScenarioLoader.load(path: path), observed: observed.file)
        result = try Conformance.check(
            parsed, source: source, observed: observed.file, tolerance: tolerance, measuring: TextMeasurer.shared)
    } catch {
        reportFailure("the observed trace cannot be checked: \(error)", at: location)
        return false
    }
    guard result.conforms else {
        let lines = result.divergences.map { "  " + $0.line }
        reportFailure(
            "\(result.scenario): \(result.divergences.count) field(s) diverge from the model:\n" + lines.joined(separator: "\n"),
            at: location)
        return false
    }
    return true
}
