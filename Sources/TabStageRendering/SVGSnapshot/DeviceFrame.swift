import TabStageLayout
import TabStageModel

extension Scene {
    /// `--device-frame`: the device body, the screen, the other app and the window where the
    /// layout put them; Slide Over's grabber and the screen's status bar over the app behind.
    func drawDevice(_ svg: inout SVGBuilder, _ frame: DeviceFrameLayout, window drawWindow: (inout SVGBuilder) -> Void) {
        svg.rect(Rect(size: frame.size), fill: "#1c1c1e", radius: frame.outerCornerRadius, id: "device")
        if let button = frame.homeButton {
            // A home-button phone: its Home button (a ringed circle) and its earpiece.
            svg.circle(
                cx: button.midX, cy: button.midY, r: button.width / 2 - 1, fill: "#111113", id: "home-button", stroke: "#48484a",
                strokeWidth: 2)
        }
        if let earpiece = frame.earpiece {
            svg.rect(earpiece, fill: "#3a3a3c", radius: min(earpiece.width, earpiece.height) / 2, id: "earpiece")
        }
        let screen = frame.screen
        svg.clipRect(id: "screen-clip", screen, radius: frame.screenCornerRadius)
        svg.open("screen", clip: "screen-clip")
        svg.rect(screen, fill: "#000000")
        if frame.showsWallpaper { drawWallpaper(&svg, frame) }
        drawOtherApp(&svg, frame)
        if let handle = frame.dividerHandle {
            // Split View's divider is the black screen between the windows; its handle a grey pill.
            svg.rect(handle, fill: Self.dividerHandleColor, radius: handle.width / 2, id: "divider-handle")
        }
        let window = frame.window
        if frame.isFullScreen {
            svg.open("window", transform: "translate(\(n(window.x)),\(n(window.y)))")
        } else {
            // Multitasking windows have rounded corners of their own; iPadOS 26's float on a shadow.
            svg.clipRect(id: "window-clip", Rect(size: window.size), radius: frame.windowCornerRadius)
            if frame.floatsOnShadow { svg.raw(Self.slideOverShadow) }
            svg.open(
                "window-frame", transform: "translate(\(n(window.x)),\(n(window.y)))",
                filter: frame.showsWallpaper ? "window-shadow" : frame.floatsOnShadow ? "slide-over-shadow" : nil)
            svg.open("window", clip: "window-clip")
        }
        drawWindow(&svg)
        svg.close()
        if !frame.isFullScreen { svg.close() }
        if !frame.windowControlButtons.isEmpty {
            if let handle = frame.resizeHandle {
                // The resize handle: a thin grey arc hugging the window's bottom trailing corner, just outside it.
                let (a, b, r) = (handle.start, handle.end, handle.radius)
                let d = "M\(n(a.x)) \(n(a.y))A\(n(r)) \(n(r)) 0 0 1 \(n(b.x)) \(n(b.y))"
                svg.strokedPath(d, stroke: Self.resizeHandleColor, width: Self.resizeHandleWidth, id: "resize-handle")
            }
            svg.open("window-controls")
            for (button, color) in zip(frame.windowControlButtons, Self.windowControlColors) {
                svg.circle(cx: button.midX, cy: button.midY, r: button.width / 2, fill: color)
            }
            svg.close()
        }
        if let grabber = frame.slideOverGrabber {
            svg.rect(grabber, fill: "#8e8e93", radius: grabber.height / 2, id: "grabber")
        }
        if let bar = frame.screenStatusBar, !frame.showsWallpaper {
            // The screen's status bar: over the app behind a Slide Over window (the floating
            // window has none), or across both Split View apps, each glyph coloured for what is
            // under it (white over our cover art, our text colour over our window, the
            // placeholder's over the other app).
            let otherText = otherAppColors.text
            svg.open("screen-status-bar", transform: "translate(\(n(screen.x)),\(n(screen.y)))")
            drawStatusGlyphs(&svg, bar) { overCover, x in
                overCover ? "#ffffff" : frame.screenStatusBarReplacesWindows && frame.isInWindow(screenX: x) ? palette.text : otherText
            }
            svg.close()
        }
        svg.close()
    }

    /// (assumed: iPadOS 26 draws a thin grey arc, following the corner, a little outside it)
    /// The resize handle's stroke, its colour and its gap from the window's edge.
    static let resizeHandleWidth = 2.5
    static let resizeHandleColor = "#8e8e93"
    /// (assumed) The divider handle's grey.
    static let dividerHandleColor = "#8e8e93"
    /// (assumed) Slide Over's shadow: a soft dark blur under the floating window.
    static let slideOverShadow =
        "<defs><filter id=\"slide-over-shadow\" x=\"-20%\" y=\"-10%\" width=\"140%\" height=\"120%\" color-interpolation-filters=\"sRGB\">"
        + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"12\"/><feOffset dy=\"4\" result=\"blur\"/>"
        + "<feComponentTransfer><feFuncA type=\"linear\" slope=\"0.3\"/></feComponentTransfer>"
        + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter></defs>\n"

    /// (assumed) The placeholder app's colours: iOS's grouped-list system colours in the
    /// window's appearance (systemGroupedBackground, a bar, secondarySystemGroupedBackground
    /// cards, separators and grey text stand-ins).
    struct OtherAppColors {
        var background: String
        var bar: String
        var card: String
        var separator: String
        var placeholder: String
        var text: String
    }

    var otherAppColors: OtherAppColors {
        stage.window.traits.userInterfaceStyle == .dark
            ? OtherAppColors(
                background: "#000000", bar: "#161618", card: "#1c1c1e", separator: "#38383a", placeholder: "#48484a", text: "#ffffff")
            : OtherAppColors(
                background: "#f2f2f7", bar: "#f9f9f9", card: "#ffffff", separator: "#c6c6c8", placeholder: "#d1d1d6", text: "#1c1c1e")
    }

    /// The app sharing the screen: a neutral placeholder (a grouped list under a navigation
    /// bar with a grey title), in rounded Split View corners or filling the screen behind
    /// Slide Over, so the picture reads as two apps and the eye stays on ours.
    private func drawOtherApp(_ svg: inout SVGBuilder, _ frame: DeviceFrameLayout) {
        guard let other = frame.otherApp, let bar = frame.otherAppNavigationBar, let title = frame.otherAppTitle,
            let list = frame.otherAppList
        else { return }
        let colors = otherAppColors
        svg.clipRect(id: "other-app-clip", other, radius: frame.otherAppCornerRadius)
        svg.open("other-app", clip: "other-app-clip")
        svg.rect(other, fill: colors.background)
        svg.rect(bar, fill: colors.bar, id: "other-app-bar")
        svg.rect(Rect(x: bar.x, y: bar.maxY - 0.5, width: bar.width, height: 0.5), fill: colors.separator)
        svg.rect(title, fill: colors.placeholder, radius: title.height / 2, id: "other-app-title")
        svg.rect(list, fill: colors.card, radius: 10, id: "other-app-list")
        for row in frame.otherAppRows {
            svg.rect(row.text, fill: colors.placeholder, radius: 4)
            if let separator = row.separator { svg.rect(separator, fill: colors.separator) }
        }
        svg.close()
    }
    /// (assumed) The window controls' colours: close, minimise, arrange (the macOS hues).
    static let windowControlColors = ["#ff5f57", "#febc2e", "#28c840"]

    /// iPadOS 26's screen behind its windows: a wallpaper (a plain diagonal gradient standing in
    /// for Apple's), the screen's own status bar on it, and the shadow windows cast.
    private func drawWallpaper(_ svg: inout SVGBuilder, _ frame: DeviceFrameLayout) {
        let screen = frame.screen
        svg.raw(
            "<defs><linearGradient id=\"wallpaper\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">"
                + "<stop offset=\"0\" stop-color=\"#1f3f8f\"/><stop offset=\"0.55\" stop-color=\"#4f74c9\"/>"
                + "<stop offset=\"1\" stop-color=\"#9fb9ea\"/></linearGradient>"
                + "<filter id=\"window-shadow\" x=\"-10%\" y=\"-10%\" width=\"120%\" height=\"125%\" color-interpolation-filters=\"sRGB\">"
                + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"18\"/><feOffset dy=\"8\" result=\"blur\"/>"
                + "<feComponentTransfer><feFuncA type=\"linear\" slope=\"0.35\"/></feComponentTransfer>"
                + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter></defs>\n")
        svg.rect(screen, fill: "url(#wallpaper)", id: "wallpaper")
        if let bar = frame.screenStatusBar {
            svg.open("screen-status-bar", transform: "translate(\(n(screen.x)),\(n(screen.y)))")
            drawStatusGlyphs(&svg, bar) { _, _ in "#ffffff" }
            svg.close()
        }
    }
}
