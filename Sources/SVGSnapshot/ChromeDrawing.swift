import Adaptive
import Layout
import Look
import ScrollableTab

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

    /// Time, signal and battery where the layout put them: white over the cover art, text
    /// colour over anything else.
    func drawStatusBar(_ svg: inout SVGBuilder) {
        guard let bar = layout.chrome.statusBar else { return }
        drawStatusGlyphs(&svg, bar) { $0 ? "#ffffff" : palette.text }
    }

    /// Draws the glyphs of `bar`; `color` gives a glyph's colour from whether it is over the cover.
    func drawStatusGlyphs(_ svg: inout SVGBuilder, _ bar: StatusBarLayout, color: (Bool) -> String) {
        // The status bar is the system's, drawn in the system font whatever the app's theme uses.
        svg.open("status-bar", fontFamily: look.theme.fonts == nil ? nil : TextFonts.cssFamily)
        let clock = bar.clock
        func drawClock(_ svg: inout SVGBuilder) {
            // iPadOS 26's status bar shows the day and date beside the time.
            let dated = bar.arrangement == .pad && stage.window.settings.iOSVersion.usesLiquidGlass
            svg.label(
                dated ? "9:41 \(StatusBarMetrics.padDate)" : "9:41", x: clock.x, y: clock.baseline, font: clock.font.monospacedDigits,
                fill: color(clock.overCover),
                anchor: clock.centred ? .middle : .start, id: "clock")
        }
        // Drawn left to right: a home-button phone's signal comes before its centred time.
        if bar.arrangement != .homeButton { drawClock(&svg) }
        for rect in bar.signalBars { svg.rect(rect, fill: color(bar.signalOverCover), radius: 0.8) }
        if bar.arrangement == .homeButton { drawClock(&svg) }
        let battery = bar.battery, fill = color(battery.overCover)
        svg.rect(battery.body, fill: fill, radius: 3.5, opacity: 0.4)
        svg.rect(battery.level, fill: fill, radius: 2)
        svg.rect(battery.cap, fill: fill, radius: 0.75, opacity: 0.4)
        svg.close()
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
