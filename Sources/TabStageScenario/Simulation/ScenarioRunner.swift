import TabStageLayout
import TabStageModel

/// The state after one step, and what the step caused.
public struct StepRecord: Sendable, Hashable {
    /// The step's index, from 0.
    public var index: Int
    /// The step as written.
    public var step: ScenarioStep
    /// The state after the step.
    public var state: StageState
    /// The UIKit callbacks the step caused.
    public var lifecycle: [LifecycleCallback]
    /// Callbacks of the presented view controller this step caused.
    public var presentedLifecycle: [LifecycleCallback] = []
    /// Physics, animated and `wait` steps only: how many frames the step produced.
    public var frames: Int?

    /// What the step's snapshot draws: the state after the step, or for a `fullContent`
    /// snapshot that state expanded to its content (`StageState.expandedToContent()`).
    public var drawnState: StageState {
        step.fullContent ? state.expandedToContent() : state
    }
}

/// A whole scenario, run: what rendering and the limit checks need and, when recorded with
/// `ScenarioRunner.record`, the whole timeline every output reads (no output runs it again).
public struct ScenarioRun: Sendable {
    /// The scenario that ran.
    public var scenario: Scenario
    /// The states to render, in step order.
    public var snapshots: [(name: String, state: StageState)]
    /// Physics frames the run produced in all.
    public var frameCount: Int
    /// How many steps ran.
    public var stepCount: Int
    /// Every distinct window the run was in (which decides an image's size), with the step that
    /// first reached it (the device's line for the first window).
    public var windows: [(window: WindowEnvironment, location: SourceLocation)]
    /// Where each of `snapshots` is written in the scenario, in the same order.
    public var snapshotLocations: [SourceLocation] = []
    /// The steps that produced physics frames, in order: what a frame budget is checked against
    /// before anything is rendered.
    package var frameSpans: [FrameSpan] = []
    /// Every step's record and, when kept, every physics frame: filled by `ScenarioRunner.record`.
    package var timeline = Timeline()
    /// The run's `trace.json`, when it was made while the steps ran (`MadeTrace`).
    package var trace: MadeTrace?
}

/// The physics frames one step produced: numbered `first` to `first + count - 1` across the
/// run, all in the step's window.
package struct FrameSpan: Sendable, Hashable {
    /// The step, where it is written.
    package var location: SourceLocation
    /// The number of its first frame, from 1 across the run.
    package var first: Int
    /// How many frames it produced (at least 1).
    package var count: Int
    /// The window every one of them is drawn in.
    package var window: WindowEnvironment

    /// A span of frames.
    package init(location: SourceLocation, first: Int, count: Int, window: WindowEnvironment) {
        self.location = location
        self.first = first
        self.count = count
        self.window = window
    }
}

/// Drives a `Stage` through a scenario's steps, keeping what the outputs need. Pure: no I/O, no clocks; time
/// advances only by explicit ticks of 1/fps seconds.
public enum ScenarioRunner {
    /// Physics frames one run may produce, so a runaway scenario stops with an error.
    public static let maxFramesPerRun = SteppingStage.maxFrames

    /// Runs every step and keeps the snapshot states and every step's record (not the physics
    /// frames: see `record`); throws at the first step the model refuses.
    ///
    /// - Parameters:
    ///   - scenario: A parsed scenario (see `ScenarioLoader.load(path:)`).
    ///   - measuring: The text widths the layout uses (Raster's `TextMeasurer.shared` for what is
    ///     rendered): a popover's named source is resolved against the layout.
    /// - Returns: The snapshot states in step order, with step and frame counts.
    /// - Throws: A `ScenarioError` located at the step the model refused.
    public static func run(_ scenario: Scenario, measuring: some TextMeasuring) throws(ScenarioError) -> ScenarioRun {
        try record(scenario, measuring: measuring)
    }

    /// Every step's record, in order, kept in memory: for tests and tools that inspect a
    /// short run step by step.
    /// `measuring` gives the text widths, as for `run(_:measuring:)`.
    public static func records(_ scenario: Scenario, measuring: some TextMeasuring) throws(ScenarioError) -> [StepRecord] {
        try record(scenario, measuring: measuring).timeline.steps
    }

    /// Runs and hands every physics frame, numbered from 1 across the run, to `sink` in order,
    /// and every step's record to `steps` as soon as the step is done; neither is kept.
    ///
    /// - Parameters:
    ///   - scenario: A parsed scenario.
    ///   - measuring: The text widths the layout uses, as for `run(_:measuring:)`.
    ///   - sink: Receives each physics frame's number and state; nil skips building them.
    ///   - stepSink: Receives each step's record once the step is done.
    /// - Returns: The snapshot states in step order, with step and frame counts.
    /// - Throws: A `ScenarioError` at a refused step, or whatever a sink throws.
    public static func run(
        _ scenario: Scenario, measuring: some TextMeasuring, frames sink: ((Int, StageState) throws -> Void)?,
        steps stepSink: (StepRecord) throws -> Void = { _ in }
    ) throws -> ScenarioRun {
        try run(scenario, measuring: measuring, frames: sink, rowMeasurements: nil, steps: stepSink)
    }

    /// `run(_:measuring:frames:steps:)` measuring self-sizing rows into `rowMeasurements`
    /// (shared by the variants of one file; nil: the run's own).
    package static func run(
        _ scenario: Scenario, measuring: some TextMeasuring, frames sink: ((Int, StageState) throws -> Void)?,
        rowMeasurements: SelfSizingRows.Measurements?, steps stepSink: (StepRecord) throws -> Void = { _ in }
    ) throws -> ScenarioRun {
        var stage = try SteppingStage(scenario: scenario, measuring: measuring, rowMeasurements: rowMeasurements)
        if let problem = stage.rowSizingProblem {
            throw ScenarioError(scenario.deviceLocation ?? SourceLocation(file: scenario.file), problem.message, expected: problem.expected)
        }
        var pendingLifecycle = stage.state.firstDisplayLifecycle
        var snapshots: [(name: String, state: StageState)] = []
        var windows = [(window: stage.state.window, location: scenario.deviceLocation ?? SourceLocation(file: scenario.file))]
        let frameSink: (Int, StageState) throws -> Void = sink ?? { _, _ in }
        var snapshotLocations: [SourceLocation] = []
        var frameSpans: [FrameSpan] = []

        for (index, step) in scenario.steps.enumerated() {
            var lifecycle = pendingLifecycle
            var presentedLifecycle: [LifecycleCallback] = []
            pendingLifecycle = []
            var frames: Int?
            if case .action(let action) = step.kind {
                let result = try stage.perform(
                    SteppingStage.Step(action, keyword: step.keyword, source: step.sourceControl), at: step.location, frame: frameSink)
                lifecycle += result.lifecycle
                presentedLifecycle = result.presentedLifecycle
                frames = result.frames
                if !windows.contains(where: { $0.window == stage.state.window }) {
                    windows.append((stage.state.window, step.location))
                }
            }
            if let frames, frames > 0 {
                frameSpans.append(
                    FrameSpan(location: step.location, first: stage.frameCount - frames + 1, count: frames, window: stage.state.window))
            }
            if let name = step.snapshotName {
                var state = stage.state
                if step.fullContent {
                    if let problem = state.fullContentProblem {
                        throw ScenarioError(
                            step.location, "snapshot '\(name)' cannot show the full content: \(problem)",
                            expected: "a fullContent snapshot of the container at rest: dismiss the presentation or finish the swipe first")
                    }
                    state = state.expandedToContent()
                    // Its own size: the limit checks refuse it at this step when it is too tall.
                    windows.append((state.window, step.location))
                }
                snapshots.append((name, state))
                snapshotLocations.append(step.location)
            }
            try stepSink(
                StepRecord(
                    index: index, step: step, state: stage.state, lifecycle: lifecycle,
                    presentedLifecycle: presentedLifecycle, frames: frames))
        }
        return ScenarioRun(
            scenario: scenario, snapshots: snapshots, frameCount: stage.frameCount,
            stepCount: scenario.steps.count, windows: windows, snapshotLocations: snapshotLocations, frameSpans: frameSpans)
    }

    /// `wait: {seconds: S}` gives S × fps frames, rounded up to whole frames.
    package static func waitFrameCount(seconds: Double, fps: Int) -> Int {
        guard seconds > 0 else { return 0 }
        return Int((seconds * Double(fps) - 1e-9).rounded(.up))
    }
}
