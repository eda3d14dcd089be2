import Foundation
import TabStageRendering
import TabStageScenario

/// A recording that could not be made: a scenario that cannot be read, a step the container
/// could not perform, or a number it reported that no container can have. One line, located
/// at the scenario step (`profile.yaml:17:5: error: step 3 'select: Media': …`).
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: the step's place in the scenario (`file:line:column`), or the scenario file.
    public var location: String
    /// The scenario step's index, from 0; nil for a problem with the scenario itself.
    public var step: Int?
    /// The step as written (`select: Media`); nil with `step`.
    public var stepText: String?
    /// The observed trace's field the reported value was for (`container.tabs[1].contentOffsetY`); nil when no field is at fault.
    public var field: String?
    /// What is wrong, in words.
    public var message: String
    /// What would have been accepted; printed as "(expected …)".
    public var expected: String?

    /// An error at a step.
    init(step: DrivenStep, field: String?, message: String, expected: String?) {
        location = step.location
        self.step = step.index
        stepText = step.text
        self.field = field
        self.message = message
        self.expected = expected
    }

    /// A refused scenario or step of the model, as `tabstage` words it.
    init(_ error: ScenarioError) {
        location = error.location.description
        message = error.message
        expected = error.expected
    }

    /// One line, in the compiler style: `FILE:LINE:COL: error: step N 'TEXT': WHAT (expected …)`.
    public var description: String {
        let prefix = step.map { "step \($0) '\(stepText ?? "")': " } ?? ""
        return "\(location): error: " + prefix + message + (expected.map { " (expected \($0))" } ?? "")
    }
}

/// What a container showed after each recorded step, in the observed-trace format that
/// `tabstage conform` and `assertConforms` read.
public struct RecordedTrace: Sendable, Hashable {
    /// The scenario's name (`NAME@VARIANT` for a variant).
    public var scenario: String
    /// Every step in order, with what was read after it.
    public var steps: [RecordedStep] { zip(plan, observations).map { RecordedStep(step: $0, observation: $1) } }
    /// How many steps were read.
    public var recordedSteps: Int { observations.count { $0 != nil } }

    let plan: [DrivenStep]
    let observations: [ContainerObservation?]
    /// The observed trace the comparison reads: each recorded step's checked state.
    package let file: ObservedTraceFile

    /// The trace as JSON, `{"scenario": NAME, "steps": [{"index": N, "state": {...}}]}`,
    /// pretty-printed, ending in a newline.
    public var json: String {
        let steps = file.steps.map { step -> JSON in .object([("index", .number(Double(step.index))), ("state", step.state.json)]) }
        return JSON.object([("scenario", .string(scenario)), ("steps", .array(steps))]).text() + "\n"
    }

    /// Writes `json` to a file, for `tabstage conform SCENARIO FILE`.
    public func write(to url: URL) throws {
        try Data(json.utf8).write(to: url, options: .atomic)
    }

    /// Equal when the same steps read the same numbers.
    public static func == (lhs: RecordedTrace, rhs: RecordedTrace) -> Bool {
        lhs.scenario == rhs.scenario && lhs.plan == rhs.plan && lhs.observations == rhs.observations
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scenario)
        hasher.combine(plan)
        hasher.combine(observations)
    }
}

/// One step of a recording.
public struct RecordedStep: Sendable, Hashable {
    /// The step as driven.
    public var step: DrivenStep
    /// What the container reported after it; nil for a step not recorded (`StepComparison.notRecorded`).
    public var observation: ContainerObservation?
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
    /// Drives `container` through every step and reads it after each step that is recorded.
    ///
    /// - Parameter container: The container, as the scenario's first window shows it.
    /// - Returns: The recording.
    /// - Throws: A `RecordingError` at the first step the container could not perform or whose
    ///   numbers are not numbers a container can have (nothing after it is driven).
    @MainActor
    public func record(driving container: some RecordableContainer) async throws(RecordingError) -> RecordedTrace {
        var observations: [ContainerObservation?] = []
        var nodes: [ObservedStepNode] = []
        for step in steps {
            if let action = step.action {
                do {
                    try await container.perform(action)
                } catch {
                    throw RecordingError(
                        step: step, field: nil,
                        message: "the container could not perform it: "
                            + "\(error)".split(whereSeparator: \.isNewline).joined(separator: " "),
                        expected: "a container that performs every step of the scenario")
                }
            }
            guard step.isRecorded else {
                observations.append(nil)
                continue
            }
            let observation = await container.observe()
            do {
                nodes.append(ObservedStepNode(index: step.index, state: try ObservationCheck.state(observation, tabCount: tabCount)))
            } catch {
                throw RecordingError(step: step, field: error.field, message: error.message, expected: error.expected)
            }
            observations.append(observation)
        }
        return RecordedTrace(
            scenario: traceName, plan: steps, observations: observations, file: ObservedTraceFile(scenario: traceName, steps: nodes))
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

extension DrivenStep {
    /// Whether the container is read after the step (false for `StepComparison.notRecorded`).
    public var isRecorded: Bool {
        if case .notRecorded = comparison { return false }
        return true
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
