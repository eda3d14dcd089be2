import Layout
import ScenarioFormat

/// A layout warning at a step that takes a snapshot: what a person would see cut or overlapping.
public struct RunWarning: Sendable, Hashable {
    /// The step's index in the scenario, from 0.
    public var step: Int
    /// The snapshot the step writes.
    public var snapshot: String
    /// What is wrong.
    public var warning: LayoutWarning

    /// One line for stderr: `scenario: step N (snapshot NAME): ELEMENT: KIND: TEXT`.
    public func line(scenario: String) -> String {
        "\(scenario): step \(step) (snapshot \(snapshot)): \(warning.element): \(warning.kind.rawValue): \(warning.text)"
    }
}

/// The layout checks of a scenario's snapshot steps.
public enum RunWarnings {
    /// The warnings of one step's layout; none for a step without a snapshot (nothing is drawn).
    public static func of(_ record: StepRecord, layout: StageLayout) -> [RunWarning] {
        guard let name = record.step.snapshotName else { return [] }
        return layout.warnings.map { RunWarning(step: record.index, snapshot: name, warning: $0) }
    }

    /// Runs the scenario and checks every snapshot's layout.
    public static func check(_ scenario: Scenario, measuring: some TextMeasuring) throws -> [RunWarning] {
        var warnings: [RunWarning] = []
        _ = try ScenarioRunner.run(scenario, measuring: measuring, frames: nil) { record in
            guard record.step.snapshotName != nil else { return }
            warnings += of(record, layout: StageLayout(record.state, measuring: measuring))
        }
        return warnings
    }
}
