import Foundation
import TabStage
import TabStageImageDiff
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import TabStageWorkflow
import Testing

@Suite struct AccessibilityCheckTests {
    /// The accessibility warnings of a scenario's snapshots (one `start` unless `steps` say otherwise).
    static func warnings(extra: String = "", yaml: String? = nil) throws -> [LayoutWarning] {
        let scenario = try Fixtures.parse(yaml ?? Fixtures.yaml(extra: extra))
        return AccessibilityOutputs.warnings(try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared)).map(\.warning)
    }

    /// #8E8E93 on white: R = G = 142/255 = 0.55686, linearised ((0.55686 + 0.055) / 1.055)^2.4
    /// = 0.27050; B = 147/255 = 0.57647 → 0.29177; L = (0.2126 + 0.7152) × 0.27050 + 0.0722 ×
    /// 0.29177 = 0.27203; white is 1, so (1 + 0.05) / (0.27203 + 0.05) = 3.26.
    @Test func contrastIsWCAGs() throws {
        let gray = try #require(Contrast.ratio(foreground: "#8E8E93", background: "#ffffff"))
        #expect(abs(gray - 3.2605) < 0.0005)
        // Black on white is the largest ratio: (1 + 0.05) / (0 + 0.05) = 21.
        #expect(Contrast.ratio(foreground: "#000000", background: "#ffffff") == 21)
        #expect(Contrast.ratio(foreground: "#ffffff", background: "#ffffff") == 1)
        // Black at alpha 128/255 = 0.50196 over white blends (in sRGB, as librsvg does) to
        // 1 − 0.50196 = 0.49804 a channel, linear ((0.49804 + 0.055) / 1.055)^2.4 = 0.21223:
        // (1 + 0.05) / (0.21223 + 0.05) = 4.004.
        let blended = try #require(Contrast.ratio(foreground: "#00000080", background: "#ffffff"))
        #expect(abs(blended - 4.0041) < 0.0005)
        #expect(Contrast.ratio(foreground: "red", background: "#ffffff") == nil)
    }

    /// A `width` × `height` backdrop at `scale`, every pixel `base` but those `light` says are white.
    static func backdrop(
        width: Int, height: Int, scale: Double = 1, base: (UInt8, UInt8, UInt8), light: (Int, Int) -> Bool = { _, _ in false }
    ) -> Backdrop {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { rgba += light(x, y) ? [255, 255, 255, 255] : [base.0, base.1, base.2, 255] }
        }
        return Backdrop(width: width, height: height, scale: scale, rgba: rgba)
    }

    /// White over a solid #8E8E93 backdrop measures what the colour pair gives: 3.26:1 (worked
    /// out in `contrastIsWCAGs`), over every one of the box's 10 × 10 pixels.
    @Test func aSolidBackdropGivesTheColourPairsRatio() throws {
        let grey = Self.backdrop(width: 10, height: 10, base: (0x8e, 0x8e, 0x93))
        let measured = try #require(Contrast.ratio(foreground: "#ffffff", over: grey, in: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(abs(measured.ratio - 3.2605) < 0.0005)
        #expect(measured.ratio == Contrast.ratio(foreground: "#ffffff", background: "#8e8e93"))
        #expect(measured.pixels == 100 && measured.background == "#8e8e93")
        // At 2 pixels a point the box {1, 1, 2, 2} holds the pixels whose centres lie in 2…6:
        // columns and rows 2, 3, 4 and 5, 16 pixels.
        let sharp = Self.backdrop(width: 20, height: 20, scale: 2, base: (0x8e, 0x8e, 0x93))
        #expect(Contrast.ratio(foreground: "#ffffff", over: sharp, in: Rect(x: 1, y: 1, width: 2, height: 2))?.pixels == 16)
        // A box outside the pixels measures nothing.
        #expect(Contrast.ratio(foreground: "#ffffff", over: grey, in: Rect(x: 20, y: 0, width: 5, height: 5)) == nil)
    }

    /// The rule is the 5th percentile, nearest rank: of n = 100 pixels sorted from the lowest
    /// ratio, the 5th (⌈5 × 100 / 100⌉). White over black is 21:1, over white 1:1. Four white
    /// pixels are under the rank (21:1 reported); five reach it (1:1); half the box white gives 1:1.
    @Test func aLightPartOfTheBoxDecidesFromAOneInTwentyShare() throws {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        let four = Self.backdrop(width: 10, height: 10, base: (0, 0, 0)) { x, y in y == 0 && x < 4 }
        #expect(Contrast.ratio(foreground: "#ffffff", over: four, in: box)?.ratio == 21)
        let five = Self.backdrop(width: 10, height: 10, base: (0, 0, 0)) { x, y in y == 0 && x < 5 }
        let fiveLight = try #require(Contrast.ratio(foreground: "#ffffff", over: five, in: box))
        #expect(fiveLight.ratio == 1 && fiveLight.background == "#ffffff")
        // A 20 × 10 banner light on its left half; the box {5, 0, 10, 10} is half over it.
        let half = Self.backdrop(width: 20, height: 10, base: (0, 0, 0)) { x, _ in x < 10 }
        let measured = try #require(Contrast.ratio(foreground: "#ffffff", over: half, in: Rect(x: 5, y: 0, width: 10, height: 10)))
        #expect(measured.ratio == 1 && measured.pixels == 100)
    }

    /// The warnings of a scenario whose banner is the PNG `banner`, scrolled until the
    /// navigation title shows over it (the 220 pt header collapses after 220 − 91 = 129 pt).
    static func bannerWarnings(_ banner: RGBAImage) throws -> [LayoutWarning] {
        let sandbox = AssetSandbox()
        sandbox.write("banner.png", try PNGCodec.encode(banner))
        let yaml = Fixtures.yaml(extra: "theme: {banner: {image: banner.png}}", steps: ["- scroll: {to: 400}", "- snapshot: collapsed"])
        sandbox.write("s.yaml", yaml)
        let scenario = try ScenarioLoader.load(path: sandbox.scenario + "/s.yaml")
        return AccessibilityOutputs.warnings(try ScenarioRunner.record(scenario, measuring: TextMeasurer.shared)).map(\.warning)
    }

    /// White over a solid #AAAAAA banner picture: 170/255 = 0.66667, linearised
    /// ((0.66667 + 0.055) / 1.055)^2.4 = 0.40201, so (1 + 0.05) / (0.40201 + 0.05) = 2.32:1, under
    /// the 3:1 the 17 pt semibold title needs. Over #8E8E93 it is 3.26:1: no warning.
    @Test func theTitleOverABannerPictureIsMeasuredOnItsPixels() throws {
        let light = try Self.bannerWarnings(RGBAImage(width: 390, height: 100, fill: (r: 0xaa, g: 0xaa, b: 0xaa, a: 255)))
        let title = try #require(light.first { $0.element == "nav-title" })
        #expect(title.kind == .lowContrast)
        #expect(
            title.text.hasPrefix(
                "'Jane Appleseed' has a contrast of 2.32:1 (#ffffff over the banner picture: #aaaaaa, the 5th percentile of "))
        #expect(title.text.hasSuffix(" pixels behind it), under the 3:1 minimum for 17 pt bold large text"))
        let grey = try Self.bannerWarnings(RGBAImage(width: 390, height: 100, fill: (r: 0x8e, g: 0x8e, b: 0x93, a: 255)))
        #expect(!grey.contains { $0.element == "nav-title" })
        // Left half white, right half black (390 pt wide, drawn 1:1 on the iPhone 14's 390 pt
        // cover): the centred title's box is half over white, so its 5th percentile is 1:1.
        let half = RGBAImage(
            width: 390, height: 100,
            pixels: (0..<100).flatMap { _ in (0..<390).flatMap { x in x < 195 ? [255, 255, 255, 255] : [0, 0, 0, 255] as [UInt8] } })
        let halfTitle = try #require(try Self.bannerWarnings(half).first { $0.element == "nav-title" })
        #expect(halfTitle.text.hasPrefix("'Jane Appleseed' has a contrast of 1:1 (#ffffff over the banner picture: #ffffff, "))
    }

    /// Large text is at least 18 pt, or 14 pt bold: it needs 3:1, the rest 4.5:1.
    @Test func largeTextNeedsLess() {
        #expect(Contrast.minimum(size: 18, bold: false) == 3)
        #expect(Contrast.minimum(size: 17.9, bold: false) == 4.5)
        #expect(Contrast.minimum(size: 14, bold: true) == 3)
        #expect(Contrast.minimum(size: 13.9, bold: true) == 4.5)
    }

    /// The default palette passes contrast (#536471 on white is 6.12:1); what is left is the
    /// Follow button, 96 × 32 pt (its least width, and 32 pt tall), under 44 × 44.
    @Test func defaultProfileWarnsOnlyAboutTheFollowButton() throws {
        let warnings = try Self.warnings()
        #expect(
            warnings == [
                LayoutWarning(
                    element: "follow", kind: .smallHitArea, text: "'Follow' is a 96 × 32 pt hit area, under the 44 × 44 pt minimum")
            ])
    }

    /// The round banner buttons are drawn as 32 pt circles, but UIKit gives a bar button at
    /// least 44 × 44 pt to touch whatever its drawing: the drawn circle grown about its
    /// centre, (44 − 32) / 2 = 6 pt on each side. Neither warns.
    @Test func bannerButtonsTakeTouchesOn44Points() throws {
        let yaml = Fixtures.yaml().replacingOccurrences(of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", navButtons: [back, more]}")
        let warnings = try Self.warnings(yaml: yaml)
        #expect(!warnings.contains { $0.element.hasPrefix("nav-") })
        #expect(
            HitArea.frame(of: "nav-back", drawn: Rect(x: 16, y: 50, width: 32, height: 32), content: HeaderContent())
                == Rect(x: 10, y: 44, width: 44, height: 44))
        // The title is no control: its frame stays as drawn.
        #expect(
            HitArea.frame(of: "nav-title", drawn: Rect(x: 100, y: 50, width: 120, height: 20), content: HeaderContent())
                == Rect(x: 100, y: 50, width: 120, height: 20))
    }

    /// A UIButton takes touches on its frame only: the 96 × 32 Follow warns until the scenario
    /// says the app enlarges it (`button.touchArea`): 44 × 44 about its centre grows it to
    /// max(96, 44) × max(32, 44) = 96 × 44, enough; an area smaller than the button changes
    /// nothing; a zero width is refused.
    @Test func theHeaderButtonsTouchAreaIsTheScenarios() throws {
        let enlarged = Fixtures.yaml().replacingOccurrences(
            of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", button: {title: Follow, touchArea: {width: 44, height: 44}}}")
        #expect(try Self.warnings(yaml: enlarged).allSatisfy { $0.kind != .smallHitArea })
        let small = Fixtures.yaml().replacingOccurrences(
            of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", button: {title: Follow, touchArea: {width: 20, height: 20}}}")
        #expect(
            try Self.warnings(yaml: small).filter { $0.kind == .smallHitArea }.map(\.text)
                == ["'Follow' is a 96 × 32 pt hit area, under the 44 × 44 pt minimum"])
        #expect(
            Fixtures.refusal(
                Fixtures.yaml().replacingOccurrences(
                    of: "subtitle: \"@jane\"}", with: "subtitle: \"@jane\", button: {title: Follow, touchArea: {width: 0, height: 44}}}"))
                != nil)
    }

    /// A theme whose secondary label is #8E8E93 on white (3.26:1): the handle (15 pt), the
    /// counts (14 pt), the unselected tabs (15 pt regular) and the rows' ages (13 pt) need
    /// 4.5:1 and each warns once; the name and the selected tab use the label colour.
    @Test func lightGrayTextWarnsWithItsRatio() throws {
        let warnings = try Self.warnings(extra: "theme: {secondaryLabel: \"#8E8E93\"}").filter { $0.kind == .lowContrast }
        #expect(warnings.map(\.element) == ["subtitle", "stats", "tab-1", "tab-2", "row-0-0"])
        #expect(
            warnings.first?.text
                == "'@jane' has a contrast of 3.26:1 (#8e8e93 on #ffffff), under the 4.5:1 minimum for 15 pt text")
        #expect(warnings.last?.text == "'1h' has a contrast of 3.26:1 (#8e8e93 on #ffffff), under the 4.5:1 minimum for 13 pt text")
    }

    /// The app tab bar's items are checked on their whole cells. A landscape classic bar is
    /// 32 pt tall (compact height): on an iPhone 14 in landscape, 844 pt wide with 47 pt insets
    /// on both sides, its three items share 844 − 2 × 47 = 750 pt, 250 each, and each warns.
    /// Portrait, 49 pt tall and 390 / 3 = 130 wide, none does.
    @Test func theAppTabBarsItemsAreCheckedForTheirHitArea() throws {
        let bar = "iOSVersion: 18\nappTabBar: {items: [Home, Search, Profile]}"
        let landscape = try Self.warnings(extra: "orientation: landscape\n" + bar).filter { $0.element.hasPrefix("app-tab-") }
        #expect(
            landscape
                == ["Home", "Search", "Profile"].enumerated().map { index, title in
                    LayoutWarning(
                        element: "app-tab-\(index)", kind: .smallHitArea,
                        text: "'\(title)' is a 250 × 32 pt hit area, under the 44 × 44 pt minimum")
                })
        #expect(try Self.warnings(extra: bar).allSatisfy { !$0.element.hasPrefix("app-tab-") })
    }

    /// A header with no name leaves the avatar (an image labelled with the name) unlabelled.
    @Test func anUnlabelledElementWarns() throws {
        let yaml = Fixtures.yaml().replacingOccurrences(of: "title: \"Jane Appleseed\"", with: "title: \"\"")
        let warnings = try Self.warnings(yaml: yaml).filter { $0.kind == .missingLabel }
        #expect(
            warnings == [
                LayoutWarning(
                    element: "avatar", kind: .missingLabel,
                    text: "avatar has no accessibility label: VoiceOver reads nothing for it (give it text)")
            ])
    }
}
