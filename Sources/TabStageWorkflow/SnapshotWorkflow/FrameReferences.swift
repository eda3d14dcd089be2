import Foundation
import TabStageModel
import TabStageRendering
import TabStageScenario

/// Frames as references: a scenario's `frames: true` (every physics frame) or a step's (its
/// frames) makes `record` keep them as `SNAPSHOTS/<scenario>/frames/NNNN.svg` and `.png` (the
/// frame's number across the run, at least four digits) and `verify` compare each one as it
/// compares a snapshot: the SVG first, the pixels only when the SVG differs.
package enum FrameReferences {
    /// The folder inside a scenario's references that holds its frames.
    package static let folder = "frames"

    /// The reference group of a scenario's frames, for `ReferenceStore`: `<scenario>/frames`.
    package static func group(_ scenario: String) -> String { "\(scenario)/\(folder)" }

    /// Whether a reference group holds frames (its outcomes are counted as frames).
    package static func isFrameGroup(_ group: String) -> Bool { group.hasSuffix("/" + folder) }

    /// A frame's file name without extension: its number, zero-padded to at least four digits
    /// (as many as the run's last frame needs).
    package static func name(_ number: Int, frameCount: Int) -> String {
        let digits = max(4, String(frameCount).count)
        let text = String(number)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The frames of a run that are references, in order, each with its file name and the step
    /// that drew it. The run must be recorded keeping its frames.
    package static func frames(_ run: ScenarioRun) -> [(name: String, state: StageState, location: SourceLocation, number: Int)] {
        let scenario = run.scenario
        guard scenario.hasFrameReferences else { return [] }
        return run.timeline.frames.compactMap { frame in
            let step = scenario.steps[frame.stepIndex]
            guard scenario.framesAreReferences || step.framesAreReferences else { return nil }
            return (name(frame.number, frameCount: run.frameCount), frame.state, step.location, frame.number)
        }
    }

    /// Why a run's frame references are over `FrameBudget.maxPixels` at the scale they are
    /// recorded at (the device's), placed at the step that passes the budget; nil when they fit.
    package static func budgetProblem(_ run: ScenarioRun) -> ScenarioError? {
        var total = 0.0
        let frames = frames(run)
        for frame in frames {
            let size = SVGSnapshot.canvasSize(frame.state.window)
            let scale = frame.state.window.traits.displayScale
            total += (size.width * scale).rounded() * (size.height * scale).rounded()
            guard total > Double(FrameBudget.maxPixels) else { continue }
            return ScenarioError(
                frame.location,
                "the frame references would draw more than \(FrameBudget.maxPixels) pixels by frame \(frame.number) (\(frames.count) frames are references)",
                expected:
                    "frame references of at most \(FrameBudget.maxPixels) pixels together: 'frames: true' on fewer steps, a lower fps, shorter waits and flings"
            )
        }
        return nil
    }

    /// The jobs `verify` runs for a run's frame references.
    package static func jobs(_ run: ScenarioRun) -> [SnapshotJob] {
        frames(run).map { SnapshotJob(group: group(run.scenario.name), name: $0.name, state: $0.state, look: run.scenario.look) }
    }
}

extension SnapshotJob {
    /// Every run's snapshots, each with its scenario's look: what `verify` and
    /// `assertScenarioSnapshots` check before the frame references (`FrameReferences.jobs`).
    /// Each scenario's own `verify.geometryTolerance` applies to its snapshots unless
    /// `geometryTolerance` (an explicit one from the command line or the assertion) is given.
    package static func snapshots(of runs: [ScenarioRun], geometryTolerance: Double? = nil) -> [SnapshotJob] {
        runs.flatMap { run in
            run.snapshots.map {
                SnapshotJob(
                    group: run.scenario.name, name: $0.name, state: $0.state, look: run.scenario.look,
                    geometryTolerance: geometryTolerance ?? run.scenario.geometryTolerance)
            }
        }
    }
}
