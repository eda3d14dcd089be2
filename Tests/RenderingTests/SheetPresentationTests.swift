import Foundation
import PropertyBased
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// iOS 13 and later: sheets attached to the bottom edge, detents, cards, versions.
@Suite struct SheetRuleTests {
    static let source = Rect(x: 333, y: 258, width: 44, height: 34)

    func layout(
        _ request: PresentationRequest, _ device: String = "iphone-14", _ orientation: Orientation = .portrait,
        _ mode: Multitasking = .full, version: Int = 17
    ) -> PresentationLayout {
        let window = Fixtures.window(device, orientation, mode, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
        return PresentationRules.layout(request, in: PresentationEnvironment(window))
    }

    func popover(_ sheet: SheetOptions = SheetOptions(), adapt: PresentationAdaptation = .automatic) -> PresentationRequest {
        PresentationRequest(style: .popover, adaptation: adapt, source: Self.source, size: Size(width: 300, height: 320), sheet: sheet)
    }

    @Test func aPopoverOnAPortraitIPhoneIsALargeSheet() {
        // iphone-14: 390 × 844, safe-area top 47. Large detent: top 47 + 10 = 57, height 844 − 57 = 787.
        let sheet = layout(popover())
        #expect(sheet.style == .formSheet)
        #expect(sheet.appearance == .sheet)
        #expect(sheet.frame == Rect(x: 0, y: 57, width: 390, height: 787))
        #expect(sheet.detent == .large)
        #expect(sheet.dimmed)
        #expect(sheet.pushesPresenterBack)
        #expect(sheet.arrowDirection == .none)
    }

    @Test func theMediumDetentIsHalfTheLargeOne() {
        // 787 / 2 = 393.5 tall, so its top is 844 − 393.5 = 450.5. Unselected: the smallest detent.
        let medium = layout(popover(SheetOptions(detents: [.medium, .large], grabber: true)))
        #expect(medium.frame == Rect(x: 0, y: 450.5, width: 390, height: 393.5))
        #expect(medium.detent == .medium)
        #expect(medium.dimmed)
        #expect(!medium.pushesPresenterBack, "only the large detent pushes the presenter back")
        #expect(medium.showsGrabber)
        let large = layout(popover(SheetOptions(detents: [.medium, .large], selectedDetent: .large)))
        #expect(large.frame == Rect(x: 0, y: 57, width: 390, height: 787))
    }

    @Test func compactHeightIsFullScreenUnlessEdgeAttached() {
        let landscape = layout(popover(), "iphone-14", .landscape)
        #expect(landscape.appearance == .fullScreen)
        #expect(landscape.frame == Rect(x: 0, y: 0, width: 844, height: 390))
        #expect(!landscape.dimmed)
        // Edge-attached: as wide as the portrait screen (390), centred: (844 − 390) / 2 = 227;
        // landscape safe-area top 0, so the large detent starts at 10 and is 380 tall.
        let attached = layout(popover(SheetOptions(edgeAttachedInCompactHeight: true)), "iphone-14", .landscape)
        #expect(attached.appearance == .sheet)
        #expect(attached.frame == Rect(x: 227, y: 10, width: 390, height: 380))
        #expect(!attached.pushesPresenterBack, "landscape never pushes the presenter back")
        // Following the preferred width 300: (844 − 300) / 2 = 272.
        let following = layout(
            popover(SheetOptions(edgeAttachedInCompactHeight: true, widthFollowsPreferredContentSize: true)), "iphone-14", .landscape)
        #expect(following.frame == Rect(x: 272, y: 10, width: 300, height: 380))
    }

    @Test func aPlusPhoneInLandscapeIsVerticallyCompact() {
        // iOS 12 keeps the popover in regular width; from 13, vertical compactness adapts it too.
        #expect(layout(popover(), "iphone-14-plus", .landscape, version: 12).appearance == .popover)
        #expect(layout(popover(), "iphone-14-plus", .landscape, version: 17).appearance == .fullScreen)
    }

    @Test func iOS12KeepsFullScreen() {
        let old = layout(popover(), version: 12)
        #expect(old.style == .fullScreen)
        #expect(old.appearance == .fullScreen)
        #expect(old.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(layout(PresentationRequest(style: .pageSheet), version: 12).appearance == .fullScreen)
        #expect(layout(PresentationRequest(style: .pageSheet), version: 13).appearance == .sheet)
    }

    @Test func adaptationAnswersStillDecide() {
        #expect(layout(popover(adapt: .none)).appearance == .popover)
        #expect(layout(popover(adapt: .fullScreen)).style == .fullScreen)
        #expect(layout(popover(adapt: .overFullScreen)).style == .overFullScreen)
        #expect(layout(popover(adapt: .formSheet)).appearance == .sheet)
        #expect(layout(PresentationRequest(style: .fullScreen)).appearance == .fullScreen, "full screen never adapts")
    }

    @Test func automaticIsAPageSheetBefore18AndAFormSheetFrom18() {
        // ipad-pro-11 portrait, 834 × 1194: cards keep 40 pt of background on every side.
        // Page sheet: 704 wide, 1194 − 80 = 1114 tall, x = 40 + (754 − 704) / 2 = 65.
        let request = PresentationRequest(style: .automatic)
        let ios17 = layout(request, "ipad-pro-11", version: 17)
        #expect(ios17.style == .pageSheet)
        #expect(ios17.appearance == .card)
        #expect(ios17.frame == Rect(x: 65, y: 40, width: 704, height: 1114))
        #expect(ios17.dimmed)
        #expect(ios17.detent == nil)
        // Form sheet 540 × 620: x = 40 + (754 − 540) / 2 = 147, y = 40 + (1114 − 620) / 2 = 287.
        let ios18 = layout(request, "ipad-pro-11", version: 18)
        #expect(ios18.style == .formSheet)
        #expect(ios18.frame == Rect(x: 147, y: 287, width: 540, height: 620))
        #expect(layout(request, "ipad-pro-11", version: 12).style == .fullScreen)
        #expect(layout(request, version: 17).style == .pageSheet)
        #expect(layout(request, version: 18).style == .formSheet)
    }

    @Test func detentsNeedIOS15() {
        let request = popover(SheetOptions(detents: [.medium, .large], grabber: true, largestUndimmedDetent: .medium))
        let ios14 = layout(request, version: 14)
        #expect(ios14.detent == .large)
        #expect(ios14.frame == Rect(x: 0, y: 57, width: 390, height: 787))
        #expect(ios14.dimmed)
        #expect(!ios14.showsGrabber)
        let ios15 = layout(request, version: 15)
        #expect(ios15.detent == .medium)
        #expect(!ios15.dimmed, "medium is at or below the largest undimmed detent")
        #expect(ios15.showsGrabber)
    }

    @Test func aPopoverBecomesASheetWhenTheIPadWindowNarrows() {
        // ipad-pro-11 landscape one-third: 375 × 834, compact width; safe-area top 24, so 34…834.
        let request = PresentationRequest(
            style: .popover, source: Rect(x: 1100, y: 80, width: 44, height: 44), size: Size(width: 320, height: 400))
        #expect(layout(request, "ipad-pro-11", .landscape).appearance == .popover)
        let narrow = layout(request, "ipad-pro-11", .landscape, .oneThird)
        #expect(narrow.appearance == .sheet)
        #expect(narrow.frame == Rect(x: 0, y: 34, width: 375, height: 800))
        #expect(!narrow.pushesPresenterBack, "an iPad never pushes the presenter back")
    }
}

@Suite struct SheetStageTests {
    /// iOS 17's sheets (the Liquid Glass ones are `LiquidGlassSheetTests`').
    func run(_ steps: [String], device: String = "iphone-14", extra: String = "iOSVersion: 17") throws -> [StepRecord] {
        try ScenarioRunner.records(try Fixtures.parse(Fixtures.yaml(device: device, extra: extra, steps: steps)))
    }

    @Test func theDetentStepMovesTheSheetAndTheDimming() throws {
        let records = try run([
            "- present: {style: pageSheet, detents: [medium, large], largestUndimmedDetent: medium, grabber: true}",
            "- detent: large", "- detent: medium",
        ])
        let medium = try #require(records[0].state.presentation?.layout)
        #expect(medium.frame == Rect(x: 0, y: 450.5, width: 390, height: 393.5))
        #expect(!medium.dimmed)
        let large = try #require(records[1].state.presentation?.layout)
        #expect(large.frame == Rect(x: 0, y: 57, width: 390, height: 787))
        #expect(large.dimmed)
        #expect(large.pushesPresenterBack)
        #expect(records[1].lifecycle.isEmpty, "a sheet never hides its presenter")
        #expect(records[2].state.presentation?.layout.detent == .medium)
    }

    @Test func rotationReResolvesTheSheetAndKeepsTheDetent() throws {
        let records = try run(["- present: {style: formSheet, detents: [medium, large]}", "- rotate: landscape", "- rotate: portrait"])
        #expect(records[1].state.presentation?.layout.appearance == .fullScreen)
        #expect(
            records[1].lifecycle.allSatisfy { !["viewWillDisappear", "viewDidDisappear"].contains($0.rawValue) },
            "a sheet shown full screen in compact height keeps its presenter")
        #expect(records[2].state.presentation?.layout.frame == Rect(x: 0, y: 450.5, width: 390, height: 393.5))
    }

    @Test func traceReportsAppearanceDetentAndDimming() throws {
        let text = Fixtures.yaml(
            extra: "iOSVersion: 17",
            steps: [
                "- present: {style: popover, source: {x: 333, y: 258, width: 44, height: 34}, detents: [medium, large]}"
            ])
        let json =
            try JSONSerialization.jsonObject(with: Data(try Trace.text(try Fixtures.parse(text), measuring: TextMeasurer.shared).utf8))
            as! [String: Any]
        let state = ((json["steps"] as! [[String: Any]])[0]["state"] as! [String: Any])
        let presentation = state["presentation"] as! [String: Any]
        #expect(presentation["requestedStyle"] as? String == "popover")
        #expect(presentation["style"] as? String == "formSheet")
        #expect(presentation["appearance"] as? String == "sheet")
        #expect(presentation["detent"] as? String == "medium")
        #expect(presentation["dimmed"] as? Bool == true)
        #expect(presentation["arrowDirection"] as? String == "none")
        #expect(presentation["sourceRect"] == nil)
        #expect((presentation["frame"] as! [String: Double]) == ["x": 0, "y": 450.5, "width": 390, "height": 393.5])
    }

    @Test func refusals() {
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 19"))
                == "test.yaml:2:13: error: iOS 19 was never released: Apple went from iOS 18 to iOS 26 (2025) (expected a released major iOS version: 12 to 18, 26 or 27)"
        )
        // 28 is past the newest release (27).
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 28"))
                == "test.yaml:2:13: error: 'iOSVersion' is 28, out of range (expected a released major iOS version: 12 to 18, 26 or 27)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 14", steps: ["- present: {style: pageSheet, detents: [medium]}"]))
                == "test.yaml:10:42: error: 'detents' needs iOS 15 or later, the scenario targets iOS 14 (expected iOSVersion: 15 or later, or no sheet settings)"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: pageSheet, detents: [medium, medium]}"]))
                == "test.yaml:10:51: error: 'medium' is listed twice (expected each detent once)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: pageSheet, selectedDetent: medium}"]))
                == "test.yaml:10:49: error: the sheet has no medium detent (expected a detent listed in 'detents': large)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- detent: medium"]))
                == "test.yaml:10:5: error: detent: nothing is presented (expected a present step first)")
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: pageSheet}", "- detent: medium"]))
                == "test.yaml:11:5: error: detent: the sheet has no medium detent (it offers large) (expected a detent listed in the present step's 'detents')"
        )
        #expect(
            Fixtures.refusal(Fixtures.yaml(steps: ["- present: {style: pageSheet, detents: [medium, large]}", "- detent: medium"]))
                == "test.yaml:11:5: error: detent: the sheet already rests at its medium detent (expected another detent than medium)")
    }

    /// Every sheet stays inside the window, whatever device, release, options, rotations and
    /// resizes it goes through.
    @Test func everySheetStaysInsideTheWindow() async {
        let devices = DeviceCatalog.all
        let modes = Multitasking.allCases
        await seededPropertyCheck(
            count: 600, input: zip(Gen.int(in: 0...(devices.count - 1)), Gen.int(in: 12...18), Gen.int(in: 0...255), Gen.int(in: 0...4095))
        ) { index, version, flags, moves in
            let device = devices[index]
            var window = try! WindowEnvironment(
                device: device, orientation: .portrait,
                settings: DisplaySettings(iOSVersion: IOSVersion(version)))
            let styles: [PresentationStyle] = [.popover, .formSheet, .pageSheet, .automatic]
            let detents: [SheetDetent] = flags & 4 != 0 ? [.medium, .large] : [flags & 8 != 0 ? .medium : .large]
            let sheet = SheetOptions(
                detents: detents, grabber: flags & 16 != 0, largestUndimmedDetent: flags & 32 != 0 ? .medium : nil,
                edgeAttachedInCompactHeight: flags & 64 != 0, widthFollowsPreferredContentSize: flags & 128 != 0)
            let request = PresentationRequest(
                style: styles[flags & 3], source: Rect(x: 20, y: 60, width: 44, height: 44),
                size: Size(width: 900, height: 700), sheet: sheet)
            var stage = StageState.reduce(StageState(window: window, container: Fixtures.issueConfig()), .present(request)).0
            var remaining = moves
            for _ in 0..<6 {
                let action: StageAction =
                    remaining & 1 == 0
                    ? .rotate(remaining & 2 == 0 ? .landscape : .portrait)
                    : .resize(modes[(remaining >> 1) % modes.count])
                remaining >>= 2
                if stage.problem(with: action) == nil { stage = StageState.reduce(stage, action).0 }
                window = stage.window
                let layout = try! #require(stage.presentation?.layout)
                let f = layout.frame, size = window.window
                #expect(
                    f.x >= 0 && f.y >= 0 && f.maxX <= size.width + 1e-9 && f.maxY <= size.height + 1e-9 && f.width >= 0 && f.height >= 0,
                    "\(device.id) iOS \(version): \(layout.appearance) \(f) leaves the window \(size)")
                if layout.appearance == .sheet {
                    #expect(abs(f.maxY - size.height) < 1e-9, "a sheet is attached to the bottom edge")
                    #expect(f.y >= window.safeArea.top + PresentationRules.largeDetentTopInset - 1e-9, "a sheet stays below the status bar")
                }
                if layout.appearance == .card && version >= 13 {
                    #expect(
                        f.x >= PresentationRules.cardMargin && f.y >= PresentationRules.cardMargin, "a card leaves the background visible")
                }
            }
        }
    }
}

@Suite struct SheetDrawingTests {
    func image(_ request: PresentationRequest, _ device: String = "iphone-14", dark: Bool = false) throws -> RGBAImage {
        // iOS 17's opaque sheets (the glass ones are drawn in `LiquidGlassSheetTests`).
        let window = Fixtures.window(device, settings: DisplaySettings(appearance: dark ? .dark : .light, iOSVersion: IOSVersion(17)))
        let stage = StageState.reduce(StageState(window: window, container: Fixtures.issueConfig()), .present(request)).0
        return try Rasterizer.render(svg: SVGSnapshot.svg(stage, look: Look(), measuring: TextMeasurer.shared), scale: 1)
    }

    @Test func aLargeSheetPushesThePresenterBackOverBlack() throws {
        let large = try image(PresentationRequest(style: .pageSheet, sheet: SheetOptions(grabber: true)))
        // Between the presenter's top (47) and the sheet's (57), left of the scaled presenter
        // (it starts at 390 × 0.04 = 15.6): the black backdrop.
        #expect(large.pixel(x: 5, y: 52) == (0, 0, 0, 255))
        #expect(large.pixel(x: 385, y: 52) == (0, 0, 0, 255))
        // The grabber: 36 × 5 at (177, 62); #c7c7cc on the white sheet.
        #expect(large.pixel(x: 195, y: 64) == (0xc7, 0xc7, 0xcc, 255))
        // The sheet's surface, left of the first row's icon, is white.
        #expect(large.pixel(x: 8, y: 140) == (255, 255, 255, 255))
    }

    @Test func theMediumSheetDimsAnUnmovedPresenter() throws {
        let medium = try image(PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium])))
        let plain = try Rasterizer.render(
            svg: SVGSnapshot.svg(
                StageState(window: Fixtures.window("iphone-14"), container: Fixtures.issueConfig()), look: Look(),
                measuring: TextMeasurer.shared),
            scale: 1)
        // Above the sheet (top 450.5) the presenter shows unmoved under 0.4 black: each channel
        // × 0.6, within cairo's 8-bit compositing (white comes out 151, not 153).
        for (x, y) in [(2, 440), (200, 300), (40, 120)] {
            let under = plain.pixel(x: x, y: y), dimmed = medium.pixel(x: x, y: y)
            for (a, b) in [(under.r, dimmed.r), (under.g, dimmed.g), (under.b, dimmed.b)] {
                #expect(abs(Double(a) * 0.6 - Double(b)) <= 3, "(\(x), \(y)): \(under) dimmed is \(dimmed)")
            }
        }
    }

    @Test func darkSheetsUseTheElevatedSurface() throws {
        let dark = try image(PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium])), dark: true)
        #expect(dark.pixel(x: 8, y: 540) == (0x1c, 0x1c, 0x1e, 255))
    }

    /// A popover never covers its source, whichever edge its arrow is on: neither its frame,
    /// nor its arrow (whose tip only touches the source's edge), nor anything listed on it, and
    /// the pixels inside the source are the ones drawn without the popover.
    @Test(arguments: [
        // ipad-pro-11: 834 × 1194, safe area 24 top, 20 bottom; the margins' area is
        // x 10…824, y 34…1164. A popover 300 × 350 and an arrow 13 deep.
        // Below the source: 80 + 44 + 13 = 137, and 137 + 350 ≤ 1164.
        (Rect(x: 700, y: 80, width: 44, height: 44), ArrowDirection.up),
        // Below does not fit (1144 + 13 + 350 > 1164); above: 1100 − 13 − 350 = 737 ≥ 34.
        (Rect(x: 400, y: 1100, width: 44, height: 44), .down),
        // Neither fits (913 + 350 > 1164, 300 − 363 < 34); room right 824 − 144 − 13 = 667
        // beats room left 100 − 13 − 10 = 77.
        (Rect(x: 100, y: 300, width: 44, height: 600), .left),
        // Mirrored: room left 690 − 23 = 667 beats room right 824 − 734 − 13 = 77.
        (Rect(x: 690, y: 300, width: 44, height: 600), .right),
    ])
    func nothingIsDrawnOverAPopoversSource(source: Rect, direction: ArrowDirection) throws {
        let window = Fixtures.window("ipad-pro-11")
        let request = PresentationRequest(style: .popover, source: source, size: Size(width: 300, height: 350))
        let plain = StageState(window: window, container: Fixtures.issueConfig())
        let stage = StageState.reduce(plain, .present(request)).0
        let layout = StageLayout(stage, look: Look(), measuring: TextMeasurer.shared)
        let presentation = try #require(layout.presentation)
        #expect(presentation.appearance == .popover)
        #expect(presentation.arrowDirection == direction)
        #expect(!presentation.frame.intersects(source), "\(presentation.frame) covers \(source)")
        let arrow = try #require(layout.popoverArrow)
        let xs = arrow.points.map(\.x), ys = arrow.points.map(\.y)
        let arrowBox = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        #expect(!arrowBox.intersects(source), "the arrow \(arrow.points) reaches into \(source)")
        // The tip (the middle point) lies on the source's edge facing the popover.
        let tip = arrow.points[1]
        switch direction {
        case .up: #expect(tip.y == source.maxY)
        case .down: #expect(tip.y == source.y)
        case .left: #expect(tip.x == source.maxX)
        case .right: #expect(tip.x == source.x)
        case .none: Issue.record("a popover with room has an arrow")
        }
        let onPopover = layout.elements.filter { $0.surface == .presentation }
        #expect(!onPopover.isEmpty)
        for element in onPopover { #expect(!element.frame.intersects(source), "\(element.name) covers \(source)") }
        // Drawn: inside the source (1 px in from its edges, which antialiasing may touch) the
        // picture is the presenter's, only darkened by the popover's shadow, a blur of its
        // outline at 0.25 black (PresentationDrawing): each channel keeps at least 0.75 of
        // its value (less 2 for 8-bit rounding), and no channel gets brighter.
        let without = try Rasterizer.render(svg: SVGSnapshot.svg(plain, look: Look(), measuring: TextMeasurer.shared), scale: 1)
        let with = try Rasterizer.render(svg: SVGSnapshot.svg(stage, look: Look(), measuring: TextMeasurer.shared), scale: 1)
        var covered = 0
        for y in Int(source.y) + 1..<Int(source.maxY) - 1 {
            for x in Int(source.x) + 1..<Int(source.maxX) - 1 {
                let a = without.pixel(x: x, y: y), b = with.pixel(x: x, y: y)
                for (under, over) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] where over > under || Double(over) < 0.75 * Double(under) - 2 {
                    covered += 1
                }
            }
        }
        #expect(covered == 0, "\(covered) channels inside the source were drawn over")
        // The comparison can fail: the popover's own pixels are not a shadow of the presenter's.
        let frame = presentation.frame
        var drawn = 0
        for y in stride(from: Int(frame.y) + 2, to: Int(frame.maxY) - 2, by: 2) {
            for x in stride(from: Int(frame.x) + 2, to: Int(frame.maxX) - 2, by: 2) {
                let a = without.pixel(x: x, y: y), b = with.pixel(x: x, y: y)
                if b.r > a.r || b.g > a.g || b.b > a.b || Double(b.r) < 0.75 * Double(a.r) - 2 { drawn += 1 }
            }
        }
        #expect(drawn > 0)
    }
}
