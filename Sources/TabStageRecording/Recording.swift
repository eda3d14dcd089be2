import Foundation
@_exported import TabStageDriver
import TabStageRendering
import TabStageScenario

extension RecordingError {
    /// A refused scenario or step of the model, as `tabstage` words it.
    init(_ error: ScenarioError) {
        self.init(location: error.location.description, message: error.message, expected: error.expected)
    }
}

extension RecordedTrace {
    /// The observed trace the comparison reads: each recorded step's checked state, the
    /// same tree `json` writes.
    package var file: ObservedTraceFile {
        ObservedTraceFile(scenario: scenario, steps: states.map { ObservedStepNode(index: $0.index, state: Self.node($0.state)) })
    }

    private static func node(_ json: TraceJSON) -> ObservedNode {
        switch json {
        case .null: ObservedNode(.null)
        case .bool(let value): ObservedNode(.bool(value))
        case .number(let value): ObservedNode(.number(value))
        case .string(let value): ObservedNode(.string(value))
        case .array(let items): ObservedNode(.array(items.map(node)))
        case .object(let fields): ObservedNode(.object(fields.map { ObservedField($0.0, node($0.1)) }))
        }
    }
}

/// The first place one observed field disagrees with the model, as `tabstage conform` prints it.
public struct ConformanceDivergence: Sendable, Hashable, CustomStringConvertible {
    /// The scenario step's index, from 0.
    public var step: Int
    /// The step as written (`select: Media`).
    public var stepText: String
    /// The field (`container.headerHeight`, `container.tabs[1].contentOffsetY`).
    public var field: String
    /// The model's value, as the trace writes it (`156`, `"sheet"`).
    public var model: String
    /// The observed value, written the same way.
    public var observed: String
    /// `step 3 'select: Media' (profile.yaml:17:5): container.headerHeight: model 156, observed 240`.
    public var description: String
}

/// A recorded container that does not do what the model does: conform's divergences, the
/// first of each field. Its description is `assertConforms`'s message.
public struct ConformanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scenario's name.
    public var scenario: String
    /// The first divergence of each field, in step order.
    public var divergences: [ConformanceDivergence]
    /// How many observed values were compared, over all steps.
    public var compared: Int
    /// The recording the check read.
    public var trace: RecordedTrace

    /// `profile: 2 field(s) diverge from the model:` and one line per divergence.
    public var description: String {
        "\(scenario): \(divergences.count) field(s) diverge from the model:\n"
            + divergences.map { "  " + $0.description }.joined(separator: "\n")
    }
}

/// A recording that agrees with the model.
public struct Conformed: Sendable, Hashable {
    /// The recording.
    public var trace: RecordedTrace
    /// How many observed values were compared, over all steps.
    public var compared: Int
    /// Every field compared, in the order first seen.
    public var fields: [String]
}

extension ScenarioDriver {
    /// Drives `container` through every step and reads it after each step that is recorded:
    /// this driver's `plan` played on it, as an iOS test plays the plan file `tabstage plan` writes.
    ///
    /// - Parameter container: The container, as the scenario's first window shows it.
    /// - Returns: The recording.
    /// - Throws: A `RecordingError` at the first step the container could not perform or whose
    ///   numbers are not numbers a container can have (nothing after it is driven).
    @MainActor
    public func record(driving container: some RecordableContainer) async throws(RecordingError) -> RecordedTrace {
        try await plan.play(driving: container)
    }

    /// Compares a recording with the model, as `tabstage conform` does.
    ///
    /// - Parameters:
    ///   - trace: A recording of this driver's scenario.
    ///   - tolerance: Points a number may differ by (`selectedTab` and `displayScale` exactly).
    /// - Returns: What was compared, when every value agrees.
    /// - Throws: A `ConformanceFailure` with the first divergence of each field, or a
    ///   `RecordingError` for a tolerance out of range.
    public func check(_ trace: RecordedTrace, tolerance: Double = 0.5) throws -> Conformed {
        guard tolerance.isFinite, tolerance >= 0, tolerance <= Conformance.maxTolerance else {
            throw RecordingError(
                ScenarioError(
                    SourceLocation(file: scenario.file), "a tolerance of \(ObservationCheck.described(tolerance)) points",
                    expected: "a tolerance from 0 to \(ObservationCheck.text(Conformance.maxTolerance)) points"))
        }
        let result: ConformanceResult
        do {
            result = try Conformance.check(
                scenario, source: source, observed: trace.file, tolerance: tolerance, measuring: TextMeasurer.shared)
        } catch {
            throw RecordingError(error)
        }
        guard result.conforms else {
            let divergences = result.divergences.map {
                ConformanceDivergence(
                    step: $0.step, stepText: $0.text, field: $0.path, model: $0.model, observed: $0.observed, description: $0.line)
            }
            throw ConformanceFailure(scenario: result.scenario, divergences: divergences, compared: result.compared, trace: trace)
        }
        return Conformed(trace: trace, compared: result.compared, fields: result.paths)
    }
}

/// Drives a container through a scenario and reads it after each step, without comparing.
///
/// - Parameters:
///   - scenario: The scenario file; a relative path is read from the calling package's root.
///   - variant: For a scenario with `variants`, which one.
///   - container: The container, as the scenario's first window shows it.
///   - filePath: The calling file.
/// - Returns: The recording, for `assertConforms` or `write(to:)`.
/// - Throws: A `RecordingError` (see `ScenarioDriver.record(driving:)`).
@MainActor
public func record(
    scenario: String, variant: String? = nil, driving container: some RecordableContainer, filePath: StaticString = #filePath
) async throws(RecordingError) -> RecordedTrace {
    try await ScenarioDriver(scenario: scenario, variant: variant, filePath: filePath).record(driving: container)
}

/// Drives a container through a scenario, reads it after each step and compares every number
/// with the model, as `tabstage conform` does: one call in a test.
///
/// ```
/// try await TabStageRecording.check(scenario: "Scenarios/profile.yaml", driving: container)
/// ```
///
/// - Parameters:
///   - scenario: The scenario file; a relative path is read from the calling package's root.
///   - variant: For a scenario with `variants`, which one.
///   - container: The container, as the scenario's first window shows it.
///   - tolerance: Points a number may differ by.
///   - filePath: The calling file.
/// - Returns: What was compared.
/// - Throws: A `ConformanceFailure` carrying conform's step-and-field lines, or a
///   `RecordingError` located at the step that could not be driven or read.
@MainActor
@discardableResult
public func check(
    scenario: String, variant: String? = nil, driving container: some RecordableContainer, tolerance: Double = 0.5,
    filePath: StaticString = #filePath
) async throws -> Conformed {
    let driver = try ScenarioDriver(scenario: scenario, variant: variant, filePath: filePath)
    return try driver.check(try await driver.record(driving: container), tolerance: tolerance)
}
