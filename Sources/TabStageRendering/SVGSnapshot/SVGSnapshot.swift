import TabStageLayout
import TabStageModel

/// State -> SVG text. Deterministic: the same state always gives the same bytes.
public enum SVGSnapshot {
    /// The size of the picture `svg` writes, in points.
    public static func canvasSize(_ stage: StageState, deviceFrame: Bool = false) -> Size {
        canvasSize(stage.window, deviceFrame: deviceFrame)
    }

    /// The picture's size depends on the window alone. A full-content window is drawn without
    /// the device frame (a long screenshot has none).
    public static func canvasSize(_ window: WindowEnvironment, deviceFrame: Bool = false) -> Size {
        deviceFrame && !window.expandedToContent ? DeviceFrameLayout(window).size : window.window
    }

    /// The app's window; with `deviceFrame`, the whole device around it (documentation previews).
    /// `look` is the scenario's theme, header and row content (the state carries none);
    /// `measuring` gives text widths: Raster's `TextMeasurer` matches what librsvg draws.
    ///
    /// An SVG over `SVGLimits.maxBytes` is drawn in full all the same (for tests and tools
    /// that draw states they made); files are written through `checkedSVG`.
    public static func svg(_ stage: StageState, look: Look, deviceFrame: Bool = false, measuring: some TextMeasuring) -> String {
        svg(stage, look: look, layout: StageLayout(stage, look: look, measuring: measuring), deviceFrame: deviceFrame)
    }

    /// Draws a layout computed already (the one a trace or a warning check read) from the same look.
    public static func svg(_ stage: StageState, look: Look, layout: StageLayout, deviceFrame: Bool = false) -> String {
        switch draw(stage, look: look, layout: layout, deviceFrame: deviceFrame, limit: .max) {
        case .success(let svg): return svg
        case .failure: preconditionFailure("an SVG without a budget is never over it")
        }
    }

    /// The SVG, or its size when it would be over `SVGLimits.maxBytes`: checked while it is
    /// built, so memory stays within the budget however much a state draws.
    public static func checkedSVG(
        _ stage: StageState, look: Look, deviceFrame: Bool = false, measuring: some TextMeasuring
    ) throws(SVGSizeError) -> String {
        try checkedSVG(stage, look: look, layout: StageLayout(stage, look: look, measuring: measuring), deviceFrame: deviceFrame)
    }

    /// `checkedSVG` for a layout computed already from the same look.
    public static func checkedSVG(
        _ stage: StageState, look: Look, layout: StageLayout, deviceFrame: Bool = false
    ) throws(SVGSizeError) -> String {
        try draw(stage, look: look, layout: layout, deviceFrame: deviceFrame, limit: SVGLimits.maxBytes).get()
    }

    /// `checkedSVG` without its pictures: each drawing of one refers to `#picture-N` in
    /// `pictures`, which gains the pictures this SVG draws first. A page of many SVGs writes
    /// each picture once (`SharedPictures.definitions(from:)`) instead of once per SVG.
    package static func checkedSVG(
        _ stage: StageState, look: Look, deviceFrame: Bool = false, measuring: some TextMeasuring,
        sharing pictures: inout SharedPictures
    ) throws(SVGSizeError) -> String {
        var shared: SharedPictures? = pictures
        defer { if let shared { pictures = shared } }
        return try draw(
            stage, look: look, layout: StageLayout(stage, look: look, measuring: measuring), deviceFrame: deviceFrame,
            limit: SVGLimits.maxBytes, sharing: &shared
        ).get()
    }

    private static func draw(
        _ stage: StageState, look: Look, layout: StageLayout, deviceFrame: Bool, limit: Int
    ) -> Result<String, SVGSizeError> {
        var none: SharedPictures? = nil
        return draw(stage, look: look, layout: layout, deviceFrame: deviceFrame, limit: limit, sharing: &none)
    }

    private static func draw(
        _ stage: StageState, look: Look, layout: StageLayout, deviceFrame: Bool, limit: Int, sharing shared: inout SharedPictures?
    ) -> Result<String, SVGSizeError> {
        let scene = Scene(stage, look: look, layout: layout)
        let deviceFrame = deviceFrame && !stage.window.expandedToContent
        let size = deviceFrame ? layout.deviceFrame.size : scene.windowSize
        if limit != .max {
            let estimate = scene.sizeEstimate(size: size, deviceFrame: deviceFrame, sharing: shared)
            if estimate.bytes > limit { return .failure(estimate) }
        }
        var svg = SVGBuilder(width: size.width, height: size.height, fontFamily: look.theme.cssFamily, limit: limit, sharing: shared)
        scene.draw(&svg, deviceFrame: deviceFrame)
        if shared != nil { shared = svg.sharedPictures }
        return svg.finish()
    }

    /// The size `checkedSVG` estimates before it draws (every byte of the drawing counted,
    /// each template row rendered once per `TemplateRowKey`), and the rows it was estimated from.
    package static func sizeEstimate(_ stage: StageState, look: Look, layout: StageLayout, deviceFrame: Bool = false) -> SVGSizeError {
        let scene = Scene(stage, look: look, layout: layout)
        let deviceFrame = deviceFrame && !stage.window.expandedToContent
        return scene.sizeEstimate(size: deviceFrame ? layout.deviceFrame.size : scene.windowSize, deviceFrame: deviceFrame, sharing: nil)
    }
}

extension Scene {
    /// The whole picture into `svg`: the window, or with `deviceFrame` the device around it.
    func draw(_ svg: inout SVGBuilder, deviceFrame: Bool) {
        svg.rtl = rtl
        if look.theme.fonts != nil { svg.tabularFamily = nil }
        if deviceFrame {
            let frame = layout.deviceFrame
            drawDevice(&svg, frame) { drawWindow(&$0, statusBar: !frame.screenStatusBarReplacesWindows) }
        } else {
            drawWindow(&svg)
        }
    }
}

extension Scene {
    /// Everything in the window, in window coordinates; without `statusBar` when a device
    /// frame draws the screen's status bar across Split View's apps instead.
    func drawWindow(_ svg: inout SVGBuilder, statusBar: Bool = true) {
        svg.raw(definitions)
        let presenter = layout.presentationChrome?.presenterFrame
        if let presenter, let chrome = layout.presentationChrome {
            // Pushed back behind a sheet: black around the scaled, rounded presenter.
            let scale = presenter.width / windowSize.width
            svg.rect(Rect(size: windowSize), fill: "#000000", id: "backdrop")
            svg.clipRect(id: "presenter-clip", Rect(size: windowSize), radius: chrome.presenterCornerRadius / scale)
            svg.open("presenter", transform: "translate(\(n(presenter.x)),\(n(presenter.y))) scale(\(n(scale)))")
            svg.open(clip: "presenter-clip")
        }
        // Liquid Glass shows a blurred copy of what is behind it: the window's content, named
        // once so the glass can draw it again (only then, so other snapshots keep their bytes).
        let glassBackdrop = layout.presentationChrome?.material == .glass
        if glassBackdrop { svg.open(Self.glassBackdropID) }
        svg.rect(Rect(size: windowSize), fill: palette.background, id: "background")
        if layout.showsContainer {
            let frame = layout.containerFrame
            let moved = frame.x != 0 || frame.y != 0
            if moved { svg.clipRect(id: "container-clip", Rect(size: frame.size)) }
            svg.open("container", transform: moved ? "translate(\(n(frame.x)),\(n(frame.y)))" : nil)
            if moved { svg.open(clip: "container-clip") }
            drawPages(&svg)
            drawHeader(&svg)
            drawTabBar(&svg)
            drawScrollIndicator(&svg)
            if moved { svg.close() }
            svg.close()
        }
        drawSplitPrimary(&svg)
        drawBottomEdgeEffect(&svg)
        drawComposeButton(&svg)
        drawAppTabBar(&svg)
        if glassBackdrop { svg.close() }
        if presenter != nil {
            svg.close()
            svg.close()
        }
        drawPresentation(&svg)
        if statusBar { drawStatusBar(&svg) }
        drawDeviceChrome(&svg)
    }
}

/// Everything the drawing code reads, computed once per snapshot. Geometry comes from the
/// layout; the painter decides only how things look.
struct Scene {
    let stage: StageState
    /// The scenario's theme, header content and row content.
    let look: Look
    let layout: StageLayout
    let container: ContainerState
    let geometry: ContainerGeometry
    let palette: Palette
    /// The theme's colours for the current appearance (the banner is read from here).
    let themeColors: ThemeColors
    let rtl: Bool
    let windowSize: Size
    /// W × V: the container's own size.
    let size: Size
    let safeArea: EdgeInsets
    /// See `StageLayout.typeScale` and `StageLayout.fixedHeightTypeScale`.
    let typeScale: Double
    let fixedHeightTypeScale: Double
    /// See `StageLayout.fixedHeightTextCategory`.
    let fixedHeightTextCategory: ContentSizeCategory

    init(_ stage: StageState, look: Look, layout: StageLayout) {
        self.stage = stage
        self.look = look
        self.layout = layout
        container = stage.container
        geometry = container.geometry
        themeColors = look.theme.colors(for: stage.window.traits.userInterfaceStyle)
        palette = Palette.forStyle(stage.window.traits.userInterfaceStyle, theme: themeColors)
        rtl = stage.window.traits.layoutDirection == .rtl
        windowSize = stage.window.window
        size = geometry.size
        safeArea = geometry.safeArea
        typeScale = layout.typeScale
        fixedHeightTypeScale = layout.fixedHeightTypeScale
        fixedHeightTextCategory = layout.fixedHeightTextCategory
    }

    /// Shared paint servers: the cover gradient, through the theme's banner colours if set.
    var definitions: String {
        var colors = [palette.coverStart, palette.coverEnd]
        if case .colors(let themed) = themeColors.banner { colors = themed.map(\.svg) }
        let last = Double(max(1, colors.count - 1))
        let stops = colors.enumerated().map { index, color in
            "<stop offset=\"\(n(Double(index) / last))\" stop-color=\"\(color)\"/>"
        }
        return "<defs><linearGradient id=\"cover-gradient\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">" + stops.joined()
            + "</linearGradient></defs>\n"
    }

}
