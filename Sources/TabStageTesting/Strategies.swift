import Foundation
import ImageDiff
import Raster
import SVGSnapshot
import ScrollableTab
import SnapshotTesting
import SnapshotWorkflow
import Stage

extension Snapshotting where Value == StageState, Format == String {
    /// The state's SVG as text, diffed line by line.
    public static var svg: Snapshotting {
        Snapshotting<String, String>(pathExtension: "svg", diffing: .lines).pullback { SVGSnapshot.svg($0, measuring: TextMeasurer.shared) }
    }
}

extension Snapshotting where Value == StageState, Format == RGBAImage {
    /// The state rasterized at the device's scale, compared with tabstage's perceptual diff.
    public static var png: Snapshotting { .png() }

    /// The perceptual diff with a threshold, budget and scale; attaches the diff image to failures.
    public static func png(threshold: Double = 0.1, budget: DiffBudget = DiffBudget(), scale: Double? = nil) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .perceptual(threshold: threshold, budget: budget)) { state in
            let svg = SVGSnapshot.svg(state, measuring: TextMeasurer.shared)
            // A state that cannot be rendered becomes an empty image, which the diff reports.
            return (try? Rasterizer.render(svg: svg, scale: scale ?? state.window.traits.displayScale, fonts: state.look.theme.fonts))
                ?? RGBAImage(width: 0, height: 0, pixels: [])
        }
    }
}

extension Diffing where Value == RGBAImage {
    /// PNG on disk; pixelmatch-style comparison with a budget. The failure attaches the diff image.
    public static func perceptual(threshold: Double = 0.1, budget: DiffBudget = DiffBudget()) -> Diffing {
        .diff(
            toData: { image in Data((try? PNGCodec.encode(image)) ?? []) },
            fromData: { data in (try? PNGCodec.decode(Array(data))) ?? RGBAImage(width: 0, height: 0, pixels: []) },
            diffV2: { reference, actual in
                let result: PerceptualDiff.Result
                do {
                    result = try PerceptualDiff.compare(reference, actual, options: .init(threshold: threshold), diffImage: true)
                } catch {
                    return ("\(error)", [])
                }
                guard !budget.allows(result) else { return nil }
                let attachments =
                    result.image.flatMap { try? PNGCodec.encode($0) }.map { [DiffAttachment.data(Data($0), name: "difference.png")] } ?? []
                return (
                    "\(result.differentPixels) of \(result.pixelCount) pixels differ, over the budget of \(budget.allowance(pixelCount: result.pixelCount))",
                    attachments
                )
            })
    }
}
