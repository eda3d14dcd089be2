import Foundation
import SnapshotTesting
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTesting
import TabStageWorkflow

extension Snapshotting where Value == Stage, Format == String {
    /// The stage's SVG, drawn with its look, as text diffed line by line.
    public static var svg: Snapshotting {
        Snapshotting<String, String>(pathExtension: "svg", diffing: .lines).pullback {
            SVGSnapshot.svg($0.state, look: $0.look, measuring: TextMeasurer.shared)
        }
    }
}

extension Snapshotting where Value == Stage, Format == RGBAImage {
    /// The stage drawn with its look, rasterized at the device's scale, compared with
    /// tabstage's perceptual diff.
    public static var png: Snapshotting { .png() }

    /// The perceptual diff with a threshold, budget and scale; attaches the diff image to failures.
    ///
    /// A stage that cannot be rendered (an image over the pixel limit, a font librsvg refuses)
    /// is a test failure at this call with the renderer's reason; the comparison then has
    /// nothing to compare and adds no failure of its own.
    ///
    /// - Parameters:
    ///   - threshold: Per-pixel perceptual difference (0...1) below which pixels count as equal.
    ///   - budget: How many differing pixels still pass.
    ///   - scale: Pixels per point; the device's display scale when nil.
    ///   - fileID: The calling file, for a render failure's location.
    ///   - filePath: The calling file's path, for a render failure's location.
    ///   - line: The calling line, for a render failure's location.
    ///   - column: The calling column, for a render failure's location.
    /// - Returns: The strategy, for `assertSnapshot(of:as:)`.
    public static func png(
        threshold: Double = 0.1, budget: DiffBudget = DiffBudget(), scale: Double? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Snapshotting {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        return Snapshotting(pathExtension: "png", diffing: .perceptual(threshold: threshold, budget: budget)) { stage in
            do {
                return try SnapshotRenderer.image(
                    svg: SnapshotRenderer.svg(stage.state, look: stage.look), state: stage.state, look: stage.look,
                    options: RenderOptions(scale: scale))
            } catch {
                reportFailure("The state could not be rendered: \(error)", at: location)
                return RGBAImage.unrendered
            }
        }
    }
}

extension RGBAImage {
    /// Stands for a rendering that failed (already reported with its reason): the perceptual
    /// diffing compares nothing against it and writes no reference for it.
    static let unrendered = RGBAImage(width: 0, height: 0, pixels: [])
}

extension Diffing where Value == RGBAImage {
    /// PNG on disk; pixelmatch-style comparison with a budget. The failure attaches the diff image.
    public static func perceptual(threshold: Double = 0.1, budget: DiffBudget = DiffBudget()) -> Diffing {
        .diff(
            toData: { image in image == .unrendered ? Data() : Data((try? PNGCodec.encode(image)) ?? []) },
            fromData: { data in (try? PNGCodec.decode(Array(data))) ?? RGBAImage(width: 0, height: 0, pixels: []) },
            diffV2: { reference, actual in
                // A failed rendering was reported where it happened, with its reason.
                guard actual != .unrendered else { return nil }
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

extension Snapshotting where Value == Stage, Format == String {
    /// The stage's layout (`NAME.layout.txt`: every drawn element's frame and the numbers UIKit
    /// would report), compared as `tabstage verify` compares it: a failure lists what moved, one
    /// line each, largest first. Put it before `.png` (`assertSnapshots(of:as: [.layout, .png])`)
    /// so a geometry change is named even when the pixels are within the threshold.
    public static var layout: Snapshotting { .layout(tolerance: 0.01) }

    /// The layout with a tolerance: points an element's edge or a value may move and still match.
    ///
    /// - Parameter tolerance: At least this far, in points, is a move (0.01, the file's precision, by default).
    /// - Returns: The strategy, for `assertSnapshot(of:as:)`.
    public static func layout(tolerance: Double) -> Snapshotting {
        let diffing = Diffing<String>.diff(
            toData: { Data($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diffV2: { old, new in
                guard old != new else { return nil }
                do {
                    let comparison = LayoutComparison(
                        try LayoutReference.parse(Array(old.utf8), path: "reference"),
                        try LayoutReference.parse(Array(new.utf8), path: "new"),
                        tolerance: tolerance)
                    if comparison.isEmpty { return nil }
                    return ("\(comparison.summary)\n" + comparison.lines.map { "  " + $0 }.joined(separator: "\n"), [])
                } catch {
                    return ("the layout reference cannot be read: \(error)", [])
                }
            })
        return Snapshotting<String, String>(pathExtension: "layout.txt", diffing: diffing).pullback { stage in
            LayoutReference(stage.state, layout: StageLayout(stage.state, look: stage.look, measuring: TextMeasurer.shared)).text
        }
    }
}
