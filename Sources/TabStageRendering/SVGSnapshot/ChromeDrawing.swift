import TabStageLayout
import TabStageModel

extension Scene {
    /// The titles centred in their cells (the selected one bold) with the indicator under the
    /// selected cell. A scrollable bar clips what it has scrolled away, as a scroll view does.
    func drawTabBar(_ svg: inout SVGBuilder) {
        let bar = layout.tabBar
        guard !bar.isHidden else { return }
        svg.open("tab-bar", transform: "translate(0,\(n(bar.top)))")
        svg.rect(bar.background, fill: palette.tabBar)
        // The selected title in subheadline semibold, the others in subheadline regular.
        let regular = bar.font.weight(TextStyle.named(bar.font.style).weight)
        let scrolls = bar.mode == .scrollable
        if scrolls {
            svg.clipRect(id: "tab-bar-clip", bar.background)
            svg.open("tabs", clip: "tab-bar-clip")
        }
        for (index, title) in bar.titles.enumerated() {
            let origin = bar.titleOrigin(index)
            let selected = index == container.selectedTab
            svg.label(
                title.text, x: origin.x, y: origin.y, font: selected ? bar.font : regular,
                fill: selected ? palette.text : palette.secondaryText, anchor: .middle, id: "tab-\(index)")
        }
        svg.rect(bar.indicator, fill: palette.accent, radius: bar.indicator.height / 2, id: "indicator")
        if scrolls { svg.close() }
        svg.rect(bar.separator, fill: palette.separator)
        svg.close()
    }

    /// Time, signal, Wi-Fi and battery where the layout put them: white over the cover art,
    /// text colour over anything else. A device frame whose screen status bar runs across both
    /// Split View apps draws that one instead (`drawDevice`).
    func drawStatusBar(_ svg: inout SVGBuilder) {
        guard let bar = layout.chrome.statusBar else { return }
        drawStatusGlyphs(&svg, bar) { overCover, _ in overCover ? "#ffffff" : palette.text }
    }

    /// Draws the glyphs of `bar`; `color` gives a glyph's colour from whether it is over the
    /// cover and its centre x in the bar's span.
    func drawStatusGlyphs(_ svg: inout SVGBuilder, _ bar: StatusBarLayout, color: (Bool, Double) -> String) {
        // The status bar is the system's, drawn in the system font whatever the app's theme uses.
        svg.open("status-bar", fontFamily: look.theme.fonts == nil ? nil : TextFonts.cssFamily)
        let clock = bar.clock
        let anchor: SVGBuilder.Anchor =
            switch clock.anchor {
            case .start: .start
            case .middle: .middle
            case .end: .end
            }
        func drawClock(_ svg: inout SVGBuilder) {
            // iPadOS 26's status bar shows the day and date beside the time.
            let dated = bar.arrangement == .pad && stage.window.settings.iOSVersion.usesLiquidGlass
            svg.label(
                dated ? "9:41 \(StatusBarMetrics.padDate)" : "9:41", x: clock.x, y: clock.baseline, font: clock.font.monospacedDigits,
                fill: color(clock.overCover, clock.x), anchor: anchor, id: "clock")
        }
        // Drawn left to right: a home-button phone's signal and Wi-Fi come before its centred time.
        let iconsFirst = bar.iconsPrecedeClock
        if !iconsFirst { drawClock(&svg) }
        let signalFill = color(bar.signalOverCover, bar.signalBars.map(\.midX).reduce(0, +) / Double(max(1, bar.signalBars.count)))
        for rect in bar.signalBars { svg.rect(rect, fill: signalFill, radius: 0.8) }
        let fan = bar.wifi.frame
        svg.path(Self.wifiPath(fan), fill: color(bar.wifi.overCover, fan.midX), id: "wifi")
        if iconsFirst { drawClock(&svg) }
        let battery = bar.battery, fill = color(battery.overCover, battery.body.midX)
        svg.rect(battery.body, fill: fill, radius: 3.5, opacity: 0.4)
        svg.rect(battery.level, fill: fill, radius: 2)
        svg.rect(battery.cap, fill: fill, radius: 0.75, opacity: 0.4)
        svg.close()
    }

    /// (assumed) The Wi-Fi fan's three bands, as fractions of its outer radius: a wedge to
    /// 0.32, a band from 0.46 to 0.66 and one from 0.8 to 1, read off the iOS glyph.
    static let wifiBands: [(inner: Double, outer: Double)] = [(0, 0.32), (0.46, 0.66), (0.8, 1)]

    /// The fan in `frame` as one path: annular sectors around the apex at the bottom centre,
    /// spreading as wide as the frame (outer radius the frame's height).
    static func wifiPath(_ frame: Rect) -> String {
        let cx = frame.midX, cy = frame.maxY, radius = frame.height
        let sine = min(1, frame.width / 2 / radius), cosine = (1 - sine * sine).squareRoot()
        func point(_ r: Double, _ side: Double) -> String { "\(n(cx + side * r * sine)) \(n(cy - r * cosine))" }
        return wifiBands.map { band in
            let inner = band.inner * radius, outer = band.outer * radius
            let arc = "M\(point(outer, -1))A\(n(outer)) \(n(outer)) 0 0 1 \(point(outer, 1))"
            if inner == 0 { return arc + "L\(n(cx)) \(n(cy))Z" }
            return arc + "L\(point(inner, 1))A\(n(inner)) \(n(inner)) 0 0 0 \(point(inner, -1))Z"
        }.joined()
    }

    /// The notch or Dynamic Island and the home indicator.
    func drawDeviceChrome(_ svg: inout SVGBuilder) {
        if let housing = layout.chrome.sensorHousing {
            svg.rect(housing.frame, fill: "#000000", radius: housing.cornerRadius, id: housing.kind.rawValue)
        }
        if let indicator = layout.chrome.homeIndicator {
            svg.rect(indicator, fill: palette.text, radius: indicator.height / 2, id: "home-indicator")
        }
    }
}
