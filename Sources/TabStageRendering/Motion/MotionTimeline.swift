import TabStageLayout
import TabStageModel
import TabStageScenario

/// One picture of a scenario's motion: a physics frame, shown for 1/fps, or a snapshot, held.
package struct MotionFrame: Sendable {
    package enum Kind: Sendable, Hashable {
        case physics
        case snapshot(name: String)
    }

    package var kind: Kind
    package var state: StageState
    /// The scenario's look, which the state does not carry.
    package var look: Look
    /// The step that produced it, and where that step is in the scenario file.
    package var stepIndex: Int
    package var location: SourceLocation
    /// The numbers shown with it; `sample.time` is simulated seconds (holds take none).
    package var sample: FrameSample
    /// When it starts and ends on the animation's clock, in whole ms: both are rounded from
    /// exact time (frames·1000/fps + holds), so durations never drift from the total.
    package var start: Int
    package var end: Int
    package var duration: Int { end - start }

    /// The frame's SVG within `SVGLimits.maxBytes`, or an error at its step naming `file`, the
    /// frame and the SVG's size.
    package func checkedSVG(deviceFrame: Bool, measuring: some TextMeasuring, file: String) throws(ScenarioError) -> String {
        var none: SharedPictures? = nil
        return try checkedSVG(deviceFrame: deviceFrame, measuring: measuring, file: file, sharing: &none)
    }

    /// `checkedSVG`, its pictures left to `pictures` when given (see `SVGSnapshot.checkedSVG(_:look:deviceFrame:measuring:sharing:)`).
    package func checkedSVG(
        deviceFrame: Bool, measuring: some TextMeasuring, file: String, sharing pictures: inout SharedPictures?
    ) throws(ScenarioError) -> String {
        do {
            if var shared = pictures {
                defer { pictures = shared }
                return try SVGSnapshot.checkedSVG(state, look: look, deviceFrame: deviceFrame, measuring: measuring, sharing: &shared)
            }
            return try SVGSnapshot.checkedSVG(state, look: look, deviceFrame: deviceFrame, measuring: measuring)
        } catch {
            let what: String
            switch kind {
            case .physics: what = "a physics frame"
            case .snapshot(let name): what = "snapshot '\(name)'"
            }
            throw ScenarioError(location, "\(file): \(what): \(error.message)", expected: error.expected)
        }
    }
}

/// The order and timing of a scenario's motion outputs (animated WebP, player page): every
/// physics frame for exactly 1/fps, every snapshot held for `hold` ms.
package enum MotionTimeline {
    /// Hands a recorded run's frames in order to `sink` (`run` must be recorded keeping its
    /// frames); nothing is copied. Returns the total in ms.
    @discardableResult
    package static func frames(
        _ run: ScenarioRun, hold: Int, measuring: some TextMeasuring, into sink: (MotionFrame) throws -> Void
    ) throws -> Int {
        precondition(run.timeline.keepsFrames, "motion outputs need a run recorded keeping its frames")
        let scenario = run.scenario
        let fps = scenario.fps
        var physicsFrames = 0
        var holds = 0
        // Exact time is physicsFrames/fps s + holds ms; rounded to ms only here.
        func now() -> Int { (physicsFrames * 1000 * 2 + fps) / (2 * fps) + holds }
        var next = 0
        // The frames of the steps up to `index`, in order.
        func physics(through index: Int) throws {
            while next < run.timeline.frames.count, run.timeline.frames[next].stepIndex <= index {
                let frame = run.timeline.frames[next]
                next += 1
                let start = now()
                physicsFrames = frame.number
                try sink(
                    MotionFrame(
                        kind: .physics, state: frame.state, look: scenario.look, stepIndex: frame.stepIndex,
                        location: scenario.steps[frame.stepIndex].location,
                        sample: frame.sample(fps: fps, look: scenario.look, measuring: measuring), start: start, end: now()))
            }
        }
        // The timeline may keep only the snapshot steps' records: a step's frames come before
        // its own picture, and the frames after the last snapshot come last.
        for record in run.timeline.steps {
            try physics(through: record.index)
            if let name = record.step.snapshotName {
                let start = now()
                holds += hold
                try sink(
                    MotionFrame(
                        kind: .snapshot(name: name), state: record.state, look: scenario.look, stepIndex: record.index,
                        location: record.step.location,
                        sample: FrameSample(
                            number: physicsFrames, fps: fps, state: record.state, look: scenario.look, measuring: measuring), start: start,
                        end: now()))
            }
        }
        try physics(through: .max)
        return now()
    }

    /// Records `scenario` keeping its frames and streams them (`frames(_:hold:measuring:into:)`).
    @discardableResult
    package static func frames(
        _ scenario: Scenario, hold: Int, measuring: some TextMeasuring, into sink: (MotionFrame) throws -> Void
    ) throws -> Int {
        try frames(ScenarioRunner.record(scenario, measuring: measuring, keepingFrames: true), hold: hold, measuring: measuring, into: sink)
    }
}
