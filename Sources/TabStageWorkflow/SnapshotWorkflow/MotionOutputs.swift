import Foundation
import TabStageImageDiff
import TabStageRendering
import TabStageScenario

/// How a scenario's motion is written: the animated WebP and the player page.
package struct MotionOptions: Sendable, Hashable {
    package static let holdRange = 1...60_000
    package static let qualityRange = 0...100

    /// Write `<scenario>.webp`.
    package var animateWebP: Bool
    /// Write `index.html`.
    package var page: Bool
    /// How long each snapshot is shown, in ms.
    package var hold: Int
    /// Pixels per point of the animation (small keeps documentation files small).
    package var scale: Double
    /// Lossy quality 0–100; nil is lossless.
    package var quality: Int?
    package var deviceFrame: Bool

    package init(
        animateWebP: Bool = false, page: Bool = false, hold: Int = 600, scale: Double = 1, quality: Int? = nil, deviceFrame: Bool = false
    ) {
        self.animateWebP = animateWebP
        self.page = page
        self.hold = hold
        self.scale = scale
        self.quality = quality
        self.deviceFrame = deviceFrame
    }

    package var writesAnything: Bool { animateWebP || page }
}

/// Renders a run's motion into files' bytes. Frames are rendered and encoded one at a time.
package enum MotionOutputs {
    /// The animation's canvas: the largest image any of the run's windows gives (smaller frames,
    /// after a rotation or resize, are centred on white).
    package static func canvasSize(_ run: ScenarioRun, options: MotionOptions) -> (width: Int, height: Int) {
        var width = 1, height = 1
        for (window, _) in run.windows {
            let size = SVGSnapshot.canvasSize(window, deviceFrame: options.deviceFrame)
            width = max(width, Int((size.width * options.scale).rounded()))
            height = max(height, Int((size.height * options.scale).rounded()))
        }
        return (width, height)
    }

    /// Why the run cannot be animated with these options, before anything is rendered.
    package static func sizeProblem(_ run: ScenarioRun, options: MotionOptions) -> String? {
        guard options.animateWebP else { return nil }
        let (width, height) = canvasSize(run, options: options)
        guard width <= 16383, height <= 16383 else {
            return
                "an animated WebP is at most 16383 px a side; this scenario needs \(width)×\(height) px at --animate-scale \(options.scale)"
        }
        return RasterLimits.sizeProblem(width: Double(width), height: Double(height))
    }

    /// The animated WebP's bytes: every physics frame for 1/fps, every snapshot for the hold.
    /// `run` must be recorded keeping its frames (`ScenarioRunner.record(_:measuring:keepingFrames:counter:)`).
    package static func webp(_ run: ScenarioRun, options: MotionOptions) throws(WorkflowError) -> [UInt8] {
        guard run.timeline.keepsFrames else {
            throw WorkflowError("\(run.scenario.name).webp: the run was recorded without the frames the animation draws")
        }
        let (width, height) = canvasSize(run, options: options)
        let canvas = Canvas()
        do {
            let encoder = try AnimatedWebPEncoder(width: width, height: height, quality: options.quality)
            let total = try MotionTimeline.frames(run, hold: options.hold, measuring: TextMeasurer.shared) { frame in
                let svg = try frame.checkedSVG(
                    deviceFrame: options.deviceFrame, measuring: TextMeasurer.shared, file: "\(run.scenario.name).webp")
                let image = try canvas.render(svg: svg, scale: options.scale, fonts: frame.look.theme.fonts)
                try encoder.add(centred(image, width: width, height: height), start: frame.start)
            }
            return try encoder.finish(end: total)
        } catch let error as WorkflowError {
            throw error
        } catch let error as AnimationError {
            throw WorkflowError("\(run.scenario.name).webp: \(error.message)")
        } catch let error as RasterError {
            throw WorkflowError("\(run.scenario.name).webp: \(error.message)")
        } catch {
            throw WorkflowError("\(error)", kind: .badInput)
        }
    }

    /// `image` on a white canvas of the given size, centred (itself when it already fits exactly).
    static func centred(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard image.width != width || image.height != height else { return image }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let left = (width - image.width) / 2, top = (height - image.height) / 2
        for row in 0..<min(image.height, height) {
            let source = row * image.width * 4
            let target = ((row + top) * width + left) * 4
            pixels.replaceSubrange(
                target..<target + min(image.width, width) * 4,
                with: image.pixels[source..<source + min(image.width, width) * 4])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
