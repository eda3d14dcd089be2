import Foundation
import TabStageModel
import TabStageRendering
import TabStageTestSupport
import TabStageTesting
import Testing

/// The app's own tab bar: the classic bar before iOS 26, the floating glass capsule from 26,
/// and its minimizing on scroll.
@Suite struct AppTabBarTests {
    static let items = "{items: [Home, Search, Alerts, Profile], selected: 3"

    /// A run of the issue's container with an app tab bar.
    func records(
        device: String = "iphone-16-pro", version: Int = 26, behavior: String = "onScrollDown", extra: String = "", steps: [String]
    ) throws -> [StepRecord] {
        let text = Fixtures.yaml(
            device: device, extra: "iOSVersion: \(version)\n\(extra)appTabBar: \(Self.items), minimizeBehavior: \(behavior)}",
            steps: steps)
        return try ScenarioRunner.records(try Fixtures.parse(text))
    }

    func layout(_ record: StepRecord) throws -> AppTabBarLayout {
        try #require(StageLayout(record.state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).appTabBar)
    }

    @Test func theFloatingCapsuleOnAnIPhone16ProPortrait() throws {
        let record = try #require(try records(steps: ["- snapshot: start"]).first)
        let bar = try layout(record)
        // 402 × 874, bottom safe area 34. x = 21; width = 402 − 2 × 21 = 360; height 62;
        // bottom = 874 − 21 = 853, so y = 853 − 62 = 791: above the home indicator (874 − 13 = 861).
        #expect(bar.style == .floating)
        #expect(bar.frame == Rect(x: 21, y: 791, width: 360, height: 62))
        #expect(bar.cornerRadius == 31)
        // Four items on a (360 − 2 × 8.125) / 4 = 85.9375 pt pitch (measured: iOS 26 simulator,
        // 68.75 in a 5-item capsule), each 94.1875 wide (the pitch + 8.25 of overlap: the titles
        // are short), the first 4 pt inside the capsule: x = 21 + 4 = 25, then + 85.9375; 4 pt
        // below the capsule's top, 54 tall.
        #expect(bar.items.map(\.frame.x) == [25, 110.9375, 196.875, 282.8125])
        #expect(bar.items.allSatisfy { $0.frame.width == 94.1875 && $0.frame.height == 54 })
        #expect(bar.selection == Rect(x: 282.8125, y: 795, width: 94.1875, height: 54))
        // The tabs' bottom inset is the capsule and its gap: 21 + 62 = 83 (= 34 + 49, what
        // UIKit reports under an iOS 26 tab bar on a 402 × 874 iPhone). Likes (4 × 100 = 400)
        // is short: pad = 874 − 83 − 400 − (62 + 44) − 44 = 241, so 83 + 241 = 324.
        #expect(record.state.container.geometry.tabs.map(\.contentInsetBottom) == [83, 83, 324])
        // Posts: 30 rows × 100 = 3000; maxOffsetY = 3000 + 83 − 874 = 2209.
        #expect(record.state.container.geometry.tabs[0].maxOffsetY == 2209)
    }

    @Test func theClassicBarBefore26() throws {
        let portrait = try #require(try records(device: "iphone-14", version: 17, behavior: "never", steps: ["- snapshot: start"]).first)
        // 390 × 844, bottom safe area 34: the bar's top is 844 − 34 − 49 = 761 and it reaches the
        // bottom edge: height 49 + 34 = 83. Insets: 34 + 49 = 83; Likes adds
        // pad = 844 − 83 − 400 − (47 + 44) − 44 = 226: 83 + 226 = 309.
        #expect(try layout(portrait).frame == Rect(x: 0, y: 761, width: 390, height: 83))
        #expect(try layout(portrait).style == .classic)
        #expect(portrait.state.container.geometry.tabs.map(\.contentInsetBottom) == [83, 83, 309])
        let landscape = try #require(
            try records(
                device: "iphone-14", version: 17, behavior: "never", extra: "orientation: landscape\n", steps: ["- snapshot: start"]
            )
            .first)
        // 844 × 390, bottom safe area 21, compact height: a 32 pt bar, top 390 − 21 − 32 = 337,
        // height 32 + 21 = 53; the inset is 21 + 32 = 53.
        #expect(try layout(landscape).frame == Rect(x: 0, y: 337, width: 844, height: 53))
        #expect(landscape.state.container.geometry.tabs[0].contentInsetBottom == 53)
    }

    @Test func scrollingDownFortyFourPointsMinimizesAndUpExpands() throws {
        // From the top (−(220 + 44) = −264): 43 pt down is not enough, 44 is.
        let steps = ["- drag: {dy: 43}", "- drag: {dy: 1}", "- drag: {dy: -43}", "- drag: {dy: -1}"]
        let states = try records(steps: steps).map { $0.state.appTabBar?.minimized }
        #expect(states == [false, true, true, false])
        // Offsets −221, −220, −263, −264: all inside the bounds, so each drag moves it by dy.
        #expect(try records(steps: steps).map(\.state.container.selectedOffset) == [-221, -220, -263, -264])
    }

    @Test func minimizedIsTheSelectedItemsSmallCapsuleAtTheLeadingSide() throws {
        let ltr = try #require(try records(steps: ["- drag: {dy: 100}"]).first)
        // Bottom 874 − 21 = 853, 48 tall: y = 805; leading x = 21.
        #expect(try layout(ltr).frame == Rect(x: 21, y: 805, width: 64, height: 48))
        #expect(try layout(ltr).items.map(\.index) == [3])
        let rtl = try #require(try records(extra: "layoutDirection: rtl\n", steps: ["- drag: {dy: 100}"]).first)
        // Mirrored: x = 402 − 21 − 64 = 317.
        #expect(try layout(rtl).frame == Rect(x: 317, y: 805, width: 64, height: 48))
    }

    @Test func turningBackStartsTheCountAgain() throws {
        // 30 down, 10 up, 30 down: 50 down in all, but never 44 in one direction.
        let states = try records(steps: ["- drag: {dy: 30}", "- drag: {dy: -10}", "- drag: {dy: 30}", "- drag: {dy: 14}"])
            .map { $0.state.appTabBar?.minimized }
        // The last drag makes the run 30 + 14 = 44.
        #expect(states == [false, false, false, true])
    }

    @Test func onScrollUpIsTheMirrorImage() throws {
        let states = try records(behavior: "onScrollUp", steps: ["- drag: {dy: 300}", "- drag: {dy: -44}", "- drag: {dy: 44}"])
            .map { $0.state.appTabBar?.minimized }
        #expect(states == [false, true, false])
    }

    @Test func aFlingMinimizesFrameByFrame() throws {
        var flips: [Int] = []
        var last = false
        let scenario = try Fixtures.parse(
            Fixtures.yaml(
                device: "iphone-16-pro", extra: "iOSVersion: 26\nappTabBar: \(Self.items), minimizeBehavior: onScrollDown}",
                steps: ["- release: {velocity: 2000}"]))
        _ = try ScenarioRunner.run(scenario) { number, state in
            let minimized = state.appTabBar?.minimized ?? false
            if minimized != last { flips.append(number) }
            last = minimized
        }
        // A fling of 2,000 pt/s from the top travels ≈ 0.4995 × 2000 ≈ 999 pt: the bar minimizes
        // once, partway (not at the first frame, which moves 2000/60 ≈ 33 pt < 44), and stays so.
        #expect(flips.count == 1)
        #expect((flips.first ?? 0) >= 2)
    }

    @Test func aTabSwitchKeepsTheBarAndStartsAFreshCount() throws {
        let records = try records(steps: ["- drag: {dy: 100}", "- select: Media", "- drag: {dy: -43}", "- drag: {dy: -1}"])
        #expect(records.map { $0.state.appTabBar?.minimized } == [true, true, true, false])
    }

    @Test func automaticDoesNotMinimizeOnIPhone() throws {
        let record = try #require(try records(behavior: "automatic", steps: ["- drag: {dy: 300}"]).first)
        #expect(record.state.appTabBar?.minimized == false)
        #expect(record.state.appTabBarBehavior == .never)
    }

    @Test func iPadAndOldReleasesIgnoreMinimizingWithAWarning() throws {
        let pad = try records(device: "ipad-pro-11", steps: ["- drag: {dy: 300}", "- snapshot: s"])
        #expect(pad.allSatisfy { $0.state.appTabBar?.minimized == false })
        let padWarnings = StageLayout(pad[1].state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).warnings
        #expect(
            padWarnings == [
                LayoutWarning(
                    element: "app-tab-bar", kind: .ignored,
                    text: "minimizeBehavior onScrollDown is ignored on iPad (the tab bar minimizes only on iPhone)")
            ])
        let old = try records(version: 18, steps: ["- drag: {dy: 300}", "- snapshot: s"])
        #expect(old.allSatisfy { $0.state.appTabBar?.minimized == false })
        #expect(
            StageLayout(old[1].state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).warnings.filter {
                $0.element == "app-tab-bar"
            }.map(\.text) == [
                "minimizeBehavior onScrollDown is ignored before iOS 26 (the classic tab bar does not minimize)"
            ])
    }

    @Test func theTraceShowsTheBarOnlyWhenThereIsOne() throws {
        func state(_ text: String) throws -> [String: Any] {
            let data = Data(try Trace.text(try Fixtures.parse(text), measuring: TextMeasurer.shared).utf8)
            let trace = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            return (trace["steps"] as! [[String: Any]])[0]["state"] as! [String: Any]
        }
        let without = try state(Fixtures.yaml(extra: "iOSVersion: 26"))
        #expect(without["appTabBar"] == nil)
        let with = try state(
            Fixtures.yaml(
                device: "iphone-16-pro", extra: "iOSVersion: 26\nappTabBar: \(Self.items), minimizeBehavior: onScrollDown}",
                steps: ["- drag: {dy: 44}", "- snapshot: s"]))
        let bar = try #require(with["appTabBar"] as? [String: Any])
        #expect(bar["style"] as? String == "floating")
        #expect(bar["minimizeBehavior"] as? String == "onScrollDown")
        #expect(bar["minimized"] as? Bool == true)
        #expect((bar["frame"] as? [String: Double]) == ["x": 21, "y": 805, "width": 64, "height": 48])
    }

    @Test func theElementsListTheBarAndItsItems() throws {
        let record = try #require(try records(steps: ["- snapshot: s"]).first)
        let drawn = StageLayout(record.state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).drawnElements
        let bar = drawn.filter { $0.kind == .appTabBar || $0.kind == .appTabBarItem }
        #expect(bar.map(\.id) == ["app-tab-bar", "app-tab-0", "app-tab-1", "app-tab-2", "app-tab-3"])
        #expect(bar[0].frame == Rect(x: 21, y: 791, width: 360, height: 62))
        // Drawn over the container and under the status bar and the home indicator.
        let ids = drawn.map(\.id)
        #expect(ids.firstIndex(of: "app-tab-bar")! > ids.firstIndex(of: "indicator")!)
        #expect(ids.firstIndex(of: "app-tab-bar")! < ids.firstIndex(of: "home-indicator")!)
    }

    @Test func theGlassIsABlurredCopyClippedToTheCapsule() throws {
        let floating = try #require(try records(steps: ["- snapshot: s"]).first)
        let svg = SVGSnapshot.svg(floating.state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(svg.contains("<use href=\"#container\" filter=\"url(#app-tab-bar-blur)\"/>"))
        #expect(svg.contains("<clipPath id=\"app-tab-bar-clip\"><rect x=\"21\" y=\"791\" width=\"360\" height=\"62\" rx=\"31\"/>"))
        let classic = try #require(try records(device: "iphone-14", version: 17, behavior: "never", steps: ["- snapshot: s"]).first)
        let opaque = SVGSnapshot.svg(classic.state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(!opaque.contains("<use"))
        #expect(opaque.contains("<rect id=\"app-tab-bar\" x=\"0\" y=\"761\" width=\"390\" height=\"83\""))
        // It renders: librsvg draws the blur without a warning.
        let image = try Rasterizer.render(svg: svg, scale: 1)
        #expect(image.width == 402 && image.height == 874)
    }

    @Test func refusals() {
        func refusal(_ bar: String) -> String? {
            Fixtures.refusal(Fixtures.yaml(extra: "appTabBar: \(bar)"))
        }
        #expect(refusal("{items: []}") == "test.yaml:2:20: error: 'appTabBar.items' is empty (expected at least one title)")
        #expect(
            refusal("{items: [A, B, C, D, E, F]}")
                == "test.yaml:2:20: error: 'appTabBar.items' has 6 titles, over the limit (expected at most 5 titles)")
        #expect(
            refusal("{items: [A, B], selected: 2}")
                == "test.yaml:2:38: error: 'appTabBar.selected' is 2, out of range (expected an item's index from 0 to 1)")
        #expect(
            refusal("{items: [A], minimizeBehavior: onScrolDown}")
                == "test.yaml:2:43: error: 'appTabBar.minimizeBehavior' cannot be 'onScrolDown'; did you mean 'onScrollDown'? (expected one of automatic, never, onScrollDown, onScrollUp)"
        )
        #expect(refusal("{selected: 0}") == "test.yaml:2:12: error: 'appTabBar' is missing 'items' (expected a list of 1 to 5 item titles)")
    }

    @Test func aSwiftStageTakesTheSameBar() throws {
        var stage = try Stage(
            device: "iphone-16-pro", settings: DisplaySettings(iOSVersion: IOSVersion(26)), container: Fixtures.issueConfig(),
            look: Look(), measuring: TextMeasurer.shared,
            appTabBar: AppTabBarConfig(items: ["Home", "Profile"], selected: 1, minimizeBehavior: .onScrollDown))
        try stage.apply(.drag(dy: 44))
        #expect(stage.state.appTabBar?.minimized == true)
    }

    @Test func releases26And27AreAccepted() throws {
        #expect(try Fixtures.parse(Fixtures.yaml(extra: "iOSVersion: 26")).settings.iOSVersion.usesLiquidGlass)
        #expect(try Fixtures.parse(Fixtures.yaml(extra: "iOSVersion: 27")).settings.iOSVersion.usesLiquidGlass)
        #expect(!(try Fixtures.parse(Fixtures.yaml(extra: "iOSVersion: 18")).settings.iOSVersion.usesLiquidGlass))
    }
}

/// Navigation bars in presented controllers on iOS 26 and later: glass buttons and a scroll
/// edge effect instead of a bar background.
@Suite struct GlassNavigationBarTests {
    func presented(version: Int, content: String = "") throws -> (StageState, PresentedListLayout) {
        let text = Fixtures.yaml(
            device: "iphone-16-pro", extra: "iOSVersion: \(version)",
            steps: ["- present: {style: pageSheet\(content.isEmpty ? "" : ", content: \(content)")}"])
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last).state
        return (state, try #require(StageLayout(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).presentedList))
    }

    @Test func aSoftEdgeEffectAndAGlassDoneButtonOn26() throws {
        let (state, list) = try presented(version: 26)
        let glass = try #require(list.glass)
        let sheet = try #require(state.presentation?.layout.frame)
        #expect(glass.edgeEffect == .soft)
        // From the sheet's top to the glass bar's bottom (barTop + 16 + 44 + 16 = barTop + 76),
        // then 16 pt of fade.
        #expect(glass.edgeEffectFrame == Rect(x: 0, y: sheet.y, width: 402, height: list.barTop + 76 + 16 - sheet.y))
        let done = try #require(list.doneFrame)
        let button = try #require(glass.doneButton)
        // A 44 pt circle 16 pt from the sheet's side and top: its trailing edge at 402 − 16 =
        // 386 (x 342), its top at barTop + 16; the checkmark's 20 pt box centred in it, from
        // 342 + 22 − 10 = 354.
        #expect(button == Rect(x: 342, y: list.barTop + 16, width: 44, height: 44))
        #expect(done == Rect(x: 354, y: list.barTop + 16 + 22 - 10, width: 20, height: 20))
        let svg = SVGSnapshot.svg(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(svg.contains("id=\"scroll-edge-soft\""))
        #expect(svg.contains("id=\"presented-done-button\""))
        // No bar hairline: the soft effect stands in for the bar's background.
        let hairline = "<rect x=\"0\" y=\"\(n(list.barSeparator.y))\" width=\"402\" height=\"0.5\""
        #expect(!svg.contains(hairline))
    }

    @Test func hardIsAnOpaqueBandWithAnEdge() throws {
        let (state, list) = try presented(version: 27, content: "{scrollEdgeEffect: hard}")
        let glass = try #require(list.glass)
        let sheet = try #require(state.presentation?.layout.frame)
        #expect(glass.edgeEffect == .hard)
        // No fade: the band stops at the glass bar's bottom, barTop + 76.
        #expect(glass.edgeEffectFrame.maxY == list.barTop + 76 && glass.edgeEffectFrame.y == sheet.y)
        let svg = SVGSnapshot.svg(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(svg.contains("<rect x=\"0\" y=\"\(n(list.barSeparator.y))\" width=\"402\" height=\"0.5\""))
    }

    @Test func before26TheBarIsAsItWas() throws {
        let (_, list) = try presented(version: 18)
        #expect(list.glass == nil)
        // Done 16 pt from the trailing edge, no capsule.
        #expect(list.doneFrame?.maxX == 386)
    }

    @Test func scrollEdgeEffectNeeds26() {
        // "  - present: {style: pageSheet, content: {scrollEdgeEffect: hard}}": the value starts
        // at column 4 + 9 + 19 + 9 + 19 + 1 = 61 of line 10.
        let steps = ["- present: {style: pageSheet, content: {scrollEdgeEffect: hard}}"]
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 18", steps: steps))
                == "test.yaml:10:61: error: 'scrollEdgeEffect' needs iOS 26 or later, the scenario targets iOS 18 (expected iOSVersion: 26 or later, or no scrollEdgeEffect)"
        )
        let blur = ["- present: {style: pageSheet, content: {scrollEdgeEffect: blur}}"]
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 26", steps: blur))
                == "test.yaml:10:61: error: 'steps[0].present.content.scrollEdgeEffect' cannot be 'blur' (expected one of soft, hard)")
    }

    /// Numbers as the SVG writes them.
    func n(_ value: Double) -> String { decimalText(value, decimals: 2) }
}
