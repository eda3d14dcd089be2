import TabStageImageDiff
import TabStageModel
import TabStageRendering
import TabStageScenario

/// The pixels a run's frames cost, estimated from the run before anything is rendered: each
/// frame is drawn whole, so the work and the bytes written grow with frames × pixels. One
/// budget for `--frames` (PNG frames at the render scale) and one for the animated WebP (its
/// canvas at `--animate-scale`); the frame limit alone let 250 bytes of scenario ask for
/// ~14 hours and ~140 GB.
package enum FrameBudget {
    /// Pixels all of a run's frames may take together, per output: 4,000,000,000 is about
    /// 1,350 frames of an iPhone 14 at 3× (1,170 × 2,532 px), 22 s at 60 fps.
    package static let maxPixels = 4_000_000_000

    /// Why the frames `--frames` writes are over the budget, placed at the step whose frames
    /// pass it; nil when they fit or no frame is written as an image.
    package static func framesProblem(_ run: ScenarioRun, options: RenderOptions) -> ScenarioError? {
        guard options.formats.contains(.png) else { return nil }
        return problem(run, what: "--frames", fix: "a smaller window or --scale") { window in
            let size = SVGSnapshot.canvasSize(window, deviceFrame: options.deviceFrame)
            let scale = options.scale ?? window.traits.displayScale
            return (size.width * scale).rounded() * (size.height * scale).rounded()
        }
    }

    /// Why the animated WebP's frames (every physics frame on the animation's canvas; the
    /// snapshots' held frames, at most 1,000, are not counted) are over the budget; nil when they
    /// fit or no animation is written.
    package static func animationProblem(_ run: ScenarioRun, options: MotionOptions) -> ScenarioError? {
        guard options.animateWebP else { return nil }
        let (width, height) = MotionOutputs.canvasSize(run, options: options)
        return problem(run, what: "--animate webp", fix: "a smaller --animate-scale") { _ in Double(width) * Double(height) }
    }

    private static func problem(_ run: ScenarioRun, what: String, fix: String, pixels: (WindowEnvironment) -> Double) -> ScenarioError? {
        let perSpan = run.frameSpans.map { Double($0.count) * pixels($0.window) }
        let total = perSpan.reduce(0, +)
        guard total > Double(maxPixels) else { return nil }
        var sum = 0.0
        for (span, cost) in zip(run.frameSpans, perSpan) {
            sum += cost
            guard sum > Double(maxPixels) else { continue }
            let frames = run.frameSpans.reduce(0) { $0 + $1.count }
            let each = wholeText(pixels(span.window))
            return ScenarioError(
                span.location,
                "\(what) would draw \(wholeText(total)) pixels in all (\(frames) frames; this step's \(span.count) of \(each) px each take the run past the budget), over the limit of \(maxPixels) pixels",
                expected: "frames of at most \(maxPixels) pixels together: a lower fps, shorter waits and flings, \(fix)"
            )
        }
        return nil
    }

    private static func wholeText(_ value: Double) -> String { decimalText(value, decimals: 0) }
}
