import Foundation
import ImageDiff
import ScenarioFormat
import ScrollableTab
import Simulation
import SnapshotWorkflow
import Stage
import XCTest

#if canImport(Testing)
import Testing
#endif

/// Verifies a state against references beside the test file, in
/// `__Snapshots__/<TestFile>/<name>.svg` and `.png`, the way `tabstage verify` does: SVG text
/// first, then pixels with the perceptual diff and the budget. Records following `record`, or
/// `TABSTAGE_RECORD` (missing by default, never on CI). Reports to Swift Testing or XCTest,
/// whichever is running.
@discardableResult
public func assertTabSnapshot(
    _ state: StageState,
    named name: String,
    record: RecordMode? = nil,
    threshold: Double = 0.1,
    budget: DiffBudget = DiffBudget(),
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> SnapshotOutcome? {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let root = snapshotDirectory ?? testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__").path
    let group = testFile.deletingPathExtension().lastPathComponent
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let verifier = Verifier(store: ReferenceStore(root: root), mode: try record ?? RecordMode.from(environment: ProcessInfo.processInfo.environment),
                                diffOptions: .init(threshold: threshold), budget: budget)
        var writer = AtomicWriter()
        let outcome = try verifier.verify(state, group: group, name: name, writer: &writer)
        if !outcome.passed { reportFailure("Snapshot \"\(name)\": \(outcome.message)", at: location) }
        return outcome
    } catch {
        reportFailure("Snapshot \"\(name)\" could not be verified: \(error)", at: location)
        return nil
    }
}

/// Verifies every snapshot of a scenario file against `snapshots/<scenario>/`: the Swift
/// counterpart of `tabstage verify SCENARIO`. Bad scenarios fail with their file:line:col message.
@discardableResult
public func assertScenarioSnapshots(
    _ scenarioPath: String,
    snapshots: String,
    record: RecordMode? = nil,
    threshold: Double = 0.1,
    budget: DiffBudget = DiffBudget(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [SnapshotOutcome] {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let run = try ScenarioRunner.run(try ScenarioLoader.load(path: scenarioPath))
        let verifier = Verifier(store: ReferenceStore(root: snapshots), mode: try record ?? RecordMode.from(environment: ProcessInfo.processInfo.environment),
                                diffOptions: .init(threshold: threshold), budget: budget)
        var writer = AtomicWriter()
        var outcomes: [SnapshotOutcome] = []
        for (name, state) in run.snapshots {
            let outcome = try verifier.verify(state, group: run.scenario.name, name: name, writer: &writer)
            if !outcome.passed { reportFailure("Snapshot \(run.scenario.name)/\(name): \(outcome.message)", at: location) }
            outcomes.append(outcome)
        }
        return outcomes
    } catch {
        reportFailure("\(error)", at: location)
        return []
    }
}

struct Location {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Swift Testing when a test of it is running, XCTest otherwise.
func reportFailure(_ message: String, at location: Location) {
    #if canImport(Testing)
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column)))
        return
    }
    #endif
    XCTFail(message, file: location.filePath, line: location.line)
}
