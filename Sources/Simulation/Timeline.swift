import Layout
import Look
import ScenarioFormat
import Stage

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

/// A scenario simulated once: every step's record and, when asked for, every physics frame.
/// Everything a command writes or checks (snapshots, the trace, warnings, frames, the
/// animation, the player page) reads this, so no output runs the scenario again.
package struct Timeline: Sendable {
    /// Every step's record, in step order.
    package var steps: [StepRecord] = []
    /// Every physics frame in order, when the recording kept them (`keepsFrames`).
    package var frames: [RecordedFrame] = []
    /// Whether `frames` holds the run's frames; false leaves it empty.
    package var keepsFrames = false

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
    /// Simulates `scenario` once and records it: the snapshots and counts of `run(_:measuring:)`
    /// plus every step's record and, with `keepingFrames`, every physics frame with its numbers.
    ///
    /// - Parameters:
    ///   - scenario: A parsed scenario.
    ///   - measuring: The text widths the layout uses, as for `run(_:measuring:)`.
    ///   - keepingFrames: Keep every physics frame's state (for `--frames`,
    ///     `--animate`, `--html` and the trace's `frameStates`); false keeps only the steps.
    ///   - counter: Counts this simulation, for tests.
    ///   - rowMeasurements: Self-sizing row measurements shared with the other variants of the
    ///     same file, so their budget is the file's (nil: this run's own).
    /// - Returns: The run, its `timeline` filled.
    /// - Throws: A `ScenarioError` located at the step the model refused.
    package static func record(
        _ scenario: Scenario, measuring: some TextMeasuring, keepingFrames: Bool = false, counter: SimulationCounter? = nil,
        rowMeasurements: SelfSizingRows.Measurements? = nil
    ) throws(ScenarioError) -> ScenarioRun {
        counter?.increment()
        var timeline = Timeline(keepsFrames: keepingFrames)
        // Frames come before their step's record: the step running is the one after the last record.
        var stepIndex = 0
        let frameSink: ((Int, StageState) throws -> Void)? =
            keepingFrames
            ? { number, state in timeline.frames.append(RecordedFrame(number: number, stepIndex: stepIndex, state: state)) } : nil
        do {
            var run = try run(scenario, measuring: measuring, frames: frameSink, rowMeasurements: rowMeasurements) { record in
                timeline.steps.append(record)
                stepIndex = record.index + 1
            }
            run.timeline = timeline
            return run
        } catch let error as ScenarioError {
            throw error
        } catch {
            preconditionFailure("only a sink throws other errors")  // these do not
        }
    }
}
