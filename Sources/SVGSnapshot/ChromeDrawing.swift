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
            svg.label(title.text, x: cell.x + cell.width / 2, y: height / 2 + fontSize * 0.36, size: fontSize,
                      fill: selected ? palette.text : palette.secondaryText, bold: selected, anchor: .middle, id: "tab-\(index)")
        }
        svg.rect(bar.indicator, fill: palette.accent, radius: TabBarLayout.indicatorHeight / 2, id: "indicator")
        if scrolls { svg.close() }
        svg.rect(bar.separator, fill: palette.separator)
        svg.close()
    }

    /// Time, signal and battery. White over the cover art, text colour elsewhere; phones
    /// hide the status bar in landscape (no top safe area).
    func drawStatusBar(_ svg: inout SVGBuilder) {
        let top = stage.window.safeArea.top
        guard top > 0 else { return }
        let width = windowSize.width
        let color = statusBarOverCover ? "#ffffff" : palette.text
        svg.open("status-bar")
        if top >= 44 {
            // Notch and island phones: time in the left ear, icons in the right one.
            let ear = (width - housingWidth) / 4
            svg.label("9:41", x: ear, y: top / 2 + 6, size: 17, fill: color, bold: true, anchor: .middle, id: "clock")
            drawSignalAndBattery(&svg, centerX: width - ear, baseline: top / 2 + 5, color: color)
        } else {
            let iPad = stage.window.traits.idiom == .pad
            let baseline = top / 2 + 4.5
            svg.label("9:41", x: iPad ? 20 : width / 2, y: baseline, size: 12, fill: color, bold: true, anchor: iPad ? .start : .middle, id: "clock")
            drawSignalAndBattery(&svg, centerX: width - 36, baseline: baseline, color: color)
        }
        svg.close()
    }

    /// White text only where the status bar sits over the header's cover art.
    private var statusBarOverCover: Bool {
        guard layout.header.placement == .top else { return false }
        if let style = layout.presentation?.style, style == .fullScreen || style == .overFullScreen { return false }
        if let split = layout.split, split.shown != .secondary { return false }
        return true
    }

    private var housingWidth: Double {
        switch stage.window.device.housing {
        case .island: 125
        case .notch: 160
        case .none: 0
        }
    }

    private func drawSignalAndBattery(_ svg: inout SVGBuilder, centerX: Double, baseline: Double, color: String) {
        var x = centerX - 25
        for bar in 0..<4 {
            let barHeight = 4.5 + Double(bar) * 2
            svg.rect(Rect(x: x, y: baseline - barHeight, width: 3, height: barHeight), fill: color, radius: 0.8)
            x += 4.5
        }
        x += 4
        svg.rect(Rect(x: x, y: baseline - 11, width: 24, height: 11.5), fill: color, radius: 3.5, opacity: 0.4)
        svg.rect(Rect(x: x + 2, y: baseline - 9, width: 18, height: 7.5), fill: color, radius: 2)
        svg.rect(Rect(x: x + 25, y: baseline - 7, width: 1.5, height: 4), fill: color, radius: 0.75, opacity: 0.4)
    }

    /// The notch or Dynamic Island (on the leading edge in landscape) and the home indicator.
    func drawDeviceChrome(_ svg: inout SVGBuilder) {
        let device = stage.window.device
        let width = windowSize.width, height = windowSize.height
        let portrait = stage.window.orientation == .portrait
        switch device.housing {
        case .island:
            let frame = portrait
                ? Rect(x: (width - 125) / 2, y: 11, width: 125, height: 37)
                : Rect(x: 11, y: (height - 125) / 2, width: 37, height: 125)
            svg.rect(frame, fill: "#000000", radius: 18.5, id: "island")
        case .notch:
            // A rounded box pushed off the edge leaves the notch's square top and round bottom.
            let frame = portrait
                ? Rect(x: (width - 160) / 2, y: -20, width: 160, height: 52)
                : Rect(x: -20, y: (height - 160) / 2, width: 52, height: 160)
            svg.rect(frame, fill: "#000000", radius: 20, id: "notch")
        case .none:
            break
        }
        if stage.window.safeArea.bottom > 0 {
            let indicatorWidth = device.idiom == .pad ? 200.0 : (portrait ? 134.0 : 200.0)
            svg.rect(Rect(x: (width - indicatorWidth) / 2, y: height - 13, width: indicatorWidth, height: 5),
                     fill: palette.text, radius: 2.5, id: "home-indicator")
        }
    }
}
