import Adaptive
import ScrollableTab

/// The state after one step, and what the step caused.
public struct StepRecord: Sendable, Hashable {
    public var index: Int
    public var step: ScenarioStep
    public var state: StageState
    public var lifecycle: [LifecycleCallback]
}

/// A whole scenario, run: one record per step.
public struct ScenarioRun: Sendable, Hashable {
    public var scenario: Scenario
    public var records: [StepRecord]

    /// The states to render, in step order.
    public var snapshots: [(name: String, state: StageState)] {
        records.compactMap { record in record.step.snapshotName.map { ($0, record.state) } }
    }
}

/// Drives the stage reducer through a scenario's steps. Pure: no I/O, no clocks.
public enum ScenarioRunner {
    public static func run(_ scenario: Scenario) throws(ScenarioError) -> ScenarioRun {
        let window: WindowEnvironment
        do {
            window = try scenario.initialWindow()
        } catch {
            throw ScenarioError(SourceLocation(file: scenario.file), error.description)
        }
        var state = StageState(window: window, container: scenario.container)
        var pendingLifecycle = state.firstDisplayLifecycle
        var records: [StepRecord] = []
        records.reserveCapacity(scenario.steps.count)
        for (index, step) in scenario.steps.enumerated() {
            var lifecycle = pendingLifecycle
            pendingLifecycle = []
            if case .action(let action) = step.kind {
                let (next, events) = StageState.reduce(state, action)
                state = next
                for case .lifecycle(let callback) in events { lifecycle.append(callback) }
            }
            records.append(StepRecord(index: index, step: step, state: state, lifecycle: lifecycle))
        }
        return ScenarioRun(scenario: scenario, records: records)
    }
}
