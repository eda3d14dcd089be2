import Adaptive
import ScenarioFormat
import ScrollableTab
import Stage

/// The state after one step, and what the step caused.
public struct StepRecord: Sendable, Hashable {
    public var index: Int
    public var step: ScenarioStep
    public var state: StageState
    public var lifecycle: [LifecycleCallback]
    /// Callbacks of the presented view controller this step caused.
    public var presentedLifecycle: [LifecycleCallback] = []
    /// Physics steps only: how many frames the step produced.
    public var frames: Int?
}

/// A whole scenario, run: one record per step.
public struct ScenarioRun: Sendable, Hashable {
    public var scenario: Scenario
    public var records: [StepRecord]

    /// The states to render, in step order.
    public var snapshots: [(name: String, state: StageState)] {
        records.compactMap { record in record.step.snapshotName.map { ($0, record.state) } }
    }

    public var frameCount: Int { records.reduce(0) { $0 + ($1.frames ?? 0) } }
}

/// Drives the stage reducer through a scenario's steps. Pure: no I/O, no clocks; time
/// advances only by explicit ticks of 1/fps seconds.
public enum ScenarioRunner {
    public static let maxFramesPerRun = 100_000

    public static func run(_ scenario: Scenario) throws(ScenarioError) -> ScenarioRun {
        do {
            return try run(scenario, frames: nil)
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only a frame sink throws other errors")  // there is none here
        }
    }

    /// Runs and hands every physics frame, numbered from 1 across the run, to `sink` in order.
    public static func run(_ scenario: Scenario, frames sink: ((Int, StageState) throws -> Void)?) throws -> ScenarioRun {
        let window: WindowEnvironment
        do {
            window = try scenario.initialWindow()
        } catch {
            throw ScenarioError(SourceLocation(file: scenario.file), error.description)
        }
        var state = StageState(window: window, container: scenario.container, split: scenario.split)
        var pendingLifecycle = state.firstDisplayLifecycle
        var records: [StepRecord] = []
        records.reserveCapacity(scenario.steps.count)
        var frameNumber = 0
        let tick = StageAction.container(.tick(seconds: 1 / Double(scenario.fps)))

        for (index, step) in scenario.steps.enumerated() {
            var lifecycle = pendingLifecycle
            var presentedLifecycle: [LifecycleCallback] = []
            pendingLifecycle = []
            var frames: Int?
            if case .action(let action) = step.kind {
                if let problem = state.problem(with: action) {
                    throw ScenarioError(step.location, "\(step.keyword): \(problem.message)", expected: problem.expected)
                }
                func apply(_ action: StageAction) {
                    let (next, events) = StageState.reduce(state, action)
                    state = next
                    for event in events {
                        switch event {
                        case .lifecycle(let callback): lifecycle.append(callback)
                        case .presentedLifecycle(let callback): presentedLifecycle.append(callback)
                        case .container: break
                        }
                    }
                }
                func emitFrame() throws {
                    frameNumber += 1
                    frames = (frames ?? 0) + 1
                    guard frameNumber <= maxFramesPerRun else {
                        throw ScenarioError(step.location, "the run needs more than \(maxFramesPerRun) physics frames",
                                            expected: "at most \(maxFramesPerRun) frames per run (lower fps or velocities)")
                    }
                    try sink?(frameNumber, state)
                }
                apply(action)
                switch action {
                case .container(.drag):
                    try emitFrame()
                case .container(.release):
                    frames = 0
                    while state.container.isAnimating {
                        apply(tick)
                        try emitFrame()
                    }
                default:
                    break
                }
            }
            records.append(StepRecord(index: index, step: step, state: state, lifecycle: lifecycle,
                                      presentedLifecycle: presentedLifecycle, frames: frames))
        }
        return ScenarioRun(scenario: scenario, records: records)
    }
}
