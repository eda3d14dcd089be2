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
            // Multitasking windows have rounded corners of their own.
            svg.clipRect(id: "window-clip", Rect(size: window.size), radius: DeviceFrameLayout.windowCornerRadius)
            svg.open("window-frame", transform: "translate(\(n(window.x)),\(n(window.y)))")
            svg.open("window", clip: "window-clip")
        }
        drawWindow(&svg)
        svg.close()
        if !frame.isFullScreen { svg.close() }
        if let grabber = frame.slideOverGrabber {
            svg.rect(grabber, fill: "#8e8e93", radius: grabber.height / 2, id: "grabber")
        }
        if let bar = frame.screenStatusBar {
            // The screen's status bar, over the app behind: the floating window has none.
            svg.open("screen-status-bar", transform: "translate(\(n(screen.x)),\(n(screen.y)))")
            drawStatusGlyphs(&svg, bar) { _ in Self.otherAppText }
            svg.close()
        }
        svg.close()
    }

    /// Glyphs over the neutral placeholder of the other app.
    static let otherAppText = "#1c1c1e"
}
