import TabStageLayout
import TabStageModel

/// One physics frame of a recorded run: its number, its step and the state after it.
package struct RecordedFrame: Sendable {
    /// The frame's number across the run, from 1.
    package var number: Int
    /// The step that produced it, by index in the scenario.
    package var stepIndex: Int
    /// The state after the frame's tick (or the drag's move).
    package var state: StageState

    /// The numbers motion outputs show for it (trace `frameStates`, plots, the player page),
    /// laid out when asked for: laying out every frame while recording would cost a run that
    /// a budget refuses afterwards (1,000 tabs × 100,000 frames: minutes instead of a second).
    package func sample(fps: Int, look: Look, measuring: some TextMeasuring) -> FrameSample {
        FrameSample(number: number, fps: fps, state: state, look: look, measuring: measuring)
    }
}

/// A scenario simulated once: the step records its outputs read and, when asked for, every
/// physics frame. Everything a command writes or checks (snapshots, the trace, warnings,
/// frames, the animation, the player page) reads this or is made while the steps stream by
/// (`ScenarioRunner.record`'s `observing`), so no output runs the scenario again.
package struct Timeline: Sendable {
    /// The step records kept, in step order: every step's (`keepsAllSteps`), or only the
    /// snapshot steps' (what warnings, accessibility checks and motion outputs read), so a long
    /// run does not hold a state per step.
    package var steps: [StepRecord] = []
    /// Every physics frame in order, when the recording kept them (`keepsFrames`).
    package var frames: [RecordedFrame] = []
    /// Whether `frames` holds the run's frames; false leaves it empty.
    package var keepsFrames = false
    /// Whether `steps` holds every step's record; false: only the snapshot steps'.
    package var keepsAllSteps = true
    /// The `release` steps that only spring back (`ReleaseWarning`), found as the steps ran.
    package var releases: [ReleaseWarning] = []

    /// The frames of the step at `index` (empty when the step produced none or none were kept).
    /// Frames come in step order, so `frames` is split into consecutive runs.
    package func frames(ofStep index: Int) -> ArraySlice<RecordedFrame> {
        let start = firstFrameIndex(atOrAfter: index)
        var end = start
        while end < frames.count, frames[end].stepIndex == index { end += 1 }
        return frames[start..<end]
    }

    /// The position in `frames` of the first frame whose step is `index` or later.
    private func firstFrameIndex(atOrAfter index: Int) -> Int {
        var low = 0, high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].stepIndex < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Counts simulations: handed to `ScenarioRunner.record` by a test that checks a command runs
/// each scenario exactly once. A reference so every copy of the recorder counts into one total.
package final class SimulationCounter {
    /// How many scenarios were simulated through recorders holding this counter.
    package private(set) var count = 0

    /// A counter at zero.
    package init() {}

    func increment() { count += 1 }
}

extension ScenarioRunner {
    /// Which step records `record` keeps in its timeline.
    package enum KeptSteps: Sendable {
        /// Every step's: for tests and tools that read a short run step by step, and for a
        /// trace made from the recording afterwards (`Trace.stream(_:frames:measuring:into:)`).
        case all
        /// Only the snapshot steps' (warnings, accessibility checks, motion outputs); the trace
        /// is made while the steps stream by, through `observing`.
        case snapshots
    }

    /// Simulates `scenario` once and records it: the snapshots and counts of `run(_:measuring:)`
    /// plus the step records `keeping` asks for and, with `keepingFrames`, every physics frame
    /// with its numbers.
    ///
    /// - Parameters:
    ///   - scenario: A parsed scenario.
    ///   - measuring: The text widths the layout uses, as for `run(_:measuring:)`.
    ///   - keepingFrames: Keep every physics frame's state (for `--frames`,
    ///     `--animate`, `--html` and the trace's `frameStates`); false keeps only the steps.
    ///   - keeping: Every step's record, or only the snapshot steps'.
    ///   - counter: Counts this simulation, for tests.
    ///   - rowMeasurements: Self-sizing row measurements shared with the other variants of the
    ///     same file, so their budget is the file's (nil: this run's own).
    ///   - observing: Told each step's record as soon as the step is done, with the step's
    ///     frames when they are kept (`Trace.Writer` makes the trace from it).
    /// - Returns: The run, its `timeline` filled.
    /// - Throws: A `ScenarioError` located at the step the model refused, or what `observing` throws.
    package static func record(
        _ scenario: Scenario, measuring: some TextMeasuring, keepingFrames: Bool = false, keeping: KeptSteps,
        counter: SimulationCounter? = nil, rowMeasurements: SelfSizingRows.Measurements? = nil,
        observing: ((StepRecord, ArraySlice<RecordedFrame>) throws -> Void)?
    ) throws -> ScenarioRun {
        counter?.increment()
        var timeline = Timeline(keepsFrames: keepingFrames, keepsAllSteps: keeping == .all)
        // Frames come before their step's record: the step running is the one after the last record.
        var stepIndex = 0
        var before: StageState?
        let frameSink: ((Int, StageState) throws -> Void)? =
            keepingFrames
            ? { number, state in timeline.frames.append(RecordedFrame(number: number, stepIndex: stepIndex, state: state)) } : nil
        var run = try run(scenario, measuring: measuring, frames: frameSink, rowMeasurements: rowMeasurements) { record in
            if let before, let warning = ReleaseWarning.of(record.step, startingFrom: before) { timeline.releases.append(warning) }
            before = record.state
            if keeping == .all || record.step.snapshotName != nil { timeline.steps.append(record) }
            try observing?(record, timeline.frames(ofStep: record.index))
            stepIndex = record.index + 1
        }
        run.timeline = timeline
        return run
    }

    /// `record` keeping every step's record, for callers whose only errors are the model's.
    package static func record(
        _ scenario: Scenario, measuring: some TextMeasuring, keepingFrames: Bool = false, counter: SimulationCounter? = nil,
        rowMeasurements: SelfSizingRows.Measurements? = nil
    ) throws(ScenarioError) -> ScenarioRun {
        do {
            return try record(
                scenario, measuring: measuring, keepingFrames: keepingFrames, keeping: .all, counter: counter,
                rowMeasurements: rowMeasurements, observing: nil)
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only a sink throws other errors")  // these do not
        }
    }
}
