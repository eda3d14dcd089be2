import Foundation
import TabStageRecording

#if canImport(Testing)
import Testing
#endif

extension ObservedTrace {
    /// The recorder's trace as an observed trace: the same steps and fields, to write, change
    /// or check like one built by hand.
    public init(_ recording: RecordedTrace) {
        self.init(recording.file)
    }
}

/// Checks a recording against the model, as `assertConforms(_:to:tolerance:)` checks an
/// observed trace built by hand: one issue listing the first divergence of each field,
/// reported to Swift Testing or XCTest.
///
/// - Parameters:
///   - recording: What `record(scenario:driving:)` read from the container.
///   - scenario: The scenario file the container was driven through; a relative path is read
///     from the package's root.
///   - tolerance: Points a number may differ by.
///   - fileID: The calling file, for the location.
///   - filePath: The calling file's path: a relative scenario path is read from its package's root.
///   - line: The calling line, for the location.
///   - column: The calling column, for the location.
/// - Returns: True when every recorded value agrees with the model.
@discardableResult
public func assertConforms(
    _ recording: RecordedTrace,
    to scenario: URL,
    tolerance: Double = 0.5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Bool {
    assertConforms(
        ObservedTrace(recording), to: scenario, tolerance: tolerance, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Drives a container through a scenario, reads it after each step and checks the numbers
/// against the model: `check(scenario:driving:)` reporting one issue (conform's divergences,
/// or the step the container could not be driven or read at) instead of throwing.
///
/// - Parameters:
///   - container: The container, as the scenario's first window shows it.
///   - scenario: The scenario file; a relative path is read from the package's root.
///   - variant: For a scenario with `variants`, which one.
///   - tolerance: Points a number may differ by.
///   - fileID: The calling file, for the location.
///   - filePath: The calling file's path: a relative scenario path is read from its package's root.
///   - line: The calling line, for the location.
///   - column: The calling column, for the location.
/// - Returns: True when every recorded value agrees with the model.
@MainActor
@discardableResult
public func assertConforms(
    driving container: some RecordableContainer,
    to scenario: URL,
    variant: String? = nil,
    tolerance: Double = 0.5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async -> Bool {
    let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        try await TabStageRecording.check(
            scenario: scenario.isFileURL ? scenario.relativePath : scenario.path, variant: variant, driving: container,
            tolerance: tolerance,
            filePath: filePath)
        return true
    } catch {
        reportFailure("\(error)", at: location)
        return false
    }
}
