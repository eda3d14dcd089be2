import Adaptive

/// `--device-frame`: the whole device for documentation previews, with the app's window where
/// multitasking puts it and the other app beside or behind it.
struct DeviceFrame {
    let bezel: Double
    let screen: Size
    let window: Rect
    let otherApp: Rect?
    let cornerRadius: Double

    init(_ environment: WindowEnvironment) {
        let device = environment.device
        bezel = device.idiom == .pad ? 28 : 16
        screen = device.screenSize(environment.orientation)
        let placement = device.windowPlacement(environment.orientation, environment.multitasking)
        window = placement?.window ?? Rect(size: environment.window)
        otherApp = placement?.otherApp
        cornerRadius = device.cornerRadius
    }

    var size: Size { Size(width: screen.width + 2 * bezel, height: screen.height + 2 * bezel) }
    var isFullScreen: Bool { otherApp == nil }
    /// Glyphs over the neutral placeholder of the other app.
    static let otherAppText = "#1c1c1e"
}

extension Scene {
    func drawDevice(_ svg: inout SVGBuilder, _ frame: DeviceFrame, window drawWindow: (inout SVGBuilder) -> Void) {
        let outer = Rect(size: frame.size)
        svg.rect(outer, fill: "#1c1c1e", radius: frame.cornerRadius + frame.bezel, id: "device")
        let screen = Rect(x: frame.bezel, y: frame.bezel, width: frame.screen.width, height: frame.screen.height)
        svg.clipRect(id: "screen-clip", screen, radius: frame.cornerRadius)
        svg.open("screen", clip: "screen-clip")
        svg.rect(screen, fill: "#000000")
        if let other = frame.otherApp {
            drawOtherApp(&svg, Rect(x: screen.x + other.x, y: screen.y + other.y, width: other.width, height: other.height))
        }
        let window = Rect(
            x: screen.x + frame.window.x, y: screen.y + frame.window.y, width: frame.window.width, height: frame.window.height)
        if frame.isFullScreen {
            svg.open("window", transform: "translate(\(n(window.x)),\(n(window.y)))")
        } else {
            // Multitasking windows have rounded corners of their own.
            svg.clipRect(id: "window-clip", Rect(size: window.size), radius: 10)
            svg.open("window-frame", transform: "translate(\(n(window.x)),\(n(window.y)))")
            svg.open("window", clip: "window-clip")
        }
        drawWindow(&svg)
        svg.close()
        if !frame.isFullScreen { svg.close() }
        if stage.window.multitasking == .slideOver {
            // Slide Over's grabber above the floating window.
            svg.rect(Rect(x: window.midX - 18, y: window.y + 5, width: 36, height: 5), fill: "#8e8e93", radius: 2.5, id: "grabber")
            // The screen's status bar, over the app behind: the floating window has none.
            let top = stage.window.device.safeArea(stage.window.orientation).top
            svg.open("screen-status-bar", transform: "translate(\(n(screen.x)),\(n(screen.y)))")
            drawStatusGlyphs(&svg, width: screen.width, top: top, layout: .pad) { _ in DeviceFrame.otherAppText }
            svg.close()
        }
        svg.close()
    }

    /// The app sharing the screen: a neutral placeholder with an app icon, so the eye stays on ours.
    private func drawOtherApp(_ svg: inout SVGBuilder, _ frame: Rect) {
        svg.open("other-app")
        svg.rect(frame, fill: "#d1d1d6")
        let icon = 60.0
        svg.rect(Rect(x: frame.midX - icon / 2, y: frame.midY - icon / 2, width: icon, height: icon), fill: "#aeaeb2", radius: 14)
        svg.close()
    }
}
