import Foundation
import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import TabStageTesting
import Testing

/// iOS 26 chrome as measured on the iOS 26 simulator (402 × 874 pt at 3×), pinned on that
/// device by hand, and the rules behind it held on every device.
@Suite struct MeasuredIOS26ChromeTests {
    static let medium = PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium]))

    func window(_ device: String, version: Int = 26, style: String? = nil) -> WindowEnvironment {
        var window = Fixtures.window(device, .portrait, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
        if style == "dark" { window.traits.userInterfaceStyle = .dark }
        return window
    }

    func capsule(items: [String], device: String = "iphone-17-pro", extra: String = "") throws -> AppTabBarLayout {
        let state = try capsuleState(items: items, device: device, extra: extra)
        return try #require(StageLayout(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).appTabBar)
    }

    func capsuleState(items: [String], device: String = "iphone-17-pro", extra: String = "", selected: Int = 0) throws -> StageState {
        let text = Fixtures.yaml(
            device: device,
            extra: "iOSVersion: 26\n\(extra)appTabBar: {items: [\(items.joined(separator: ", "))], selected: \(selected)}",
            steps: ["- snapshot: s"])
        return try #require(try ScenarioRunner.records(try Fixtures.parse(text)).first?.state)
    }

    @Test func theMediumSheetIsLaidOutFullWidthAndDrawnScaled() {
        // Laid out 812 × (469.67 / 812) = 469.67 tall and 402 wide, drawn × 386 / 402 about its
        // centre: x 8, width 386, height 469.67 × 386 / 402 = 450.97, bottom 874 − 8 = 866, top
        // 415.03 → 1245.09 px → 415 on the 3× grid: (8, 415, 386, 451), measured (8, 415, 386, 451).
        let window = window("iphone-17-pro")
        let sheet = PresentationRules.layout(Self.medium, in: PresentationEnvironment(window))
        #expect(sheet.frame == Rect(x: 8, y: 415, width: 386, height: 451))
        #expect(sheet.drawnScale == 386.0 / 402)
        // The content is laid out unscaled, 402 × 469.67, centred on the drawn frame's centre
        // (201, 415 + 451 / 2 = 640.5): y = 640.5 − 469.67 / 2 = 405.665.
        let laidOut = sheet.laidOutFrame
        #expect(laidOut.x == 0 && laidOut.width == 402)
        #expect(abs(laidOut.height - 469.67) < 1e-9 && abs(laidOut.y - 405.665) < 1e-9)
        // Seen scaled, it covers the drawn frame to a pixel (the frame is on the 3× grid): x 8,
        // width 386, bottom 640.5 + 469.67 × 386 / 402 / 2 = 640.5 + 225.49 = 865.99.
        let seen = sheet.drawn(laidOut)
        #expect(abs(seen.x - 8) < 1e-9 && abs(seen.width - 386) < 1e-9 && abs(seen.maxY - 865.988) < 0.001)
        // The large sheet: (0, 62, 402, 812), opaque and drawn as laid out (measured, unchanged).
        let large = PresentationRules.layout(
            PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.large])), in: PresentationEnvironment(window))
        #expect(large.frame == Rect(x: 0, y: 62, width: 402, height: 812) && large.material == .opaque)
        #expect(large.drawnScale == 1 && large.laidOutFrame == large.frame)
        // An iPhone SE (375 × 667, 20 pt top inset, 2×): 647 × 0.5784 = 374.23 laid out, drawn
        // × 359 / 375 = 358.27 tall; sides 8, bottom 667 − 8 = 659, top 300.73 → 601.47 px →
        // 601 on the 2× grid = 300.5: (8, 300.5, 359, 358.5).
        let se = PresentationRules.layout(Self.medium, in: PresentationEnvironment(self.window("iphone-se")))
        #expect(se.frame == Rect(x: 8, y: 300.5, width: 359, height: 358.5))
        // iOS 18 keeps half the large detent: (874 − 72) / 2 = 401 tall, attached: y 473.
        let old = PresentationRules.layout(Self.medium, in: PresentationEnvironment(self.window("iphone-17-pro", version: 18)))
        #expect(old.frame == Rect(x: 0, y: 473, width: 402, height: 401) && old.drawnScale == 1)
    }

    @Test func theMediumSheetsContentIsLaidOutUnscaledAndDrawnScaled() throws {
        // iPhone 17 Pro, iOS 26, a medium sheet with a close button and the grabber. Laid out
        // in (0, 405.665, 402, 469.67): the close button 16 pt in, (16, 421.665, 44, 44). Seen
        // × s = 386 / 402 about (201, 640.5): x 201 − 185 s = 23.363, y 640.5 − 218.835 s =
        // 430.375, 44 s = 42.249 (a public view-tree dump of a medium sheet shows a control
        // laid out 16 pt in at x 23.36).
        let text = Fixtures.yaml(
            device: "iphone-17-pro", extra: "iOSVersion: 26\n",
            steps: [
                "- present: {style: pageSheet, detents: [medium], grabber: true, content: {title: Options, closeButton: true, items: [Mute]}}"
            ])
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last?.state)
        let layout = StageLayout(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        let list = try #require(layout.presentedList)
        let button = try #require(list.glass?.closeButton)
        #expect(button.x == 16 && abs(button.y - 421.665) < 1e-9 && button.width == 44 && button.height == 44)
        let s = 386.0 / 402
        let close = try #require(layout.elements.first { $0.name == "presented-close" }).frame
        #expect(abs(close.x - 23.363) < 0.001 && abs(close.y - 430.375) < 0.001 && abs(close.width - 44 * s) < 1e-9)
        // The grabber: 36 × 5 at 5 pt below the laid-out top, (183, 410.665), seen at
        // 201 − 18 s = 183.716, 640.5 − 229.835 s = 419.813, 34.567 × 4.801.
        let grabber = try #require(layout.presentationChrome?.grabber)
        #expect(abs(grabber.x - 183.716) < 0.001 && abs(grabber.y - 419.813) < 0.001)
        #expect(abs(grabber.width - 36 * s) < 1e-9 && abs(grabber.height - 5 * s) < 1e-9)
        // Drawn: the content in a group scaled about the drawn frame's centre.
        let svg = SVGSnapshot.svg(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(svg.contains("transform=\"translate(201 640.5) scale(0.9602) translate(-201 -640.5)\""))
    }

    @Test func dimmingShadowTintAndGrabberAreTheMeasuredOnes() {
        let light = window("iphone-17-pro")
        let layout = PresentationRules.layout(Self.medium, in: PresentationEnvironment(light))
        let chrome = PresentationChrome(layout, window: light)
        // Black at 0.20 in light, 0.48 in dark; no shadow; white at 0.70 (1 − 0.30).
        #expect(chrome.dimmingOpacity == 0.2 && !chrome.castsShadow && chrome.tintOpacity == 0.7)
        let dark = PresentationChrome(layout, window: window("iphone-17-pro", style: "dark"))
        #expect(dark.dimmingOpacity == 0.48)
        // iOS 18: 0.4 and a shadow, as before.
        let old = window("iphone-17-pro", version: 18)
        let classic = PresentationChrome(PresentationRules.layout(Self.medium, in: PresentationEnvironment(old)), window: old)
        #expect(classic.dimmingOpacity == 0.4 && classic.castsShadow)
        #expect(PresentationChrome.glassGrabberColor == "#b1b1b4")  // rgb(177, 177, 180)
    }

    @Test func theCapsuleIsSizedToItsItems() throws {
        // 4 and 5 items: 360 × 62 at (21, 791), radius 31 (measured).
        for count in [4, 5] {
            let bar = try capsule(items: Array(["A", "B", "C", "D", "E"].prefix(count)))
            #expect(bar.frame == Rect(x: 21, y: 791, width: 360, height: 62) && bar.cornerRadius == 31)
        }
        // 3 items: 3 × 85.9375 + 16.25 = 274.0625 wide, centred: 21 + (360 − 274.0625) / 2 =
        // 63.96875 (measured 274 at x 64).
        let three = try capsule(items: ["A", "B", "C"])
        #expect(three.frame == Rect(x: 63.96875, y: 791, width: 274.0625, height: 62))
    }

    @Test func theCapsulesItemsAreTheMeasuredOnes() throws {
        // 5 items in 360: pitch (360 − 2 × 8.125) / 5 = 68.75; each item the pitch + 8.25 = 77
        // (measured 77 on a 68.75 pt pitch). The first centre at 21 + 8.125 + 34.375 = 63.5, so
        // x = 63.5 − 38.5 = 25 (4 pt inside the capsule), then every 68.75: 93.75, 162.5,
        // 231.25, 300; the last ends at 377 = 381 − 4.
        let five = try capsule(items: ["A", "B", "C", "D", "E"])
        #expect(five.items.map(\.frame.x) == [25, 93.75, 162.5, 231.25, 300])
        #expect(five.items.allSatisfy { $0.frame.width == 77 && $0.frame.y == 795 && $0.frame.height == 54 })
        // Each reaches 25 + 77 − 93.75 = 8.25 pt over its neighbour.
        #expect(five.items[0].frame.maxX - five.items[1].frame.x == 8.25)
        // 3 items in 274.0625: pitch (274.0625 − 16.25) / 3 = 85.9375; width 85.9375 + 8.25 =
        // 94.1875 (measured ≈ 94); x = 63.96875 + 8.125 + 42.96875 − 47.09375 = 67.96875 (the
        // capsule's x + 4), then + 85.9375 each.
        let three = try capsule(items: ["A", "B", "C"])
        #expect(three.items.map(\.frame.x) == [67.96875, 153.90625, 239.84375])
        #expect(three.items.allSatisfy { $0.frame.width == 94.1875 })
        // 4 items in 360: pitch 85.9375, width 85.9375 + 8.25 = 94.1875 whatever the titles (the
        // capsule is at its room); x = 21 + 4 = 25. The measured 95–98 is the drawn pill, whose
        // soft edge reaches ≈ 0.5 pt past its frame each side (a 77 pt frame draws 78.0).
        let four = try capsule(items: ["A", "B", "C", "D"])
        #expect(four.items.map(\.frame.x) == [25, 110.9375, 196.875, 282.8125])
        #expect(four.items.allSatisfy { $0.frame.width == 94.1875 })
        // The selection pill is the selected item: (25, 795, 94.1875, 54).
        #expect(four.selection == Rect(x: 25, y: 795, width: 94.1875, height: 54))
        for bar in [three, four, five] {
            // Titles 10 pt, baseline 791 + 62 − 13.5 = 839.5; icons in a 28 pt box from
            // 839.5 − 0.95 × 10 − 28 = 802, centred on the item.
            #expect(bar.titleSize == 10)
            #expect(bar.items.allSatisfy { $0.titleBaseline == 839.5 })
            #expect(bar.items.allSatisfy { $0.icon == Rect(x: $0.frame.midX - 14, y: 802, width: 28, height: 28) })
        }
    }

    @Test func aWiderWindowGivesFiveItemsMore() throws {
        // iPhone 17 Pro Max, 440 wide: 5 items take the 440 − 2 × 21 = 398 the capsule may take
        // (5 × 85.9375 + 16.25 = 445.94 is more); pitch (398 − 16.25) / 5 = 76.35, each item
        // 76.35 + 8.25 = 84.6 from x 21 + 4 = 25 (a public view-tree dump of a 440 pt iPhone 17
        // Pro Max: 76.35 / 84.60).
        let bar = try capsule(items: ["A", "B", "C", "D", "E"], device: "iphone-17-pro-max")
        #expect(bar.frame == Rect(x: 21, y: 956 - 21 - 62, width: 398, height: 62))
        #expect(bar.items.allSatisfy { abs($0.frame.width - 84.6) < 1e-9 })
        #expect(abs(bar.items[0].frame.x - 25) < 1e-9 && abs(bar.items[1].frame.x - (25 + 76.35)) < 1e-9)
    }

    @Test func aLongTitleWidensEveryItemUntilTheCapsuleIsFull() throws {
        // A title wider than 94.1875 − 2 × 16 = 62.19 pt at 10 pt makes every item its width
        // w + 32. Three such items: the capsule is min(360, 3 × (w − 8.25) + 16.25), wider than
        // the 274.0625 of short titles, on a pitch of w − 8.25, so each item is w; five are held
        // at 68.75 + 8.25 = 77 in the 360 the capsule may take.
        let long = "Notifications and messages"
        let w = TextMeasurer.shared.width(of: long, font: AppTabBarLayout.floatingTitleFont) + 32
        #expect(w > 94.1875)
        let three = try capsule(items: ["A", long, "C"])
        let capsuleWidth = min(360, 3 * (w - 8.25) + 16.25), pitch = (capsuleWidth - 16.25) / 3
        #expect(abs(three.frame.width - capsuleWidth) < 1e-9 && three.frame.width > 274.0625)
        #expect(three.items.allSatisfy { abs($0.frame.width - (pitch + 8.25)) < 1e-9 })
        if capsuleWidth < 360 { #expect(three.items.allSatisfy { abs($0.frame.width - w) < 1e-9 }) }
        let five = try capsule(items: ["A", long, "C", "D", "E"])
        #expect(five.items.allSatisfy { abs($0.frame.width - 77) < 1e-9 })
    }

    @Test func unselectedItemsAreTheMeasuredNearBlack() throws {
        // Light: rgb(25, 25, 29) = #19191d for the unselected titles and icons; the selected
        // item keeps the tint.
        let light = try capsuleState(items: ["Home", "Profile"], selected: 1)
        let svg = SVGSnapshot.svg(light, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(svg.contains("fill=\"#19191d\""))
        // Dark (assumed): #e8e8e9.
        let dark = try capsuleState(items: ["Home", "Profile"], extra: "appearance: dark\n", selected: 1)
        #expect(SVGSnapshot.svg(dark, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).contains("fill=\"#e8e8e9\""))
    }

    /// On every device and orientation (iPhones, iPads, portrait and landscape), 1 to 5 items
    /// with short titles: the items are all one width, 4 pt inside the capsule's ends, spread
    /// evenly about its centre, each reaching 8.25 pt over its neighbour; the selection is an
    /// item; a 3-item bar is narrower than a 5-item one.
    @Test func theCapsulesItemsFollowTheRuleOnEveryDevice() async throws {
        let devices = DeviceCatalog.all
        let titles = ["Home", "Search", "Alerts", "Inbox", "Profile"]
        await seededPropertyCheck(
            count: 60, input: zip(Gen.int(in: 0...(devices.count - 1)), Gen.int(in: 1...5), Gen.bool)
        ) { index, count, landscape in
            let id = devices[index].id
            let extra = landscape ? "orientation: landscape\n" : ""
            let bar = try! capsule(items: Array(titles.prefix(count)), device: id, extra: extra)
            let frame = bar.frame, items = bar.items
            let width = items[0].frame.width
            #expect(items.allSatisfy { abs($0.frame.width - width) < 1e-9 }, "\(id)")
            #expect(
                items.allSatisfy { $0.frame.x >= frame.x - 1e-9 && $0.frame.maxX <= frame.maxX + 1e-9 && $0.frame.y > frame.y },
                "\(id) \(landscape): \(frame) \(items.map(\.frame))")
            let middle = (items[0].frame.midX + items[count - 1].frame.midX) / 2
            #expect(abs(middle - frame.midX) < 1e-9, "\(id): \(middle) vs \(frame.midX)")
            for pair in zip(items, items.dropFirst()) {
                // Each reaches 8.25 pt over the next, whatever the capsule's width.
                #expect(abs(pair.0.frame.maxX - pair.1.frame.x - 8.25) < 1e-9, "\(id): overlap \(pair.0.frame.maxX - pair.1.frame.x)")
            }
            // The first starts, the last ends, 4 pt inside the capsule.
            #expect(abs(items[0].frame.x - frame.x - 4) < 1e-9 && abs(frame.maxX - items[count - 1].frame.maxX - 4) < 1e-9, "\(id)")
            #expect(bar.selection == items.first(where: \.selected)?.frame)
            let five = try! capsule(items: titles, device: id, extra: extra)
            if count == 3 { #expect(frame.width < five.frame.width, "\(id): 3 items \(frame.width), 5 items \(five.frame.width)") }
        }
    }

    func header(_ device: String, version: Int = 26, orientation: Orientation = .portrait) -> (
        buttons: [Rect], window: WindowEnvironment
    ) {
        let config = ContainerConfig(
            header: HeaderConfig(height: 300, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100)))])
        let window = Fixtures.window(device, orientation, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
        let look = Look(header: HeaderContent(title: "Jane", subtitle: "@jane", navButtons: [.back, .search, .more]))
        let layout = StageLayout(StageState(window: window, container: config), look: look, measuring: TextMeasurer.shared)
        return (layout.header.navButtons.map(\.frame), window)
    }

    @Test func theNavigationBarsButtonsAreGlassCirclesAtTheBarsTop() {
        // iPhone 17 Pro, iOS 26: 44 pt circles at the safe area's top (62), back 16 pt from the
        // leading edge; more 402 − 16 − 44 = 342, search 12 pt before it: 342 − 12 − 44 = 286.
        let glass = header("iphone-17-pro").buttons
        #expect(
            glass == [
                Rect(x: 16, y: 62, width: 44, height: 44), Rect(x: 286, y: 62, width: 44, height: 44),
                Rect(x: 342, y: 62, width: 44, height: 44),
            ])
        // iOS 18 keeps 32 pt buttons centred in the top 44 pt: y 62 + 6 = 68; 402 − 16 − 32 = 354,
        // 354 − 8 − 32 = 314.
        let classic = header("iphone-17-pro", version: 18).buttons
        #expect(
            classic == [
                Rect(x: 16, y: 68, width: 32, height: 32), Rect(x: 314, y: 68, width: 32, height: 32),
                Rect(x: 354, y: 68, width: 32, height: 32),
            ])
    }

    /// On every device whose header sits on top (iPhones in portrait, iPads in both
    /// orientations; an iPhone in landscape puts it beside the tabs), iOS 26 and 27: the
    /// banner's buttons are 44 pt at the safe area's top, the outermost 16 pt inside the safe
    /// area's sides, 12 pt apart.
    @Test func theNavigationBarsButtonsFollowTheRuleOnEveryDevice() async {
        let devices = DeviceCatalog.all
        await seededPropertyCheck(count: 40, input: zip(Gen.int(in: 0...(devices.count - 1)), Gen.int(in: 26...27), Gen.bool)) {
            index, version, landscape in
            let landscape = landscape && devices[index].idiom == .pad
            let (buttons, window) = self.header(devices[index].id, version: version, orientation: landscape ? .landscape : .portrait)
            #expect(buttons.allSatisfy { $0.width == 44 && $0.height == 44 && $0.y == window.safeArea.top }, "\(devices[index].id)")
            #expect(buttons[0].x == window.safeArea.left + 16)
            #expect(window.window.width - window.safeArea.right - buttons[2].maxX == 16)
            #expect(buttons[2].x - buttons[1].maxX == 12)
        }
    }

    /// The banner's title as a navigation bar places it, 8.5 pt a character at 17 pt
    /// (`FixedAdvanceMeasurer`), on an iPhone SE (375 pt wide) with back, search and more.
    func bannerTitle(_ title: String, version: Int) -> HeaderLayout {
        let config = ContainerConfig(
            header: HeaderConfig(height: 300, minHeight: 44),
            tabs: [TabConfig(title: "Posts", content: .list(rows: 30, rowHeight: .fixed(100)))])
        let window = Fixtures.window("iphone-se", .portrait, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
        let look = Look(header: HeaderContent(title: title, subtitle: "@jane", navButtons: [.back, .search, .more]))
        return StageLayout(StageState(window: window, container: config), look: look, measuring: FixedAdvanceMeasurer()).header
    }

    @Test func theBannerTitleMovesBeforeItIsCut() {
        // iOS 26: back at 16–60, search and more at 375 − 16 − 44 − 12 − 44 = 259 to 359; the
        // title keeps 12 pt from them: 72 to 247. About the middle (187.5) it has 2 × 59.5 = 119.
        // 14 characters, 119 pt: centred, whole.
        let fits = bannerTitle("Jane Appleseed", version: 26)
        #expect(fits.navigationTitle.text == "Jane Appleseed" && fits.navigationTitleOrigin.x == 187.5)
        // 15 characters, 127.5 pt: too wide for the middle, moved as little as fits, whole:
        // 247 − 127.5 / 2 = 183.25 (it was cut before).
        let moved = bannerTitle("Jane Appleseeds", version: 26)
        #expect(moved.navigationTitle.text == "Jane Appleseeds" && moved.navigationTitleOrigin.x == 183.25)
        // 30 characters, 255 pt: wider than the 175 pt room, cut to it and centred in it:
        // (72 + 247) / 2 = 159.5.
        let cut = bannerTitle(String(repeating: "a", count: 30), version: 26)
        #expect(cut.navigationTitle.isTruncated && cut.navigationTitle.width <= 175 && cut.navigationTitleOrigin.x == 159.5)
        // iOS 17: 32 pt buttons 8 pt apart, back at 16–48, search at 375 − 16 − 32 − 8 − 32 =
        // 287: the room is 56 to 279, 2 × 91.5 = 183 about the middle: both names centred.
        #expect(bannerTitle("Jane Appleseeds", version: 17).navigationTitleOrigin.x == 187.5)
    }

    @Test func theProfileFadesOutUnderTheCollapsedBanner() throws {
        // iPhone 17 Pro, a 220 pt header collapsing to 62 + 44 = 106 over a 44 pt tab bar. The
        // expanded banner ends at 62 + 0.38 × (220 − 62) = 122.04; at a header height h the
        // profile is moved by h − 220, and goes under the collapsed banner once
        // 122.04 + h − 220 < 106.
        func header(_ offset: Int, version: Int = 26) throws -> (HeaderLayout, String) {
            let text = Fixtures.yaml(
                device: "iphone-17-pro", extra: "iOSVersion: \(version)\n", steps: ["- scroll: {to: \(offset)}", "- snapshot: s"])
            let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last?.state)
            let svg = SVGSnapshot.svg(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer())
            return (StageLayout(state, look: Fixtures.yamlLook, measuring: FixedAdvanceMeasurer()).header, svg)
        }
        // h = −(−254) − 44 = 210: the banner still shrinks (122.04 − 10 = 112.04 > 106): no fade.
        #expect(try header(-254).0.profileEdgeFade == nil)
        // h = 195: 122.04 − 25 = 97.04, 8.96 pt under: the fade is 8.96 pt tall from 106.
        let partly = try #require(try header(-239).0.profileEdgeFade)
        #expect(partly.y == 106 && partly.x == 0 && partly.width == 402 && abs(partly.height - 8.96) < 1e-9)
        // h = 180: 23.96 pt under, the whole 16 pt band below the banner; drawn as a mask over
        // the profile.
        let (far, svg) = try header(-224)
        #expect(far.profileEdgeFade == Rect(x: 0, y: 106, width: 402, height: 16))
        #expect(svg.contains("<g mask=\"url(#profile-edge-mask)\">"))
        // iOS 18: the opaque banner cuts the profile sharply.
        let (old, oldSVG) = try header(-224, version: 18)
        #expect(old.profileEdgeFade == nil && !oldSVG.contains("profile-edge-mask"))
    }

    @Test func aFullScreenNavigationBarIs54PointsAtTheSafeAreaTop() throws {
        // iPhone 17 Pro, iOS 26, a full-screen presentation: the bar from the safe area's top (62)
        // 54 pt tall, its edge at 62 + 54 = 116; Done's 44 pt circle at its top, 16 pt from the
        // trailing edge: x 402 − 16 − 44 = 342; the first row 12 pt below the bar: 128.
        let text = Fixtures.yaml(device: "iphone-17-pro", extra: "iOSVersion: 26\n", steps: ["- present: {style: fullScreen}"])
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last?.state)
        let list = try #require(StageLayout(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).presentedList)
        #expect(list.barTop == 62 && list.barSeparator.y == 116)
        #expect(list.glass?.doneButton == Rect(x: 342, y: 62, width: 44, height: 44))
        #expect(list.rows.first?.frame.y == 128)
        // A sheet keeps its 16 pt above the buttons (measured): the large sheet at 62, Done at 78.
        let sheet = Fixtures.yaml(
            device: "iphone-17-pro", extra: "iOSVersion: 26\n", steps: ["- present: {style: pageSheet, detents: [large]}"])
        let sheetState = try #require(try ScenarioRunner.records(try Fixtures.parse(sheet)).last?.state)
        let sheetList = try #require(StageLayout(sheetState, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).presentedList)
        #expect(sheetList.glass?.doneButton == Rect(x: 342, y: 78, width: 44, height: 44))
    }

    /// On every iPhone in portrait, iOS 26: the medium sheet's top lies above the window's
    /// middle, the sheet inside the window and as far from the bottom as from the sides (to a
    /// pixel), its content laid out as wide as the window and seen scaled onto it.
    @Test func theMediumSheetsTopIsAboveTheMiddleOnEveryIPhone() async {
        let phones = DeviceCatalog.all.filter { $0.idiom == .phone }
        await seededPropertyCheck(count: 200, input: zip(Gen.int(in: 0...(phones.count - 1)), Gen.int(in: 26...27))) {
            index, version in
            let window = try! WindowEnvironment(
                device: phones[index], orientation: .portrait, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
            let sheet = PresentationRules.layout(Self.medium, in: PresentationEnvironment(window))
            let f = sheet.frame
            let size = window.window, pixel = 1 / phones[index].scale
            #expect(f.y < size.height / 2, "\(phones[index].id): top \(f.y)")
            #expect(f.x > 0 && f.maxX < size.width && f.maxY < size.height)
            #expect(abs((size.height - f.maxY) - f.x) <= pixel + 1e-9, "\(phones[index].id): \(f)")
            // Laid out as wide as the window and seen scaled onto the drawn frame, to a pixel.
            let seen = sheet.drawn(sheet.laidOutFrame)
            #expect(sheet.laidOutFrame.width == size.width && sheet.drawnScale < 1)
            #expect(
                abs(seen.x - f.x) <= pixel && abs(seen.maxX - f.maxX) <= pixel && abs(seen.y - f.y) <= pixel
                    && abs(seen.maxY - f.maxY) <= pixel, "\(phones[index].id): \(seen) vs \(f)")
        }
    }

    /// On every iPhone in portrait: the capsule without a search tab is centred in the window
    /// and a 3-item capsule is narrower than a 5-item one.
    @Test func theCapsuleStaysCentredAndGrowsWithItsItems() async throws {
        let phones = DeviceCatalog.all.filter { $0.idiom == .phone }
        await seededPropertyCheck(count: 40, input: zip(Gen.int(in: 0...(phones.count - 1)), Gen.int(in: 1...5))) { index, count in
            let id = phones[index].id
            let bar = try! capsule(items: Array(["A", "B", "C", "D", "E"].prefix(count)), device: id)
            let width = try! capsule(items: ["A", "B", "C", "D", "E"], device: id).frame.width
            let window = self.window(id).window
            #expect(abs(bar.frame.midX - window.width / 2) < 1e-9, "\(id): \(bar.frame)")
            if count <= 3 { #expect(bar.frame.width < width, "\(id): \(count) items \(bar.frame.width), 5 items \(width)") }
        }
    }
}
