import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering

/// How snapshots become files.
public struct RenderOptions: Sendable, Hashable {
    /// A file kind a run writes.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case svg, png
    }

    /// Which files to write for each snapshot.
    public var formats: Set<Format>
    /// Pixels per point; nil means the device's display scale.
    public var scale: Double?
    /// Draw the whole device around the window (documentation previews).
    public var deviceFrame: Bool
    /// PNG encoder settings.
    public var png: PNGCodec.Options

    /// Options for rendering; the scale defaults to the device's.
    public init(formats: Set<Format> = [.svg, .png], scale: Double? = nil, deviceFrame: Bool = false, png: PNGCodec.Options = .compact) {
        self.formats = formats
        self.scale = scale
        self.deviceFrame = deviceFrame
        self.png = png
    }
}

extension RenderOptions {
    /// Why a state cannot be rendered with these options, checked before anything is allocated.
    public func pixelLimitProblem(_ state: StageState) -> String? {
        pixelLimitProblem(state.window)
    }

    /// Why an image of this window cannot be rendered with these options (its size depends on
    /// the window alone): under 1 px or over `RasterLimits.maxSide` on a side, or over
    /// `RasterLimits.maxPixels` in all.
    public func pixelLimitProblem(_ window: WindowEnvironment) -> String? {
        guard formats.contains(.png) else { return nil }
        let size = SVGSnapshot.canvasSize(window, deviceFrame: deviceFrame)
        let scale = scale ?? window.traits.displayScale
        return RasterLimits.sizeProblem(width: size.width * scale, height: size.height * scale)
            .map {
                "\($0) (\(decimalText(size.width, decimals: 2))×\(decimalText(size.height, decimals: 2)) pt at scale \(decimalText(scale, decimals: 2)))"
            }
    }

    /// Why a full-content picture of this window (`StageState.expandedToContent()`) cannot be
    /// drawn with these options, worded for the step that asks for it: its height in points and
    /// pixels against the rasterizer's limits, with what would make it fit. Checked before
    /// anything is drawn; the SVG's size is estimated again while it is built.
    public func fullContentProblem(_ window: WindowEnvironment) -> String? {
        guard formats.contains(.png) else { return nil }
        let size = SVGSnapshot.canvasSize(window)
        let scale = scale ?? window.traits.displayScale
        let (width, height) = ((size.width * scale).rounded(), (size.height * scale).rounded())
        let maxSide = Double(RasterLimits.maxSide)
        let maxPixels = Double(RasterLimits.maxPixels)
        let tallest = min(maxSide, (maxPixels / max(width, 1)).rounded(.down))
        guard height > tallest else { return nil }
        let points = decimalText(size.height, decimals: 2)
        let fitting = (tallest / scale).rounded(.down)
        let limit =
            height > maxSide
            ? "over the \(RasterLimits.maxSide) px limit on a side"
            : "\(decimalText(width * height, decimals: 0)) px in all, over the \(RasterLimits.maxPixels) px limit"
        return
            "the full content is \(points) pt tall, \(decimalText(height, decimals: 0)) px at scale \(decimalText(scale, decimals: 2)): \(limit) (expected a picture at most \(decimalText(tallest, decimals: 0)) px, \(decimalText(fitting, decimals: 0)) pt, tall: fewer rows in the selected tab, a smaller --scale, or a plain snapshot)"
    }

    /// The PNG's width and height in pixels for this state: the canvas in points times the scale,
    /// rounded the way the rasterizer rounds.
    public func pixelSize(_ state: StageState) -> (width: Double, height: Double) {
        let size = SVGSnapshot.canvasSize(state, deviceFrame: deviceFrame)
        let scale = scale ?? state.window.traits.displayScale
        return ((size.width * scale).rounded(), (size.height * scale).rounded())
    }
}

/// One snapshot rendered in memory.
public struct RenderedSnapshot: Sendable {
    /// The SVG text.
    public var svg: String
    /// The rendered pixels, when a PNG or a comparison needs them.
    public var image: RGBAImage?
    /// The encoded PNG, when one is written.
    public var png: [UInt8]?
}

/// The render pipeline: state → SVG → image → PNG, the same for the CLI, the testing API and the benchmark.
public enum SnapshotRenderer {
    /// The SVG of `state` with the text widths librsvg will draw.
    ///
    /// - Parameters:
    ///   - state: The stage to draw.
    ///   - look: The scenario's theme, header and row content (`Scenario.look`).
    ///   - options: Only `deviceFrame` matters here.
    /// - Returns: Deterministic SVG text: the same state always gives the same bytes.
    public static func svg(_ state: StageState, look: Look, options: RenderOptions = RenderOptions()) -> String {
        SVGSnapshot.svg(state, look: look, deviceFrame: options.deviceFrame, measuring: TextMeasurer.shared)
    }

    /// The SVG of `state`, checked against `SVGLimits.maxBytes` while it is built: what every
    /// written file (`.svg`, `.png`, a frame) is drawn from.
    ///
    /// - Throws: A `WorkflowError` of kind `.badInput` naming the SVG's size and the limit;
    ///   the caller places it at the step.
    public static func checkedSVG(
        _ state: StageState, look: Look, options: RenderOptions = RenderOptions()
    ) throws(WorkflowError) -> String {
        do {
            return try SVGSnapshot.checkedSVG(state, look: look, deviceFrame: options.deviceFrame, measuring: TextMeasurer.shared)
        } catch {
            throw WorkflowError(error.description, kind: .badInput)
        }
    }

    /// Renders `svg` (the SVG of `state`) at the options' scale.
    ///
    /// - Parameters:
    ///   - svg: The SVG text of `state`.
    ///   - state: The stage, for its window's display scale.
    ///   - look: The look `svg` was drawn with, for its theme's fonts.
    ///   - options: The scale, when it overrides the device's.
    /// - Returns: Straight RGBA pixels.
    /// - Throws: A `WorkflowError` when librsvg cannot render it or it is too large.
    public static func image(
        svg: String, state: StageState, look: Look, options: RenderOptions = RenderOptions()
    ) throws(WorkflowError) -> RGBAImage {
        do {
            return try Rasterizer.render(
                svg: svg, scale: options.scale ?? state.window.traits.displayScale, fonts: look.theme.fonts)
        } catch {
            throw WorkflowError(error.message)
        }
    }

    /// SVG text and, when asked for, PNG bytes. Pass a canvas to reuse its buffers across calls
    /// on one thread.
    ///
    /// - Parameters:
    ///   - state: The stage to draw.
    ///   - look: The scenario's theme, header and row content (`Scenario.look`).
    ///   - options: Which formats, the scale, the device frame and the PNG settings.
    ///   - canvas: Buffers to reuse; a fresh one when nil.
    /// - Returns: The SVG, and the PNG when `options.formats` holds `.png`.
    /// - Throws: A `WorkflowError` when rendering or encoding fails.
    public static func render(
        _ state: StageState, look: Look, options: RenderOptions = RenderOptions(), canvas: Canvas? = nil
    ) throws(WorkflowError) -> RenderedSnapshot {
        let svg = try checkedSVG(state, look: look, options: options)
        guard options.formats.contains(.png) else { return RenderedSnapshot(svg: svg) }
        do {
            let png = try (canvas ?? Canvas()).renderPNG(
                svg: svg, scale: options.scale ?? state.window.traits.displayScale, options: options.png, fonts: look.theme.fonts)
            return RenderedSnapshot(svg: svg, png: png)
        } catch {
            throw WorkflowError(error.message, kind: error.isInput ? .badInput : .failure)
        }
    }

    /// Encodes an image as PNG.
    ///
    /// - Parameters:
    ///   - image: The pixels.
    ///   - options: The encoder preset.
    /// - Returns: The PNG bytes.
    /// - Throws: A `WorkflowError` when libspng fails.
    public static func encode(_ image: RGBAImage, _ options: PNGCodec.Options = .compact) throws(WorkflowError) -> [UInt8] {
        do {
            return try PNGCodec.encode(image, options: options)
        } catch {
            throw WorkflowError(error.message)
        }
    }
}
