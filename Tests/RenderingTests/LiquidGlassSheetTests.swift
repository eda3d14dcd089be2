import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// iOS 26 and 27: sheets at a partial-height detent float on Liquid Glass, full-height sheets
/// stay edge-to-edge and opaque, popovers are glass, cards opaque, and iOS 27 places an iPad sheet.
@Suite struct LiquidGlassSheetTests {
    func environment(_ device: String, _ orientation: Orientation = .portrait, version: IOSVersion) -> WindowEnvironment {
        Fixtures.window(device, orientation, settings: DisplaySettings(iOSVersion: version))
    }

    func layout(_ request: PresentationRequest, _ window: WindowEnvironment) -> PresentationLayout {
        PresentationRules.layout(request, in: PresentationEnvironment(window))
    }

    static let medium = PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium, .large]))
    static let large = PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium, .large], selectedDetent: .large))

    @Test func aMediumSheetFloatsOnIPhone17ProOn26() {
        // iphone-17-pro: 402 × 874, safe area 62 top / 34 bottom, display corners 62.
        // The large detent reaches the safe-area top (no 10 pt gap on 26): 874 − 62 = 812 tall.
        // Medium (measured: iOS 26 simulator, view dump): laid out 402 × 469.67 (0.5784 of the
        // 812 pt large detent) and drawn scaled by 0.96 about its centre: 385.92 × 450.88, its
        // sides 402 × 0.02 = 8.04 in and its bottom as far from the window's, so its top at
        // 874 − 8.04 − 450.88 = 415.08. On the 3× pixel grid: x 24.12 px → 8, right 394,
        // top 1245.23 px → 415, bottom 866: (8, 415, 386, 451), the measured frame.
        let window = environment("iphone-17-pro", version: IOSVersion(26))
        let sheet = layout(Self.medium, window)
        #expect(sheet.frame == Rect(x: 8, y: 415, width: 386, height: 451))
        #expect(sheet.floats)
        #expect(sheet.material == .glass)
        // The top corners 38 (measured on iOS 26.1), the bottom ones concentric with the
        // display's: 62 − 8 = 54.
        let chrome = PresentationChrome(sheet, window: window)
        #expect(chrome.cornerRadius == 38)
        #expect(chrome.bottomCornerRadius == 54)
        #expect(!chrome.roundsTopCornersOnly)
    }

    @Test func aLargeSheetStaysEdgeToEdgeAndOpaque() {
        // 874 − 62 = 812 tall from y 62, the whole 402 pt width.
        let window = environment("iphone-17-pro", version: IOSVersion(26))
        let sheet = layout(Self.large, window)
        #expect(sheet.frame == Rect(x: 0, y: 62, width: 402, height: 812))
        #expect(!sheet.floats)
        #expect(sheet.material == .opaque)
        let chrome = PresentationChrome(sheet, window: window)
        // The same 38 pt top corners at the large detent; square at the bottom edge.
        #expect(chrome.cornerRadius == 38 && chrome.bottomCornerRadius == 0)
        #expect(chrome.roundsTopCornersOnly)
    }

    @Test func theMaximumDetentValueIs10PointsLessBefore26() {
        // 26: 874 − 62 − 34 = 778. 18: 778 − 10 = 768.
        #expect(
            PresentationRules.maximumDetentValue(in: PresentationEnvironment(environment("iphone-17-pro", version: IOSVersion(26)))) == 778)
        #expect(
            PresentationRules.maximumDetentValue(in: PresentationEnvironment(environment("iphone-17-pro", version: IOSVersion(18)))) == 768)
        // 18: large top 62 + 10 = 72, 802 tall; medium 401 tall from 874 − 401 = 473, attached.
        let classic = layout(Self.medium, environment("iphone-17-pro", version: IOSVersion(18)))
        #expect(classic.frame == Rect(x: 0, y: 473, width: 402, height: 401))
        #expect(!classic.floats && classic.material == .opaque)
    }

    @Test func designCompatibilityOn26DrawsWhat18Draws() {
        let compatible = environment("iphone-17-pro", version: IOSVersion(26, designCompatibility: true))
        let classic = environment("iphone-17-pro", version: IOSVersion(18))
        for request in [Self.medium, Self.large] {
            let a = layout(request, compatible), b = layout(request, classic)
            #expect(a == b)
            #expect(PresentationChrome(a, window: compatible) == PresentationChrome(b, window: classic))
        }
    }

    @Test func anIPhone14MediumSheetOn26() {
        // iphone-14: 390 × 844, top 47, corners 47.33. Large: 844 − 47 = 797; medium laid out
        // 797 × 0.5784 = 460.99 tall, drawn × (390 − 16) / 390 = 0.959: 374 × 442.08, 8 from the
        // sides and bottom, top 844 − 8 − 442.08 = 393.92. On the 3× grid: top 1181.77 px → 1182
        // = 394, bottom 836: (8, 394, 374, 442); bottom corners 47.33 − 8 = 39.33.
        let window = environment("iphone-14", version: IOSVersion(27))
        let sheet = layout(Self.medium, window)
        let expected = Rect(x: 8, y: 394, width: 374, height: 442)
        #expect(
            abs(sheet.frame.x - expected.x) < 1e-9 && abs(sheet.frame.y - expected.y) < 1e-9
                && abs(sheet.frame.width - expected.width) < 1e-9 && abs(sheet.frame.height - expected.height) < 1e-9)
        let chrome = PresentationChrome(sheet, window: window)
        #expect(abs(chrome.bottomCornerRadius - 39.33) < 1e-9)
        // The top corners do not follow the display: 38 on every iPhone.
        #expect(chrome.cornerRadius == 38)
    }

    @Test func popoversAreGlassAndFormSheetsOpaqueOn26() {
        // ipad-pro-13 landscape: 1376 × 1032; a 540 × 620 form sheet centred in the area 40 pt
        // in from every side: x 40 + (1296 − 540) / 2 = 418, y 40 + (952 − 620) / 2 = 206.
        let window = environment("ipad-pro-13", .landscape, version: IOSVersion(26))
        let card = layout(PresentationRequest(style: .formSheet), window)
        #expect(card.frame == Rect(x: 418, y: 206, width: 540, height: 620))
        // Opaque, as iPadOS 26 draws a form sheet (assumed), with iOS 26's corners.
        #expect(card.material == .opaque)
        let chrome = PresentationChrome(card, window: window)
        #expect(chrome.cornerRadius == 32 && chrome.bottomCornerRadius == 32)
        let popover = layout(
            PresentationRequest(style: .popover, source: Rect(x: 600, y: 100, width: 44, height: 44), size: Size(width: 320, height: 300)),
            window)
        #expect(popover.appearance == .popover)
        #expect(popover.material == .glass)
        // iOS 18: the same card, opaque.
        #expect(
            layout(PresentationRequest(style: .formSheet), environment("ipad-pro-13", .landscape, version: IOSVersion(18))).material
                == .opaque)
    }

    @Test func preferredPlacementPlacesAnIPadSheetOn27() throws {
        // The area is x 40 to 1336 (1376 − 40): leading x 40, trailing x 1336 − 540 = 796.
        func placed(_ placement: String, rtl: Bool = false) throws -> Rect? {
            let scenario = try Fixtures.parse(
                Fixtures.yaml(
                    device: "ipad-pro-13", extra: "iOSVersion: 27\norientation: landscape" + (rtl ? "\nlayoutDirection: rtl" : ""),
                    steps: ["- present: {style: formSheet, placement: \(placement)}"]))
            return try ScenarioRunner.records(scenario).first?.state.presentation?.layout.frame
        }
        #expect(try placed("leading")?.x == 40)
        #expect(try placed("trailing")?.x == 796)
        #expect(try placed("center")?.x == 418)
        #expect(try placed("automatic")?.x == 418)
        #expect(try placed("leading", rtl: true)?.x == 796)
        // Before 27 the key is refused where its value is written: line 10, column 44
        // (`  - present: {style: formSheet, placement: ` is 43 characters long).
        #expect(
            Fixtures.refusal(Fixtures.yaml(device: "ipad-pro-13", steps: ["- present: {style: formSheet, placement: leading}"]))
                == "test.yaml:10:44: error: 'placement' (preferredPlacement) needs iOS 27 or later, the scenario targets iOS 26 (expected iOSVersion: 27, or no placement)"
        )
    }

    @Test func theTraceShowsFrameCornerRadiusAndMaterial() throws {
        let text = Fixtures.yaml(device: "iphone-17-pro", steps: ["- present: {style: pageSheet, detents: [medium, large]}"])
        let json =
            try JSONSerialization.jsonObject(with: Data(try Trace.text(try Fixtures.parse(text), measuring: TextMeasurer.shared).utf8))
            as! [String: Any]
        let state = ((json["steps"] as! [[String: Any]])[0]["state"] as! [String: Any])
        let presentation = state["presentation"] as! [String: Any]
        // The measured medium sheet (iOS 26 simulator): (8, 415, 386, 451).
        #expect((presentation["frame"] as! [String: Double]) == ["x": 8, "y": 415, "width": 386, "height": 451])
        // The top corners 38 (measured), the bottom ones concentric with the display's, 62 − 8 = 54.
        #expect((presentation["cornerRadius"] as! [String: Double]) == ["top": 38, "bottom": 54])
        #expect(presentation["material"] as? String == "glass")
    }

    @Test func theGlassIsDrawnAsABlurredCopyUnderATintWithARim() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(device: "iphone-17-pro", steps: ["- present: {style: pageSheet, detents: [medium, large]}", "- snapshot: s"]))
        let state = try #require(try ScenarioRunner.records(scenario).last?.state)
        let svg = SVGSnapshot.svg(state, look: scenario.look, measuring: TextMeasurer.shared)
        #expect(svg.contains("<g id=\"window-content\">"))
        #expect(svg.contains("<use href=\"#window-content\" filter=\"url(#glass-blur)\"/>"))
        // A sheet blurs by 10 pt; the blur's region is the sheet's box grown by 3 × 10 pt plus a
        // popover arrow's 13 pt (43): x 8 − 43 = −35, y 415 − 43 = 372, 386 + 86 = 472 by
        // 451 + 86 = 537.
        #expect(
            svg.contains(
                "<filter id=\"glass-blur\" filterUnits=\"userSpaceOnUse\" x=\"-35\" y=\"372\" width=\"472\" height=\"537\""))
        #expect(svg.contains("<feGaussianBlur stdDeviation=\"10\"/></filter>"))
        // The surface is the tint: in light appearance white at 0.7 (measured: iOS 26 simulator,
        // the backdrop keeps ≈ 0.30 of its contrast; dark appearance keeps the measured 0.77).
        #expect(
            svg.contains("<rect id=\"presented\" x=\"8\" y=\"415\" width=\"386\" height=\"451\" fill=\"#ffffff\" fill-opacity=\"0.7\"/>"))
        // No drop shadow around a sheet (measured: iOS 26 simulator, at either detent).
        #expect(!svg.contains("presentation-shadow"))
        // The grabber laid out 36 × 5 at 5 pt below the laid-out top (405.665) and drawn with the
        // sheet, × s = 386 / 402 about (201, 640.5): x 201 − 18 s = 183.716, y 640.5 − 229.835 s
        // = 419.813, 34.567 × 4.801, in rgb(177, 177, 180) (measured).
        let window = environment("iphone-17-pro", version: IOSVersion(26))
        let grabbed = PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium, .large], grabber: true))
        let grabber = try #require(PresentationChrome(layout(grabbed, window), window: window).grabber)
        #expect(abs(grabber.x - 183.716) < 0.001 && abs(grabber.y - 419.813) < 0.001)
        #expect(abs(grabber.width - 36 * 386 / 402) < 1e-9 && abs(grabber.height - 5 * 386 / 402) < 1e-9)
        #expect(PresentationChrome.glassGrabberColor == "#b1b1b4")
        #expect(svg.contains("id=\"glass-rim\""))
        // iOS 17 draws none of it.
        let classic = try Fixtures.parse(
            Fixtures.yaml(
                device: "iphone-17-pro", extra: "iOSVersion: 17",
                steps: ["- present: {style: pageSheet, detents: [medium, large]}", "- snapshot: s"]))
        let classicSVG = SVGSnapshot.svg(
            try #require(try ScenarioRunner.records(classic).last?.state), look: classic.look, measuring: TextMeasurer.shared)
        #expect(!classicSVG.contains("window-content") && !classicSVG.contains("glass"))
    }

    @Test func theGlassRendersOverTheDimmedPresenter() throws {
        let scenario = try Fixtures.parse(
            Fixtures.yaml(device: "iphone-17-pro", steps: ["- present: {style: pageSheet, detents: [medium, large]}", "- snapshot: s"]))
        let state = try #require(try ScenarioRunner.records(scenario).last?.state)
        let image = try Rasterizer.render(svg: SVGSnapshot.svg(state, look: scenario.look, measuring: TextMeasurer.shared), scale: 1)
        // In the 8 pt gap beside the sheet (x 3) the presenter shows under black at 0.20
        // (measured: iOS 26 simulator, light): at most 0.8 × 255 = 204 per channel. Inside the
        // sheet, left of the first row's label (x 16, the sheet's top 415 + 90), white at 0.7
        // over the blurred, undimmed backdrop: at least 0.7 × 255 = 178.5 per channel (a
        // 3-pixel allowance for 8-bit compositing).
        let gap = image.pixel(x: 3, y: 700)
        #expect(gap.r <= 207 && gap.g <= 207 && gap.b <= 207)
        let glass = image.pixel(x: 16, y: 505)
        #expect(glass.r >= 175 && glass.g >= 175 && glass.b >= 175)
        // Below the sheet (its bottom 866), the gap again.
        let below = image.pixel(x: 201, y: 871)
        #expect(below.r <= 207)
    }
}
