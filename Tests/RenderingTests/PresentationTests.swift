import Foundation
import PropertyBased
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

@Suite struct PresentationStyleTests {
    @Test func compactWidthAdaptsOnlyPopoversAndSheets() {
        func resolve(_ style: PresentationStyle, _ adapt: PresentationAdaptation, _ width: SizeClass = .compact) -> PresentationStyle {
            PresentationRules.resolvedStyle(PresentationRequest(style: style, adaptation: adapt), horizontalSizeClass: width)
        }
        for style in [PresentationStyle.popover, .formSheet, .pageSheet] {
            #expect(resolve(style, .automatic) == .fullScreen)
            #expect(resolve(style, .none) == style)
            #expect(resolve(style, .fullScreen) == .fullScreen)
            #expect(resolve(style, .overFullScreen) == .overFullScreen)
            #expect(resolve(style, .formSheet) == .formSheet)
        }
        for adapt in PresentationAdaptation.allCases {
            #expect(resolve(.fullScreen, adapt) == .fullScreen, "full screen never adapts")
            #expect(resolve(.overFullScreen, adapt) == .overFullScreen)
            for style in PresentationStyle.allCases where style != .automatic { #expect(resolve(style, adapt, .regular) == style) }
            #expect(resolve(.automatic, adapt, .regular) == .fullScreen, "before iOS 13 the default presentation is full screen")
        }
    }
}

/// iOS 12's rules, which `iOSVersion: 12` keeps.
@Suite struct PresentationGeometryTests {
    func layout(_ request: PresentationRequest, _ device: String, _ orientation: Orientation = .portrait) -> PresentationLayout {
        let window = Fixtures.window(device, orientation, settings: DisplaySettings(iOSVersion: IOSVersion(12)))
        return PresentationRules.layout(request, in: PresentationEnvironment(window))
    }

    @Test func popoverBelowItsSource() {
        // ipad-pro-11 portrait: area x 10…824, y 34…1164. Below: y = 124 + 13 = 137 fits;
        // centred x = 722 − 150 = 572, clamped to 824 − 300 = 524.
        let popover = layout(
            PresentationRequest(style: .popover, source: Rect(x: 700, y: 80, width: 44, height: 44), size: Size(width: 300, height: 350)),
            "ipad-pro-11")
        #expect(popover.frame == Rect(x: 524, y: 137, width: 300, height: 350))
        #expect(popover.arrowDirection == .up)
        #expect(popover.style == .popover)
    }

    @Test func popoverAboveWhenBelowDoesNotFit() {
        // Below: 1157 + 350 > 1164. Above: 1100 − 13 − 350 = 737 ≥ 34; x = 422 − 150.
        let popover = layout(
            PresentationRequest(style: .popover, source: Rect(x: 400, y: 1100, width: 44, height: 44), size: Size(width: 300, height: 350)),
            "ipad-pro-11")
        #expect(popover.frame == Rect(x: 272, y: 737, width: 300, height: 350))
        #expect(popover.arrowDirection == .down)
    }

    @Test func popoverToTheSideWithMoreRoom() {
        // iphone-14-plus landscape (926 × 428, safe 0/47/21/47): area x 57…869, y 10…397; 360 tall
        // fits neither below (117 + 360) nor above; left room 868 − 13 − 57 = 798 beats the right.
        let popover = layout(
            PresentationRequest(style: .popover, source: Rect(x: 868, y: 60, width: 44, height: 44), size: Size(width: 320, height: 360)),
            "iphone-14-plus", .landscape)
        #expect(popover.frame == Rect(x: 535, y: 10, width: 320, height: 360))
        #expect(popover.arrowDirection == .right)
    }

    @Test func sheetsCentreInTheWindow() {
        #expect(layout(PresentationRequest(style: .formSheet), "ipad-pro-11").frame == Rect(x: 147, y: 287, width: 540, height: 620))
        // (assumed) iOS 12 page sheet: portrait screen width, window height.
        #expect(
            layout(PresentationRequest(style: .pageSheet), "ipad-pro-11", .landscape).frame == Rect(x: 180, y: 0, width: 834, height: 834))
        // A forced form sheet on a phone is clamped to the window: (852 − 620) / 2 = 116.
        let forced = layout(PresentationRequest(style: .pageSheet, adaptation: .formSheet), "iphone-15")
        #expect(forced.style == .formSheet)
        #expect(forced.frame == Rect(x: 0, y: 116, width: 393, height: 620))
        #expect(layout(PresentationRequest(style: .overFullScreen), "iphone-15").frame == Rect(x: 0, y: 0, width: 393, height: 852))
    }

    @Test func plusPhonePopoverFollowsTheWidthClass() {
        let request = PresentationRequest(style: .popover, source: Rect(x: 370, y: 60, width: 44, height: 44))
        #expect(layout(request, "iphone-14-plus").style == .fullScreen)
        #expect(layout(request, "iphone-14-plus", .landscape).style == .popover)
    }

    @Test func aPopoverNeverCoversItsSource() async {
        let devices = DeviceCatalog.all
        await seededPropertyCheck(
            count: 2000,
            input: zip(
                Gen.int(in: 0...(devices.count - 1)), Gen.bool,
                zip(Gen.double(in: 0...1), Gen.double(in: 0...1), Gen.double(in: 0...120), Gen.double(in: 0...120)),
                zip(Gen.double(in: 40...900), Gen.double(in: 40...900)))
        ) { index, landscape, source, size in
            let window = try! WindowEnvironment(device: devices[index], orientation: landscape ? .landscape : .portrait)
            let rect = Rect(
                x: source.0 * (window.window.width - source.2), y: source.1 * (window.window.height - source.3), width: source.2,
                height: source.3)
            var environment = PresentationEnvironment(window)
            environment.horizontalSizeClass = .regular
            environment.verticalSizeClass = .regular
            let layout = PresentationRules.layout(
                PresentationRequest(style: .popover, adaptation: .none, source: rect, size: Size(width: size.0, height: size.1)),
                in: environment)
            let f = layout.frame
            // A source that leaves no room on any side is covered, without an arrow.
            let overlaps = f.x < rect.maxX && rect.x < f.maxX && f.y < rect.maxY && rect.y < f.maxY
            #expect(!overlaps || layout.arrowDirection == .none, "popover \(f) covers its source \(rect)")
            #expect(f.width > 0 && f.height > 0, "popover \(f) is empty for source \(rect)")
            #expect(f.width <= size.0 && f.height <= size.1)
        }
    }
}

/// Popovers whose source lies anywhere, inside the window or far outside it: the popover stays
/// inside the safe area less its 10 pt margins, and still never covers the source.
@Suite struct PopoverPlacementTests {
    @Test func everyPopoverStaysInsideTheSafeAreaMargins() async {
        let devices = DeviceCatalog.all
        await seededPropertyCheck(
            count: 3000,
            input: zip(
                Gen.int(in: 0...(devices.count - 1)), Gen.bool, Gen.int(in: 0...(Multitasking.allCases.count - 1)),
                zip(Gen.double(in: -2...3), Gen.double(in: -2...3), Gen.double(in: 0...600), Gen.double(in: 0...600)),
                zip(Gen.double(in: 1...2000), Gen.double(in: 1...2000)))
        ) { index, landscape, mode, source, size in
            let device = devices[index]
            let multitasking = Multitasking.allCases[mode]
            guard
                let window = try? WindowEnvironment(
                    device: device, orientation: landscape ? .landscape : .portrait, multitasking: multitasking)
            else { return }  // multitasking on a phone
            let rect = Rect(
                x: source.0 * window.window.width, y: source.1 * window.window.height, width: source.2, height: source.3)
            let request = PresentationRequest(
                style: .popover, adaptation: .none, source: rect, size: Size(width: size.0, height: size.1))
            let layout = PresentationRules.layout(request, in: PresentationEnvironment(window))
            guard layout.appearance == .popover else { return }
            let safe = window.safeArea, w = window.window
            let margin = PresentationRules.popoverMargin
            let f = layout.frame
            let inside =
                f.x >= safe.left + margin && f.maxX <= w.width - safe.right - margin && f.y >= safe.top + margin
                && f.maxY <= w.height - safe.bottom - margin
            #expect(
                inside, "\(device.id) \(multitasking) \(w): popover \(f) for source \(rect) leaves the safe area \(safe) less \(margin)")
            #expect(f.width >= 0 && f.height >= 0 && f.width <= size.0 && f.height <= size.1)
            #expect(f.width > 0 && f.height > 0, "popover \(f) is empty for source \(rect)")
            // Only a source that leaves no room on any side is covered, and then without an arrow.
            #expect(layout.arrowDirection == .none || !f.intersects(rect), "popover \(f) covers its source \(rect)")
        }
    }

    /// The new user's command: a source far below and right of a 440 × 956 window. It used to
    /// be placed above the source at y = 2000 − 13 − 300 = 1687, off screen.
    @Test func aSourceOutsideTheWindowKeepsThePopoverOnScreen() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(
                device: "iphone-16-pro-max",
                steps: [
                    "- present: {style: popover, source: {x: 900, y: 2000}, size: {width: 280, height: 300}, adapt: none}",
                    "- snapshot: shown",
                ]))
        let records = try ScenarioRunner.records(scenario)
        let layout = try #require(records.last?.state.presentation?.layout)
        // iphone-16-pro-max portrait: safe area 62 top, 34 bottom, so the margins' area is
        // x 10…430, y 72…912. Below does not fit (2013 + 300 > 912); above, 1687 ≥ 72, is
        // clamped to 912 − 300 = 612; centred on x 900 (760) clamped to 430 − 280 = 150.
        #expect(layout.frame == Rect(x: 150, y: 612, width: 280, height: 300))
        #expect(layout.arrowDirection == .down)
    }
}

extension PopoverPlacementTests {
    /// A source that leaves under 44 pt at both sides used to get a popover that wide (or 0 pt
    /// when there was none): it goes where there is more room above or below, shorter; a
    /// source covering the window gets the popover over it, without an arrow.
    @Test func aPopoverWithNoRoomBesideItsSourceGoesAboveOrBelowOrOverIt() throws {
        // iOS 18: the full-screen iPad insets are 24 and 20 (32 and 25 from iPadOS 26).
        let window = try WindowEnvironment(device: Fixtures.device("ipad-pro-11"), orientation: .portrait, settings: Fixtures.iOS18)
        func place(_ source: Rect) -> PresentationLayout {
            PresentationRules.layout(
                PresentationRequest(style: .popover, adaptation: .none, source: source, size: Size(width: 320, height: 480)),
                in: PresentationEnvironment(window))
        }
        // 834 × 1194, safe area 24 top and 20 bottom: the margins' area is x 10…824, y 34…1164.
        // Source x 40…800, y 300…836: below needs 849 + 480 = 1329 > 1164, above 300 − 13 − 480
        // < 34; beside it 40 − 13 − 10 = 17 and 824 − 800 − 13 = 11 pt. Below has 1164 − 849 =
        // 315 pt (above 300 − 13 − 34 = 253): 315 pt tall under the source, centred on x 420.
        let squeezed = place(Rect(x: 40, y: 300, width: 760, height: 536))
        #expect(squeezed.frame == Rect(x: 260, y: 849, width: 320, height: 315))
        #expect(squeezed.arrowDirection == .up)
        // The whole window: centred on (417, 597), so x 257, y 357; no arrow.
        let covering = place(Rect(x: 0, y: 0, width: 834, height: 1194))
        #expect(covering.frame == Rect(x: 257, y: 357, width: 320, height: 480))
        #expect(covering.arrowDirection == .none)
    }
}

@Suite struct SplitViewTests {
    func split(
        _ config: SplitConfig = SplitConfig(), _ device: String = "ipad-air-11", _ o: Orientation = .landscape, _ m: Multitasking = .full,
        rtl: Bool = false
    ) -> StageState {
        let window = Fixtures.window(
            device, o, m, settings: DisplaySettings(layoutDirection: rtl ? .rtl : .ltr, iOSVersion: IOSVersion(18)))
        return StageState(window: window, container: Fixtures.issueConfig(), split: config)
    }

    @Test func regularWidthShowsBothColumns() {
        let stage = split()
        #expect(stage.splitLayout?.primaryWidth == 320)
        #expect(stage.splitLayout?.shown == .both)
        #expect(stage.container.environment.frame == Rect(x: 320, y: 0, width: 860, height: 820))
        let cell = StageLayout(stage, look: Look(), measuring: TextMeasurer.shared).tabBar.cells[1]
        #expect(cell.x == 860.0 / 3 && cell.width == 860.0 / 3, "the container lays out in its column")
        #expect(stage.container.environment.safeArea.left == 0)
        let rtl = split(rtl: true)
        #expect(rtl.container.environment.frame == Rect(x: 0, y: 0, width: 860, height: 820))
        #expect(rtl.splitLayout?.primaryFrame == Rect(x: 860, y: 0, width: 320, height: 820))
    }

    @Test func fractionIsClampedByTheMinimumAndMaximum() {
        #expect(split(SplitConfig(primaryWidth: .fraction(0.4))).splitLayout?.primaryWidth == 320)  // 472 > 320
        #expect(split(SplitConfig(primaryWidth: .fraction(0.4), maximumPrimaryWidth: 500)).splitLayout?.primaryWidth == 472)
        #expect(
            split(SplitConfig(primaryWidth: .fraction(0.2), minimumPrimaryWidth: 400, maximumPrimaryWidth: 500)).splitLayout?.primaryWidth
                == 400)
    }

    @Test func compactWidthCollapses() {
        let primary = StageState.reduce(split(), .resize(.oneThird)).0
        #expect(
            primary.splitLayout
                == SplitLayout(SplitConfig(), window: Size(width: 375, height: 820), horizontalSizeClass: .compact, layoutDirection: .ltr))
        #expect(primary.splitLayout?.collapsed == true)
        #expect(primary.splitLayout?.shown == .primary)
        let secondary = StageState.reduce(split(SplitConfig(collapse: .secondary)), .resize(.oneThird)).0
        #expect(secondary.splitLayout?.shown == .secondary)
        #expect(secondary.container.environment.frame == Rect(x: 0, y: 0, width: 375, height: 820))
        let back = StageState.reduce(primary, .resize(.full)).0
        #expect(back.splitLayout?.shown == .both)
        #expect(back.container.environment.frame.width == 860)
    }
}

@Suite struct PresentationLifecycleTests {
    func run(_ steps: [String], device: String = "ipad-pro-11", extra: String = "") throws -> ScenarioRun {
        try ScenarioRunner.run(try Fixtures.parse(Fixtures.yaml(device: device, extra: extra, steps: steps)))
    }

    @Test func fullScreenHidesThePresenterAndSheetsDoNot() throws {
        let run = try run([
            "- snapshot: a", "- present: {style: fullScreen}", "- dismiss: {}", "- present: {style: formSheet}", "- dismiss: {}",
        ])
        let records = try ScenarioRunner.records(run.scenario)
        #expect(records[1].presentedLifecycle == Lifecycle.firstDisplay)
        #expect(records[1].lifecycle.map(\.rawValue) == ["viewWillDisappear", "viewDidDisappear"])
        #expect(records[2].lifecycle.map(\.rawValue) == ["viewWillAppear", "viewDidAppear"])
        #expect(records[3].presentedLifecycle == Lifecycle.firstDisplay)
        #expect(records[3].lifecycle.isEmpty)
        #expect(records[4].lifecycle.isEmpty)
    }

    @Test func rotationReResolvesAndMovesTheSource() throws {
        // The source keeps its 14 pt to the right edge: 932 − 14 − 44 = 874 in landscape; area x 69…863,
        // y 10…397: only the left side has room, so x = 874 − 13 − 320 = 541, y clamped to 10.
        let run = try run(
            [
                "- present: {style: popover, source: {x: 372, y: 60, width: 44, height: 44}, size: {width: 320, height: 360}}",
                "- rotate: landscape", "- rotate: portrait",
            ], device: "iphone-15-pro-max", extra: "iOSVersion: 12")
        let records = try ScenarioRunner.records(run.scenario)
        #expect(records[0].state.presentation?.layout.style == .fullScreen)
        let landscape = try #require(records[1].state.presentation?.layout)
        #expect(landscape.style == .popover)
        #expect(landscape.source == Rect(x: 874, y: 60, width: 44, height: 44))
        #expect(landscape.frame == Rect(x: 541, y: 10, width: 320, height: 360))
        #expect(landscape.arrowDirection == .right)
        #expect(records[1].lifecycle.suffix(2).map(\.rawValue) == ["viewWillAppear", "viewDidAppear"])
        #expect(records[2].state.presentation?.layout.style == .fullScreen)
        #expect(records[2].lifecycle.suffix(2).map(\.rawValue) == ["viewWillDisappear", "viewDidDisappear"])
    }

    @Test func traceCarriesPresentationAndSplit() throws {
        let text = Fixtures.yaml(
            device: "ipad-air-11", extra: "orientation: landscape\nsplit: {primaryTitle: Inbox}",
            steps: ["- present: {style: popover, source: {x: 1100, y: 80, width: 44, height: 44}, size: {width: 300, height: 350}}"])
        let json =
            try JSONSerialization.jsonObject(with: Data(try Trace.text(try Fixtures.parse(text), measuring: TextMeasurer.shared).utf8))
            as! [String: Any]
        let state = ((json["steps"] as! [[String: Any]])[0]["state"] as! [String: Any])
        let presentation = state["presentation"] as! [String: Any]
        #expect(presentation["requestedStyle"] as? String == "popover")
        #expect(presentation["style"] as? String == "popover")
        #expect(presentation["appearance"] as? String == "popover")
        #expect(presentation["detent"] is NSNull)
        #expect(presentation["dimmed"] as? Bool == false)
        #expect(presentation["arrowDirection"] as? String == "up")
        // x: 1122 − 150 clamped to 1170 − 300
        #expect((presentation["frame"] as! [String: Double]) == ["x": 870, "y": 137, "width": 300, "height": 350])
        #expect((presentation["sourceRect"] as! [String: Double]) == ["x": 1100, "y": 80, "width": 44, "height": 44])
        #expect((presentation["lifecycle"] as! [String]).first == "viewDidLoad")
        let split = state["split"] as! [String: Any]
        #expect(split["collapsed"] as? Bool == false)
        #expect(split["primaryWidth"] as? Double == 320)
        #expect(split["shown"] as? String == "both")
        #expect(((state["container"] as! [String: Any])["frame"] as! [String: Double]) == ["x": 320, "y": 0, "width": 860, "height": 820])
    }

    @Test func problemsAndRefusals() {
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: formSheet}", "- present: {style: formSheet}"]))
                == "test.yaml:11:5: error: present: a formSheet is already presented (expected a dismiss step before presenting again)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- dismiss: {}"]))
                == "test.yaml:10:5: error: dismiss: nothing is presented (expected a present step first)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: popover}"]))
                == "test.yaml:10:14: error: a popover needs a 'source' to point at (expected source: {x, y, width, height} in window points, or a control: follow, back, search, more, tab-N or row-T-R (from 0))"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: sheet}"]))
                == "test.yaml:10:22: error: 'steps[0].present.style' cannot be 'sheet' (expected one of popover, formSheet, pageSheet, fullScreen, overFullScreen, automatic)"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "split: {primaryWidth: wide}"))
                == "test.yaml:2:23: error: 'split.primaryWidth' cannot be 'wide' (expected automatic, or a fraction of the window such as 0.35)"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "split: {minimumPrimaryWidth: 400, maximumPrimaryWidth: 300}"))
                == "test.yaml:2:30: error: 'split.minimumPrimaryWidth' 400 is above the maximum 300 (expected minimumPrimaryWidth ≤ maximumPrimaryWidth)"
        )
    }
}

@Suite struct PresentationRenderingTests {
    @Test func thePopoverIsActuallyRendered() throws {
        // librsvg drops a whole group whose filter it does not support; the popover must show
        // (iOS 17's opaque one; the glass one is drawn in `LiquidGlassSheetTests`).
        let window = Fixtures.window("ipad-pro-11", settings: DisplaySettings(iOSVersion: IOSVersion(17)))
        let request = PresentationRequest(
            style: .popover, source: Rect(x: 700, y: 80, width: 44, height: 44), size: Size(width: 300, height: 350))
        let stage = StageState.reduce(StageState(window: window, container: Fixtures.issueConfig()), .present(request)).0
        let image = try Rasterizer.render(svg: SVGSnapshot.svg(stage, look: Look(), measuring: TextMeasurer.shared), scale: 1)
        // The popover (ipad-pro-11, margins' area x 10…824): centred on the source, 722 − 150 =
        // 572, clamped to 824 − 300 = 524; below it, 80 + 44 + 13 = 137. The first option,
        // "Share profile": its row starts PresentedListLayout.firstRowOffset = 56 below the top,
        // its label 16 pt in (labelX), baseline 56 + 28 = 84 below the top; a 17 pt label's
        // capitals reach about 0.73 × 17 = 12.4 above it, to 71.6. So 8 pt in (before the label,
        // no icon) and 64 pt down (in the row, above the capitals) are the white surface, and
        // the letters are dark between 73 and 84.
        #expect(image.pixel(x: 524 + 8, y: 137 + 78) == (255, 255, 255, 255))
        #expect(image.pixel(x: 524 + 31, y: 137 + 64) == (255, 255, 255, 255))
        #expect((524 + 16..<524 + 60).contains { x in (137 + 73..<137 + 84).contains { image.pixel(x: x, y: $0).0 < 100 } })
        let sheet = StageState.reduce(
            StageState(window: window, container: Fixtures.issueConfig()), .present(PresentationRequest(style: .formSheet))
        ).0
        let sheetImage = try Rasterizer.render(svg: SVGSnapshot.svg(sheet, look: Look(), measuring: TextMeasurer.shared), scale: 1)
        #expect(sheetImage.pixel(x: 147 + 31, y: 287 + 64) == (255, 255, 255, 255))
        #expect((147 + 16..<147 + 60).contains { x in (287 + 73..<287 + 84).contains { sheetImage.pixel(x: x, y: $0).0 < 100 } })
    }
}
