import Adaptive
import Layout
import ScrollableTab

extension Scene {
    /// The titles centred in their cells (the selected one bold) with the indicator under the
    /// selected cell. A scrollable bar clips what it has scrolled away, as a scroll view does.
    func drawTabBar(_ svg: inout SVGBuilder) {
        let bar = layout.tabBar
        guard !bar.isHidden else { return }
        let height = bar.height
        svg.open("tab-bar", transform: "translate(0,\(n(bar.top)))")
        svg.rect(bar.background, fill: palette.tabBar)
        let fontSize = bar.fontSize
        let scrolls = bar.mode == .scrollable
        if scrolls {
            svg.clipRect(id: "tab-bar-clip", bar.background)
            svg.open("tabs", clip: "tab-bar-clip")
        }
        for (index, title) in bar.titles.enumerated() {
            let cell = bar.cells[index]
            let selected = index == container.selectedTab
            svg.label(
                title.text, x: cell.x + cell.width / 2, y: height / 2 + fontSize * 0.36, size: fontSize,
                fill: selected ? palette.text : palette.secondaryText, bold: selected, anchor: .middle, id: "tab-\(index)")
        }
        svg.rect(bar.indicator, fill: palette.accent, radius: TabBarLayout.indicatorHeight / 2, id: "indicator")
        if scrolls { svg.close() }
        svg.rect(bar.separator, fill: palette.separator)
        svg.close()
    }

    /// Time, signal and battery. Each glyph is white over the cover art and text colour over
    /// anything else; phones hide the status bar in landscape (no top safe area), and a Slide
    /// Over window floats below the screen's status bar with none of its own.
    func drawStatusBar(_ svg: inout SVGBuilder) {
        let top = stage.window.safeArea.top
        guard top > 0, stage.window.multitasking != .slideOver else { return }
        drawStatusGlyphs(&svg, width: windowSize.width, top: top, layout: statusBarLayout) { x in
            isOverCover(x: x) ? "#ffffff" : palette.text
        }
    }

    /// Where the time and the icons sit.
    enum StatusBarLayout {
        /// Notch and island phones: time in the left ear, signal and battery in the right one.
        case ears(housingWidth: Double)
        /// iPads: time at the leading edge, icons at the trailing one.
        case pad
        /// Home-button phones: signal on the left, time centred, battery on the right.
        case homeButton
    }

    var statusBarLayout: StatusBarLayout {
        if stage.window.safeArea.top >= 44 { return .ears(housingWidth: housingWidth) }
        return stage.window.traits.idiom == .pad ? .pad : .homeButton
    }

    /// Draws the glyphs across `width`; `color` gives each glyph's colour from its centre x.
    func drawStatusGlyphs(_ svg: inout SVGBuilder, width: Double, top: Double, layout: StatusBarLayout, color: (Double) -> String) {
        // The status bar is the system's, drawn in the system font whatever the app's theme uses.
        svg.open("status-bar", fontFamily: stage.look.theme.fonts == nil ? nil : "DejaVu Sans")
        switch layout {
        case .ears(let housingWidth):
            let ear = (width - housingWidth) / 4
            svg.label("9:41", x: ear, y: top / 2 + 6, size: 17, fill: color(ear), bold: true, anchor: .middle, id: "clock")
            drawSignal(&svg, x: width - ear - 25, baseline: top / 2 + 5, color: color(width - ear))
            drawBattery(&svg, x: width - ear - 3, baseline: top / 2 + 5, color: color(width - ear))
        case .pad:
            let baseline = top / 2 + StatusBarMetrics.smallBaselineDrop
            svg.label(
                "9:41", x: StatusBarMetrics.padClockX, y: baseline, size: StatusBarMetrics.smallClockSize, fill: color(20), bold: true,
                anchor: .start, id: "clock")
            drawSignal(&svg, x: width - 61, baseline: baseline, color: color(width - 36))
            drawBattery(&svg, x: width - 39, baseline: baseline, color: color(width - 36))
        case .homeButton:
            let baseline = top / 2 + StatusBarMetrics.smallBaselineDrop
            drawSignal(&svg, x: StatusBarMetrics.homeButtonSignalX, baseline: baseline, color: color(14))
            svg.label(
                "9:41", x: width / 2, y: baseline, size: StatusBarMetrics.smallClockSize, fill: color(width / 2), bold: true,
                anchor: .middle, id: "clock")
            drawBattery(&svg, x: width - StatusBarMetrics.homeButtonBatteryFromRight, baseline: baseline, color: color(width - 20))
        }
        svg.close()
    }

    /// Whether the header's cover art lies under the status bar at window x `x`.
    private func isOverCover(x: Double) -> Bool {
        guard layout.showsContainer, layout.header.placement == .top else { return false }
        // Behind a large iPhone sheet the presenter is pushed back over black: light glyphs.
        if layout.presentationChrome?.presenterFrame != nil { return true }
        if layout.presentation?.appearance == .fullScreen { return false }
        let frame = layout.containerFrame
        guard x >= frame.x, x <= frame.x + frame.width else { return false }
        if let split = layout.split, !split.collapsed, let primary = split.primaryFrame,
            x >= primary.x, x <= primary.x + primary.width
        {
            return false
        }
        return true
    }

    private var housingWidth: Double {
        switch stage.window.device.housing {
        case .island: StatusBarMetrics.island.width
        case .notch: 160
        case .none: 0
        }
    }

    /// Four bars rising left to right, 16.5 pt wide from `x`.
    private func drawSignal(_ svg: inout SVGBuilder, x: Double, baseline: Double, color: String) {
        var x = x
        for bar in 0..<4 {
            let barHeight = StatusBarMetrics.firstBarHeight + Double(bar) * StatusBarMetrics.barHeightStep
            svg.rect(Rect(x: x, y: baseline - barHeight, width: StatusBarMetrics.barWidth, height: barHeight), fill: color, radius: 0.8)
            x += StatusBarMetrics.barPitch
        }
    }

    /// The battery and its cap, 26.5 pt wide from `x`.
    private func drawBattery(_ svg: inout SVGBuilder, x: Double, baseline: Double, color: String) {
        let body = StatusBarMetrics.batteryBody
        svg.rect(
            Rect(x: x, y: baseline - StatusBarMetrics.batteryRise, width: body.width, height: body.height), fill: color, radius: 3.5,
            opacity: 0.4)
        svg.rect(Rect(x: x + 2, y: baseline - 9, width: 18, height: 7.5), fill: color, radius: 2)
        svg.rect(Rect(x: x + 25, y: baseline - 7, width: 1.5, height: 4), fill: color, radius: 0.75, opacity: 0.4)
    }

    /// The notch or Dynamic Island (on the leading edge in landscape) and the home indicator.
    func drawDeviceChrome(_ svg: inout SVGBuilder) {
        let device = stage.window.device
        let width = windowSize.width, height = windowSize.height
        let portrait = stage.window.orientation == .portrait
        let island = StatusBarMetrics.island, islandInset = StatusBarMetrics.islandInset
        switch device.housing {
        case .island:
            let frame =
                portrait
                ? Rect(x: (width - island.width) / 2, y: islandInset, width: island.width, height: island.height)
                : Rect(x: islandInset, y: (height - island.width) / 2, width: island.height, height: island.width)
            svg.rect(frame, fill: "#000000", radius: 18.5, id: "island")
        case .notch:
            // A rounded box pushed off the edge leaves the notch's square top and round bottom.
            let frame =
                portrait
                ? Rect(x: (width - 160) / 2, y: -20, width: 160, height: 52)
                : Rect(x: -20, y: (height - 160) / 2, width: 52, height: 160)
            svg.rect(frame, fill: "#000000", radius: 20, id: "notch")
        case .none:
            break
        }
        if stage.window.safeArea.bottom > 0 {
            let indicatorWidth = device.idiom == .pad ? 200.0 : (portrait ? 134.0 : 200.0)
            svg.rect(
                Rect(x: (width - indicatorWidth) / 2, y: height - 13, width: indicatorWidth, height: 5),
                fill: palette.text, radius: 2.5, id: "home-indicator")
        }
    }
}

/// (assumed) The drawn status bar's and sensor housing's sizes, in points. Apple publishes
/// none of them as numbers; they are measured from its design templates, kept here once so
/// the drawing and its tests name the same values.
enum StatusBarMetrics {
    /// The Dynamic Island: 125 wide, 37 tall (its corner radius is half the height).
    static let island = Size(width: 125, height: 37)
    /// The island's distance from the top edge (from the leading edge in landscape).
    static let islandInset = 11.0
    /// Home-button phones and iPads: the glyphs' baseline sits this far below the bar's middle.
    static let smallBaselineDrop = 4.5
    /// Home-button phones and iPads: the time's font size.
    static let smallClockSize = 12.0
    /// iPads: the time's leading x.
    static let padClockX = 20.0
    /// Home-button phones: the first signal bar's x.
    static let homeButtonSignalX = 6.0
    /// Home-button phones: the battery starts this far from the right edge (6.5 pt clear after its 26.5 pt).
    static let homeButtonBatteryFromRight = 33.0
    /// Signal bars: the first one's height, each next one this much taller, their width and pitch.
    static let firstBarHeight = 4.5
    /// How much taller each signal bar is than the one before.
    static let barHeightStep = 2.0
    /// A signal bar's width.
    static let barWidth = 3.0
    /// From one signal bar's left edge to the next one's.
    static let barPitch = 4.5
    /// The battery's outline: 24 × 11.5, its top this far above the baseline.
    static let batteryBody = Size(width: 24, height: 11.5)
    /// How far the battery's top is above the glyphs' baseline.
    static let batteryRise = 11.0
}
