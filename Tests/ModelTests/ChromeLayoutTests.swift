import TabStageLayout
import TabStageModel
import TabStageScenario
import TabStageTestSupport
import Testing

/// The system chrome, the device frame and the presented navigation bar are laid out in
/// `Layout`, once; these frames are worked out by hand from the named constants.
@Suite struct ChromeLayoutTests {
    func layout(_ device: String, _ orientation: Orientation = .portrait, _ mode: Multitasking = .full) -> StageLayout {
        let stage = StageState(window: Fixtures.window(device, orientation, mode), container: Fixtures.issueConfig())
        return StageLayout(stage, look: Look(), measuring: FixedAdvanceMeasurer())
    }

    @Test func theIslandIsCentredOnAnIPhone15() throws {
        let chrome = layout("iphone-15").chrome
        let island = try #require(chrome.sensorHousing)
        // 125 × 37 (StatusBarMetrics.island), 11 pt below the top, x = (393 − 125) / 2 = 134;
        // its corners are half its height, 37 / 2 = 18.5.
        #expect(island.kind == .island)
        #expect(island.frame == Rect(x: 134, y: 11, width: 125, height: 37))
        #expect(island.cornerRadius == 18.5)
        // The home indicator: 134 wide on a portrait phone, x = (393 − 134) / 2 = 129.5, its
        // top 13 pt above the 852 pt bottom edge: 839, 5 tall.
        #expect(chrome.homeIndicator == Rect(x: 129.5, y: 839, width: 134, height: 5))
    }

    @Test func theStatusBarFlanksTheIslandInItsEars() throws {
        let bar = try #require(layout("iphone-15").chrome.statusBar)
        // Ears of (393 − 125) / 4 = 67 pt; a 59 pt top safe area: the time's baseline at
        // 59 / 2 + 6 = 35.5, the icons' at 59 / 2 + 5 = 34.5.
        #expect(bar.arrangement == .ears)
        #expect(bar.clock.x == 67 && bar.clock.baseline == 35.5 && bar.clock.size == 17 && bar.clock.centred)
        // Signal, Wi-Fi and battery are one 68 pt group (16.5 + 4.5 + 16 + 4.5 + 26.5) centred
        // in the right ear at 393 − 67 = 326: signal from 326 − 34 = 292, bars 4.5, 6.5, 8.5,
        // 10.5 tall every 4.5 pt.
        #expect(
            bar.signalBars == [
                Rect(x: 292, y: 30, width: 3, height: 4.5), Rect(x: 296.5, y: 28, width: 3, height: 6.5),
                Rect(x: 301, y: 26, width: 3, height: 8.5), Rect(x: 305.5, y: 24, width: 3, height: 10.5),
            ])
        // The fan 4.5 pt after the bars' 16.5: x = 292 + 21 = 313, 16 × 11.5 standing on the
        // baseline (34.5 − 11.5 = 23).
        #expect(bar.wifi.frame == Rect(x: 313, y: 23, width: 16, height: 11.5))
        // The battery 4.5 pt after the fan: 313 + 20.5 = 333.5, its top 11 pt above the baseline: 23.5.
        #expect(bar.battery.body == Rect(x: 333.5, y: 23.5, width: 24, height: 11.5))
        #expect(bar.battery.cap == Rect(x: 358.5, y: 27.5, width: 1.5, height: 4))
        // The expanded header's cover lies under the whole status bar: white glyphs.
        #expect(bar.clock.overCover && bar.signalOverCover && bar.wifi.overCover && bar.battery.overCover)
    }

    @Test func theNotchTurnsWithALandscapePhone() throws {
        let chrome = layout("iphone-14", .landscape).chrome
        let notch = try #require(chrome.sensorHousing)
        // 52 × 160 pushed 20 pt past the leading edge, y = (390 − 160) / 2 = 115.
        #expect(notch.kind == .notch && notch.frame == Rect(x: -20, y: 115, width: 52, height: 160))
        // No top safe area in landscape: no status bar. The home indicator is 200 wide:
        // x = (844 − 200) / 2 = 322, y = 390 − 13 = 377.
        #expect(chrome.statusBar == nil)
        #expect(chrome.homeIndicator == Rect(x: 322, y: 377, width: 200, height: 5))
    }

    @Test func aHomeButtonPhoneHasNeitherHousingNorIndicator() throws {
        let chrome = layout("iphone-se").chrome
        #expect(chrome.sensorHousing == nil && chrome.homeIndicator == nil)
        let bar = try #require(chrome.statusBar)
        // A 20 pt bar: baseline 20 / 2 + 4.5 = 14.5; time centred at 375 / 2 = 187.5, signal
        // from 6, the fan after it (6 + 16.5 + 4.5 = 27), battery from 375 − 33 = 342.
        #expect(bar.arrangement == .homeButton)
        #expect(bar.clock.x == 187.5 && bar.clock.baseline == 14.5 && bar.clock.size == 12)
        #expect(bar.signalBars.first == Rect(x: 6, y: 10, width: 3, height: 4.5))
        #expect(bar.wifi.frame == Rect(x: 27, y: 3, width: 16, height: 11.5))
        #expect(bar.battery.body == Rect(x: 342, y: 3.5, width: 24, height: 11.5))
    }

    @Test func theDeviceFrameSurroundsTheScreen() {
        let frame = layout("iphone-15").deviceFrame
        // A 16 pt bezel around 393 × 852: 425 × 884; the body's corners 55 + 16 = 71.
        #expect(frame.bezel == 16 && frame.size == Size(width: 425, height: 884))
        #expect(frame.outerCornerRadius == 71 && frame.screenCornerRadius == 55)
        #expect(frame.screen == Rect(x: 16, y: 16, width: 393, height: 852))
        #expect(frame.window == frame.screen && frame.isFullScreen)
        #expect(frame.otherApp == nil && frame.slideOverGrabber == nil && frame.screenStatusBar == nil)
    }

    @Test func slideOverHasAGrabberAndTheScreensStatusBar() throws {
        let frame = layout("ipad-pro-11", .portrait, .slideOver).deviceFrame
        let window = frame.window
        // 36 × 5 centred on the floating window, 5 pt below its top.
        #expect(frame.slideOverGrabber == Rect(x: window.midX - 18, y: window.y + 5, width: 36, height: 5))
        let bar = try #require(frame.screenStatusBar)
        // The screen's own bar: an iPad's, across the 834 pt screen; the time at 20, the icon
        // group (68 pt) ending 12.5 pt from the edge: the battery from 834 − 12.5 − 26.5 = 795.
        #expect(bar.arrangement == .pad && bar.clock.x == 20)
        #expect(bar.battery.body.x == 834 - 39)
        // The app behind fills the 834 × 1194 screen inside the 28 pt bezel, square (the
        // screen's corners round it); the floating window casts a shadow; no Split View divider.
        #expect(frame.otherApp == Rect(x: 28, y: 28, width: 834, height: 1194))
        #expect(frame.otherAppCornerRadius == 0 && frame.floatsOnShadow)
        #expect(frame.divider == nil && frame.dividerHandle == nil && !frame.screenStatusBarReplacesWindows)
    }

    @Test func thePresentedNavigationBarIsLaidOut() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(
                device: "ipad-pro-11", extra: "iOSVersion: 18",  // the classic bar (iOS 26's glass bar: LiquidGlassReviewTests)
                steps: [
                    "- present: {style: popover, source: {x: 600, y: 300, width: 40, height: 40}, size: {width: 200, height: 300}, content: {title: T, items: [A, B]}}",
                    "- snapshot: end",
                ]))
        let state = try #require(try ScenarioRunner.records(scenario, measuring: FixedAdvanceMeasurer()).last).state
        let layout = StageLayout(state, look: scenario.look, measuring: FixedAdvanceMeasurer())
        let surface = try #require(layout.presentation?.frame)
        let list = try #require(layout.presentedList)
        // A popover has no insets: the bar at the surface's top, its title 29 pt below it, its
        // hairline 44 pt below it across the 200 pt surface.
        #expect(list.titleBaseline == surface.y + 29)
        #expect(list.barSeparator == Rect(x: surface.x, y: surface.y + 44, width: 200, height: 0.5))
        // The first row 56 pt below the bar, its label 16 pt in and 28 pt down, its hairline
        // from the label to the edge (200 − 16 = 184) under the 44 pt row.
        let row = try #require(list.rows.first)
        #expect(row.labelX == surface.x + 16 && row.labelBaseline == surface.y + 56 + 28)
        #expect(row.separator == Rect(x: surface.x + 16, y: surface.y + 56 + 44, width: 184, height: 0.5))
    }
}
