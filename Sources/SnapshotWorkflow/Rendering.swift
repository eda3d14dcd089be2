import Adaptive
import ImageDiff
import Raster
import SVGSnapshot
import ScrollableTab
import Stage

/// How snapshots become files.
public struct RenderOptions: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case svg, png
    }

    public var formats: Set<Format>
    /// Pixels per point; nil means the device's display scale.
    public var scale: Double?
    /// Draw the whole device around the window (documentation previews).
    public var deviceFrame: Bool
    public var png: PNGCodec.Options

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
    public var svg: String
    public var image: RGBAImage?
    public var png: [UInt8]?
}

public enum SnapshotRenderer {
    public static func svg(_ state: StageState, options: RenderOptions = RenderOptions()) -> String {
        SVGSnapshot.svg(state, deviceFrame: options.deviceFrame, measuring: TextMeasurer.shared)
    }

    public static func image(svg: String, state: StageState, options: RenderOptions = RenderOptions()) throws(WorkflowError) -> RGBAImage {
        do {
            return try Rasterizer.render(
                svg: svg, scale: options.scale ?? state.window.traits.displayScale, fonts: state.look.theme.fonts)
        } catch {
            throw WorkflowError(error.message)
        }
    }

    /// SVG text and, when asked for, PNG bytes. Pass a canvas to reuse its buffers across calls
    /// on one thread.
    public static func render(_ state: StageState, options: RenderOptions = RenderOptions(), canvas: Canvas? = nil) throws(WorkflowError)
        -> RenderedSnapshot
    {
        let svg = svg(state, options: options)
        guard options.formats.contains(.png) else { return RenderedSnapshot(svg: svg) }
        do {
            let png = try (canvas ?? Canvas()).renderPNG(
                svg: svg, scale: options.scale ?? state.window.traits.displayScale, options: options.png, fonts: state.look.theme.fonts)
            return RenderedSnapshot(svg: svg, png: png)
        } catch {
            throw WorkflowError(error.message)
        }
    }

    public static func encode(_ image: RGBAImage, _ options: PNGCodec.Options = .compact) throws(WorkflowError) -> [UInt8] {
        do {
            return try PNGCodec.encode(image, options: options)
        } catch {
            throw WorkflowError(error.message)
        }
    }
}
