import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import Testing

@Suite struct WindowPlacementTests {
    @Test func splitViewPutsTheAppLeftOfTheDivider() {
        let device = Fixtures.device("ipad-air-11")
        let twoThirds = device.windowPlacement(.landscape, .twoThirds)!
        #expect(twoThirds.window == Rect(x: 0, y: 0, width: 795, height: 820))
        #expect(twoThirds.otherApp == Rect(x: 805, y: 0, width: 375, height: 820))  // 795 + 10 + 375 = 1180
        let half = device.windowPlacement(.landscape, .half)!
        #expect(half.otherApp == Rect(x: 595, y: 0, width: 585, height: 820))
    }

    @Test func slideOverFloatsOnTheRight() {
        let placement = Fixtures.device("ipad-air-11").windowPlacement(.landscape, .slideOver)!
        #expect(placement.window == Rect(x: 1180 - 375 - 10, y: 24, width: 375, height: 820 - 48))
        #expect(placement.otherApp == Rect(x: 0, y: 0, width: 1180, height: 820))
        #expect(Fixtures.device("ipad-air-11").windowPlacement(.landscape, .full)! == (Rect(x: 0, y: 0, width: 1180, height: 820), nil))
        #expect(Fixtures.device("iphone-14").windowPlacement(.portrait, .half) == nil)
    }

    @Test func deviceFrameDrawsTheScreenAroundTheWindow() {
        let window = Fixtures.window("ipad-air-11", .landscape, .slideOver)
        let svg = SVGSnapshot.svg(
            StageState(window: window, container: Fixtures.issueConfig()), look: Look(), deviceFrame: true, measuring: TextMeasurer.shared)
        // 1180 × 820 screen plus a 28 pt bezel on each side.
        #expect(
            svg.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"1236\" height=\"876\""))
        // 28 + 795, 28 + 24; the floating window casts Slide Over's shadow.
        #expect(svg.contains("<g id=\"window-frame\" transform=\"translate(823,52)\" filter=\"url(#slide-over-shadow)\">"))
        for id in ["device", "screen", "other-app", "window", "grabber", "header", "tab-bar"] {
            #expect(svg.contains("id=\"\(id)\""), "missing \(id)")
        }
        let phone = SVGSnapshot.svg(Fixtures.iphone14Stage(), look: Look(), deviceFrame: true, measuring: TextMeasurer.shared)
        // A 16 pt bezel.
        #expect(
            phone.hasPrefix(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"422\" height=\"876\""))
        #expect(!phone.contains("other-app"))
    }
}

@Suite struct AdaptiveRenderingTests {
    func svg(
        _ device: String, _ orientation: Orientation = .portrait, _ mode: Multitasking = .full,
        settings: DisplaySettings = DisplaySettings(), config: ContainerConfig = Fixtures.issueConfig(),
        _ actions: ContainerAction...
    ) -> String {
        let stage = StageState(window: Fixtures.window(device, orientation, mode, settings: settings), container: config)
        return SVGSnapshot.svg(
            actions.reduce(stage) { StageState.reduce($0, .container($1)).0 }, look: Fixtures.issueLook, measuring: TextMeasurer.shared)
    }

    @Test func sensorHousingPerDevice() {
        // The Dynamic Island is (assumed, StatusBarMetrics) 125 × 37 pt, 11 pt from the top and
        // centred: x = (393 − 125) / 2 = 134. In landscape it turns with the device: 37 × 125,
        // 11 pt from the leading edge, y = (393 − 125) / 2 = 134.
        #expect(svg("iphone-15").contains("id=\"island\" x=\"134\" y=\"11\" width=\"125\" height=\"37\""))
        #expect(svg("iphone-15", .landscape).contains("id=\"island\" x=\"11\" y=\"134\" width=\"37\" height=\"125\""))
        #expect(svg("iphone-13-mini").contains("id=\"notch\""))
        let se = svg("iphone-se")
        #expect(!se.contains("id=\"notch\"") && !se.contains("id=\"island\"") && !se.contains("id=\"home-indicator\""))
        #expect(se.contains("id=\"clock\" x=\"187.5\""), "a home-button phone centres the clock")
        #expect(svg("ipad-pro-11").contains("id=\"clock\" x=\"20\""))
    }

    @Test func stackAxisFollowsTheWidthClass() {
        // A row: the handle on the name's baseline; a column: the handle on a line of its own.
        let regular = svg("ipad-air-11", .landscape)
        #expect(
            baseline("title", regular) != nil && baseline("title", regular) == baseline("subtitle", regular),
            "regular width lays name, handle and counts in a row")
        let compact = svg("ipad-air-11", .landscape, .half)
        #expect(baseline("subtitle", compact)! > baseline("title", compact)!)
    }

    @Test func dynamicTypeScalesText() {
        // AX5: body 53 pt, but the bar and its titles stop at AX1 (subheadline 25 pt there);
        // row and header text stop at XXXL (subheadline 21, title2 28).
        var config = Fixtures.issueConfig()
        config.header.height = 260
        let ax5 = svg("iphone-15-pro-max", settings: DisplaySettings(contentSizeCategory: .AX5), config: config)
        // Three cells of 430/3, the first centred at 430/6 = 71.67; T = 44 × 28/17 = 72.47,
        // baseline T/2 + 0.36 × 25 = 45.24.
        #expect(ax5.contains("id=\"tab-0\" x=\"71.67\" y=\"45.24\" font-size=\"25\" font-weight=\"600\""))
        #expect(ax5.contains("font-size=\"21\" font-weight=\"600\""))  // row names: subheadline semibold at XXXL
        // Cover ends at 59 + 0.38 × (260 − 59) = 135.38; the 48 pt Follow button 10 pt below it
        // ends at 193.38, inside the name's line (its box from 135.38 + 30 + 6 + 28 − 21 =
        // 178.38), so the name sits under it: baseline 193.38 + 0.75 × 28 = 214.38.
        #expect(ax5.contains("id=\"title\" x=\"16\" y=\"214.38\" font-size=\"28\" font-weight=\"700\""))
    }

    @Test func rightToLeftMirrorsRowsAndTheSideHeader() {
        let rtl = DisplaySettings(layoutDirection: .rtl)
        let portrait = svg("iphone-14", settings: rtl)
        // A post row (RowContentLayout): a 20 pt avatar 16 pt in and 12 pt down, so its centre
        // is 16 + 20 = 36 from the trailing edge, 390 − 36 = 354, and 12 + 20 = 32 down. The name
        // starts 12 pt after the avatar: 16 + 40 + 12 = 68 from the leading edge, mirrored
        // 390 − 68 = 322, anchored at its end (a Latin name stays a left-to-right paragraph); its
        // baseline is 12 + 15 (subheadline semibold) = 27.
        #expect(portrait.contains("<circle cx=\"354\" cy=\"32\" r=\"20\""))
        #expect(portrait.contains("x=\"322\" y=\"27\" font-size=\"15\" font-weight=\"600\" letter-spacing=\"-0.24\" text-anchor=\"end\""))
        let landscape = svg("iphone-14", .landscape, settings: rtl)
        // Side header on the trailing (left-hand... right-hand in RTL) side: x = 844 − 295.4.
        #expect(landscape.contains("<clipPath id=\"header-clip\"><rect x=\"548.6\" y=\"0\" width=\"295.4\" height=\"390\"/>"))
        #expect(!landscape.contains("<g id=\"page-0\" transform"), "the pages start at x 0 in RTL")
    }

    @Test func rowsStayClearOfTheSafeArea() {
        // iphone-14 landscape, LTR: the side header covers the left inset; the right one (47) is the page's.
        let landscape = svg("iphone-14", .landscape)
        #expect(landscape.contains("<g id=\"row-0-0\" transform=\"translate(0,32)\">"))
        #expect(landscape.contains("<rect x=\"0\" y=\"99.5\" width=\"501.6\" height=\"0.5\""))  // 548.6 − 47
        var top = Fixtures.issueConfig()
        top.header.compactHeightPlacement = .top
        // On top, rows take 844 − 2 × 47 = 750 pt between the insets, and keep the readable
        // width there: (750 − 32 − 672) / 2 = 23 pt more each side, from 47 + 23 = 70.
        #expect(svg("iphone-14", .landscape, config: top).contains("<g id=\"row-0-0\" transform=\"translate(70,"))
    }

    /// Each appearance has its own background and text colours, and neither shows the other's
    /// (a white fill alone would not tell: the dark SVG has white fills too).
    @Test func eachAppearanceUsesItsOwnPalette() {
        let background = "<rect id=\"background\" x=\"0\" y=\"0\" width=\"390\" height=\"844\" fill="
        let light = svg("iphone-14")
        let dark = svg("iphone-14", settings: DisplaySettings(appearance: .dark))
        #expect(light.contains(background + "\"#ffffff\"/>"))
        #expect(dark.contains(background + "\"#000000\"/>"))
        #expect(!light.contains(background + "\"#000000\"/>"))
        #expect(!dark.contains(background + "\"#ffffff\"/>"))
        #expect(light.contains("fill=\"#0f1419\"") && !light.contains("fill=\"#e7e9ea\""))  // light text
        #expect(dark.contains("fill=\"#e7e9ea\"") && !dark.contains("fill=\"#0f1419\""))  // dark text
    }

    /// The y attribute of the element with this id, as a number.
    private func baseline(_ id: String, _ svg: String) -> Double? {
        guard let start = svg.range(of: "id=\"\(id)\"") else { return nil }
        guard let y = svg[start.upperBound...].range(of: " y=\"") else { return nil }
        return Double(svg[y.upperBound...].prefix { $0 != "\"" })
    }
}
