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
        guard formats.contains(.png) else { return nil }
        let size = SVGSnapshot.canvasSize(state, deviceFrame: deviceFrame)
        let scale = scale ?? state.window.traits.displayScale
        let width = (size.width * scale).rounded(), height = (size.height * scale).rounded()
        guard width * height > Double(RasterLimits.maxPixels) else { return nil }
        return "a \(Int(width))×\(Int(height)) image (scale \(decimalText(scale, decimals: 2))) is over the limit of \(RasterLimits.maxPixels) pixels"
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
        SVGSnapshot.svg(state, deviceFrame: options.deviceFrame)
    }

    public static func image(svg: String, state: StageState, options: RenderOptions = RenderOptions()) throws(WorkflowError) -> RGBAImage {
        do {
            return try Rasterizer.render(svg: svg, scale: options.scale ?? state.window.traits.displayScale)
        } catch {
            throw WorkflowError(error.message)
        }
    }

    /// SVG text and, when asked for, PNG bytes. Pass a canvas to reuse its buffers across calls
    /// on one thread.
    public static func render(_ state: StageState, options: RenderOptions = RenderOptions(), canvas: Canvas? = nil) throws(WorkflowError) -> RenderedSnapshot {
        let svg = svg(state, options: options)
        guard options.formats.contains(.png) else { return RenderedSnapshot(svg: svg) }
        do {
            let png = try (canvas ?? Canvas()).renderPNG(svg: svg, scale: options.scale ?? state.window.traits.displayScale, options: options.png)
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
