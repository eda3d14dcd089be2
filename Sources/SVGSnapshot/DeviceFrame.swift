import Adaptive
import Layout

extension Scene {
    /// `--device-frame`: the device body, the screen, the other app and the window where the
    /// layout put them; Slide Over's grabber and the screen's status bar over the app behind.
    func drawDevice(_ svg: inout SVGBuilder, _ frame: DeviceFrameLayout, window drawWindow: (inout SVGBuilder) -> Void) {
        svg.rect(Rect(size: frame.size), fill: "#1c1c1e", radius: frame.outerCornerRadius, id: "device")
        let screen = frame.screen
        svg.clipRect(id: "screen-clip", screen, radius: frame.screenCornerRadius)
        svg.open("screen", clip: "screen-clip")
        svg.rect(screen, fill: "#000000")
        if frame.showsWallpaper { drawWallpaper(&svg, frame) }
        if let other = frame.otherApp, let icon = frame.otherAppIcon {
            // The app sharing the screen: a neutral placeholder with an app icon, so the eye stays on ours.
            svg.open("other-app")
            svg.rect(other, fill: "#d1d1d6")
            svg.rect(icon, fill: "#aeaeb2", radius: 14)
            svg.close()
        }
        let window = frame.window
        if frame.isFullScreen {
            svg.open("window", transform: "translate(\(n(window.x)),\(n(window.y)))")
        } else {
            // Multitasking windows have rounded corners of their own; iPadOS 26's float on a shadow.
            svg.clipRect(id: "window-clip", Rect(size: window.size), radius: frame.windowCornerRadius)
            svg.open(
                "window-frame", transform: "translate(\(n(window.x)),\(n(window.y)))",
                filter: frame.showsWallpaper ? "window-shadow" : nil)
            svg.open("window", clip: "window-clip")
        }
        drawWindow(&svg)
        svg.close()
        if !frame.isFullScreen { svg.close() }
        if !frame.windowControlButtons.isEmpty {
            // The resize handle: a thin grey arc hugging the window's bottom trailing corner, just outside it.
            let r = frame.windowCornerRadius + Self.resizeHandleGap
            let cy = window.maxY - frame.windowCornerRadius
            let rtl = frame.windowControlButtons[0].x > window.midX
            let cx = rtl ? window.x + frame.windowCornerRadius : window.maxX - frame.windowCornerRadius
            // The middle of the quarter circle, from 15° to 75° (cos 15° = sin 75° ≈ 0.9659,
            // sin 15° = cos 75° ≈ 0.2588), so the arc's ends stay clear of the window's edges.
            let far = 0.9659 * r, near = 0.2588 * r
            let d =
                rtl
                ? "M\(n(cx - near)) \(n(cy + far))A\(n(r)) \(n(r)) 0 0 1 \(n(cx - far)) \(n(cy + near))"
                : "M\(n(cx + far)) \(n(cy + near))A\(n(r)) \(n(r)) 0 0 1 \(n(cx + near)) \(n(cy + far))"
            svg.strokedPath(d, stroke: Self.resizeHandleColor, width: Self.resizeHandleWidth, id: "resize-handle")
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
            // The screen's status bar, over the app behind: the floating window has none.
            svg.open("screen-status-bar", transform: "translate(\(n(screen.x)),\(n(screen.y)))")
            drawStatusGlyphs(&svg, bar) { _ in Self.otherAppText }
            svg.close()
        }
        svg.close()
    }

    /// Glyphs over the neutral placeholder of the other app.
    static let otherAppText = "#1c1c1e"
    /// (assumed: iPadOS 26 draws a thin grey arc, following the corner, a little outside it)
    /// The resize handle's stroke, its colour and its gap from the window's edge.
    static let resizeHandleWidth = 2.5
    static let resizeHandleColor = "#8e8e93"
    static let resizeHandleGap = 3.0
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
            drawStatusGlyphs(&svg, bar) { _ in "#ffffff" }
            svg.close()
        }
    }
}
