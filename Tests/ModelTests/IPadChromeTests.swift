import TabStageLayout
import TabStageModel
import TabStageTestSupport
import Testing

/// iPad chrome as iPadOS 17 draws it, the readable width, the status bar in right-to-left
/// layouts and presented lists at large Dynamic Type sizes, from hand-worked numbers.
@Suite struct IPadChromeTests {
    func layout(_ window: WindowEnvironment, _ config: ContainerConfig = Fixtures.issueConfig()) -> StageLayout {
        StageLayout(StageState(window: window, container: config), look: Look(), measuring: FixedAdvanceMeasurer())
    }

    static let iOS17 = DisplaySettings(iOSVersion: IOSVersion(17))

    @Test func rowsAndTheProfileKeepTheReadableWidthOnAWideWindow() {
        // A 13-inch iPad Pro in portrait: a 1032 pt window. The readable width at Large is
        // 672, centred: its leading edge at (1032 − 672) / 2 = 180.
        let layout = layout(Fixtures.window("ipad-pro-13", .portrait, settings: Self.iOS17))
        #expect(ReadableWidth.width(for: .L) == 672)
        // Rows keep their 16 pt margins inside: a row from 180 − 16 = 164, 672 + 32 = 704 wide.
        #expect(layout.pages.readableInset == 164 && layout.pages.rowX == 164 && layout.pages.rowWidth == 704)
        // The profile's text, avatar and button start at 180 and end at 1032 − 180 = 852.
        #expect(layout.header.leadingInset == 180 && layout.header.trailingInset == 180)
        #expect(layout.header.avatarCenter.x == 180 + 30)
        let button = layout.header.followButton
        #expect(button?.maxX == 852)
        // The banner still spans the whole window.
        #expect(layout.header.cover.width == 1032)
    }

    @Test func aNarrowWindowKeepsItsMargins() {
        // An iPhone 15 (393 pt): 393 − 32 = 361 < 672, nothing to centre.
        let layout = layout(Fixtures.window("iphone-15"))
        #expect(layout.pages.readableInset == 0 && layout.pages.rowWidth == 393)
        #expect(layout.header.leadingInset == 16)
    }

    @Test func theReadableWidthGrowsWithDynamicType() {
        // 672 × body size / 17: M (16 pt) 632.47 → 632, XXXL (23 pt) 909.18 → 909, AX3 (40 pt) 1581.18 → 1581.
        #expect(ReadableWidth.width(for: .M) == 632)
        #expect(ReadableWidth.width(for: .XXXL) == 909)
        #expect(ReadableWidth.width(for: .AX3) == 1581)
        // At XXXL on the 1032 pt window: (1032 − 32 − 909) / 2 = 45.5 each side.
        let settings = DisplaySettings(contentSizeCategory: .XXXL, iOSVersion: IOSVersion(17))
        #expect(layout(Fixtures.window("ipad-pro-13", .portrait, settings: settings)).pages.readableInset == 45.5)
    }

    @Test func splitViewHasTheDividerItsHandleAndOneStatusBarAcrossTheScreen() throws {
        // An 11-inch iPad Air in landscape, half and half on iPadOS 17: our window 585 pt at the
        // screen's left inside the 28 pt bezel, then the 10 pt divider, then the other app.
        let frame = layout(Fixtures.window("ipad-air-11", .landscape, .half, settings: Self.iOS17)).deviceFrame
        #expect(frame.window == Rect(x: 28, y: 28, width: 585, height: 820))
        #expect(frame.divider == Rect(x: 613, y: 28, width: 10, height: 820))
        // The 4 × 36 handle centred in it: x = 613 + 5 − 2 = 616, y = 28 + 410 − 18 = 420.
        #expect(frame.dividerHandle == Rect(x: 616, y: 420, width: 4, height: 36))
        #expect(frame.otherApp == Rect(x: 623, y: 28, width: 585, height: 820))
        #expect(frame.otherAppCornerRadius == 10 && !frame.floatsOnShadow)
        // The placeholder's bar: the 24 pt status bar and a 50 pt bar, its title pill centred
        // in the bar's lower 50 pt: y = 28 + 74 − 25 − 5 = 72.
        #expect(frame.otherAppNavigationBar == Rect(x: 623, y: 28, width: 585, height: 74))
        #expect(frame.otherAppTitle == Rect(x: 623 + 292.5 - 48, y: 72, width: 96, height: 10))
        // One status bar across the 1180 pt screen: the time at 20 (over our window), the
        // battery at 1180 − 39 = 1141 (over the other app).
        let bar = try #require(frame.screenStatusBar)
        #expect(frame.screenStatusBarReplacesWindows)
        #expect(bar.clock.x == 20 && bar.battery.body.x == 1141)
        #expect(frame.isInWindow(screenX: 20) && !frame.isInWindow(screenX: 1141))
    }

    @Test func theStatusBarMirrorsInARightToLeftLayout() throws {
        let settings = DisplaySettings(layoutDirection: .rtl, iOSVersion: IOSVersion(17))
        let bar = try #require(layout(Fixtures.window("iphone-15", settings: settings)).chrome.statusBar)
        // The time in the right ear: 393 − 67 = 326, centred.
        #expect(bar.rightToLeft && bar.clock.x == 326 && bar.clock.anchor == .middle)
        // The icons in the left ear, mirrored as boxes: the signal bars (still rising to the
        // right) from 393 − 292 − 16.5 = 84.5, the fan from 393 − 313 − 16 = 64, the battery
        // (cap still on its right) from 393 − 333.5 − 26.5 = 33, its cap at 33 + 25 = 58.
        #expect(bar.signalBars.first == Rect(x: 84.5, y: 30, width: 3, height: 4.5))
        #expect(bar.signalBars.last == Rect(x: 98, y: 24, width: 3, height: 10.5))
        #expect(bar.wifi.frame.x == 64)
        #expect(bar.battery.body.x == 33 && bar.battery.cap.x == 58)
        // An iPad's time ends 20 pt from the right edge: 834 − 20 = 814.
        let pad = try #require(layout(Fixtures.window("ipad-pro-11", settings: settings)).chrome.statusBar)
        #expect(pad.clock.x == 814 && pad.clock.anchor == .end)
    }

    @Test func theHomeButtonPhoneHasItsButtonInTheDeviceFrame() throws {
        let frame = layout(Fixtures.window("iphone-se")).deviceFrame
        // 16 pt sides, a 100 pt forehead and chin: 375 + 32 = 407 by 667 + 200 = 867.
        #expect(frame.size == Size(width: 407, height: 867))
        #expect(frame.screen == Rect(x: 16, y: 100, width: 375, height: 667))
        // The 62 pt button centred in the chin: centre (203.5, 100 + 667 + 50 = 817).
        #expect(frame.homeButton == Rect(x: 172.5, y: 786, width: 62, height: 62))
        #expect(frame.earpiece == Rect(x: 181.5, y: 47.5, width: 44, height: 5))
        // Face ID phones have neither.
        let modern = layout(Fixtures.window("iphone-15")).deviceFrame
        #expect(modern.homeButton == nil && modern.earpiece == nil && modern.chin == 16)
    }

    @Test func presentedRowsGrowWithTheCategory() throws {
        // Body at AX3 is 40 pt on 48: a row of 48 + 22 = 70 pt, rows 74 pt apart.
        #expect(PresentedListLayout.rowHeight(for: .AX3) == 70)
        #expect(PresentedListLayout.rowHeight(for: .L) == 44)
        // XS: body 14 on 19, 19 + 22 = 41, held at the 44 pt minimum.
        #expect(PresentedListLayout.rowHeight(for: .XS) == 44)
        let settings = DisplaySettings(contentSizeCategory: .AX3, iOSVersion: IOSVersion(17))
        var stage = StageState(window: Fixtures.window("ipad-pro-11", settings: settings), container: Fixtures.issueConfig())
        var request = PresentationRequest(style: .formSheet)
        request.content = PresentedContent(title: "T", items: [.init(title: "A"), .init(title: "B")])
        stage = StageState.reduce(stage, .present(request)).0
        let list = try #require(StageLayout(stage, look: Look(), measuring: FixedAdvanceMeasurer()).presentedList)
        #expect(list.rowFont.size == 40 && list.rowHeight == 70)
        let first = try #require(list.rows.first), second = try #require(list.rows.last)
        #expect(first.frame.height == 70 && second.frame.y - first.frame.y == 74)
        // The label centred: 70 / 2 + 6 × 40 / 17 below the row's top.
        #expect(abs(first.labelBaseline - first.frame.y - (35 + 240.0 / 17)) < 1e-9)
    }
}
