import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// iOS 26 and 27 as a designer compares them with the real thing: glass bar buttons (Done a
/// tinted circle with a checkmark, close a plain one with a ✕) 16 pt from the sheet's top and
/// side, one glass material under the bar and the list, 38 pt top sheet corners over bottom
/// ones concentric with the display's, the presenter peeking above a large sheet, rounder popovers as tall as their rows,
/// and a tab bar with a shadow, symbols and a separate search circle.
@Suite struct LiquidGlassReviewTests {
    static let medium = "- present: {style: pageSheet, detents: [medium, large]}"
    static let large = "- present: {style: pageSheet, detents: [medium, large], selectedDetent: large}"

    func state(device: String = "iphone-17-pro", version: Int = 26, extra: String = "", steps: [String]) throws -> StageState {
        let text = Fixtures.yaml(device: device, extra: "iOSVersion: \(version)\n\(extra)", steps: steps)
        return try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last?.state)
    }

    func stageLayout(_ state: StageState) -> StageLayout { StageLayout(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared) }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    @Test func theGlassDoneButtonIsA44PointCircle16FromTheSheetsTopAndSide() throws {
        // iPhone 17 Pro, medium detent on 26: the sheet is seen at {8, 415, 386, 451} (measured:
        // iOS 26 simulator), laid out unscaled at {0, 405.665, 402, 469.67} (centred on the seen
        // frame's centre, 640.5) and drawn × 386 / 402 about that centre.
        let layout = stageLayout(try state(steps: [Self.medium]))
        let list = try #require(layout.presentedList)
        let glass = try #require(list.glass)
        let top = 405.665
        // A 44 pt circle laid out 16 pt from the sheet's top and trailing side: y top + 16,
        // x 402 − 16 − 44 = 342.
        let done = try #require(glass.doneButton)
        #expect(done.x == 342 && close(done.y, top + 16) && done.width == 44 && done.height == 44)
        // Its checkmark's 20 pt box centred on (342 + 22, top + 16 + 22): {354, top + 28}.
        let symbol = try #require(list.doneFrame)
        #expect(symbol.x == 354 && close(symbol.y, top + 28) && symbol.width == 20)
        // No close button unless the content asks for one.
        #expect(glass.closeButton == nil && list.closeFrame == nil)
        // The title's baseline sits 7 pt below the button's middle: top + 16 + 22 + 7 = top + 45.
        #expect(close(list.titleBaseline, top + 45))
        // The bar is 16 + 44 + 16 = 76 tall: its edge at top + 76; the soft effect fades out 16 pt
        // further (92 tall, the sheet's laid-out width); the first row 12 pt below the bar, top + 88.
        #expect(close(list.barSeparator.y, top + 76))
        let effect = glass.edgeEffectFrame
        #expect(effect.x == 0 && close(effect.y, top) && effect.width == 402 && close(effect.height, 92))
        #expect(close(list.rows.first?.frame.y ?? 0, top + 88))
        // Right to left: the button's leading edge is 16.
        let rtl = stageLayout(try state(extra: "layoutDirection: rtl\n", steps: [Self.medium]))
        #expect(rtl.presentedList?.glass?.doneButton?.x == 16)
        // The accessibility element is the whole circle as seen, × s = 386 / 402 about (201, 640.5):
        // x 201 + 141 s = 336.39, y 640.5 − 218.835 s = 430.37, 44 s = 42.25 wide.
        let s = 386.0 / 402
        let seen = try #require(layout.elements.first { $0.name == "presented-done" }?.frame)
        #expect(close(seen.x, 201 + 141 * s) && close(seen.y, 640.5 - (640.5 - top - 16) * s) && close(seen.width, 44 * s))
    }

    @Test func closeIsAPlainGlassCircleOnTheLeadingSide() throws {
        let step = "- present: {style: pageSheet, detents: [medium, large], content: {title: Options, items: [A], closeButton: true}}"
        let layout = stageLayout(try state(steps: [step]))
        let list = try #require(layout.presentedList)
        let glass = try #require(list.glass)
        // Laid out in {0, 405.665, 402, 469.67}: 16 pt from the sheet's leading side and top,
        // x 16, y 405.665 + 16 = 421.665; its ✕'s box centred on (16 + 22, 421.665 + 22):
        // {28, 433.665, 20, 20}. Done stays trailing, at 402 − 16 − 44 = 342.
        let button = try #require(glass.closeButton)
        #expect(button.x == 16 && close(button.y, 421.665) && button.width == 44)
        let symbol = try #require(list.closeFrame)
        #expect(symbol.x == 28 && close(symbol.y, 433.665) && symbol.width == 20)
        #expect(glass.doneButton?.x == 342)
        // Right to left, mirrored: close at 342, Done at 16.
        let rtl = try #require(stageLayout(try state(extra: "layoutDirection: rtl\n", steps: [step])).presentedList?.glass)
        #expect(rtl.closeButton?.x == 342 && rtl.doneButton?.x == 16)
        // Drawn as plain glass (black at 0.07 in light appearance) under a ✕, in the sheet's
        // content scaled about its centre; Done tinted with the accent under a checkmark.
        let svg = SVGSnapshot.svg(try state(steps: [step]), look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(svg.contains("transform=\"translate(201 640.5) scale(0.9602) translate(-201 -640.5)\""))
        #expect(
            svg.contains(
                "<rect id=\"presented-close-button\" x=\"16\" y=\"421.6"))
        #expect(svg.contains("width=\"44\" height=\"44\" rx=\"22\" fill=\"#000000\" fill-opacity=\"0.07\"/>"))
        // Their 24 pt designs scaled to the 20 pt boxes: 20 / 24 = 0.833…, written 0.83.
        #expect(svg.contains("<path d=\"M6 6L18 18M18 6L6 18\" transform=\"translate(28,433.6"))
        #expect(svg.contains("<path d=\"M4 12.5L9.5 18L20 6\" transform=\"translate(354,433.6"))
        // Both are checked elements, as whole circles as seen.
        #expect(layout.elements.first { $0.name == "presented-close" }?.frame == layout.presentation?.drawn(button))
    }

    @Test func closeButtonNeeds26() {
        // "  - present: {style: pageSheet, content: {closeButton: true}}": the value starts at
        // column 4 + 9 + 19 + 9 + 14 + 1 = 56 of line 10.
        let steps = ["- present: {style: pageSheet, content: {closeButton: true}}"]
        #expect(
            Fixtures.refusal(Fixtures.yaml(extra: "iOSVersion: 18", steps: steps))
                == "test.yaml:10:56: error: 'closeButton' needs iOS 26 or later, the scenario targets iOS 18 (expected iOSVersion: 26 or later, or no closeButton)"
        )
    }

    @Test func theClassicBarKeepsItsNumbersBefore26() throws {
        // iOS 18 medium sheet on an iPhone 17 Pro: the large top is 62 + 10 = 72, 802 tall; the
        // medium one 401 tall from 874 − 401 = 473. Baseline 473 + 29 = 502, hairline 473 + 44,
        // first row 473 + 56 = 529.
        let list = try #require(stageLayout(try state(version: 18, steps: [Self.medium])).presentedList)
        #expect(list.glass == nil)
        #expect(list.titleBaseline == 502)
        #expect(list.barSeparator.y == 517)
        #expect(list.rows.first?.frame.y == 529)
    }

    @Test func sheetTopCornersAre38AndTheBottomOnesConcentricWithTheDisplay() throws {
        // iPhone 17 Pro: the top corners 38 (measured on iOS 26.1, not the display's 62 − 8 = 54);
        // the medium sheet's bottom ones concentric with the display's, 62 − 8 = 54. The large
        // sheet keeps its 38 pt top corners; its bottom is the window's edge.
        let mediumChrome = try #require(stageLayout(try state(steps: [Self.medium])).presentationChrome)
        #expect(mediumChrome.cornerRadius == 38 && mediumChrome.bottomCornerRadius == 54)
        let largeChrome = try #require(stageLayout(try state(steps: [Self.large])).presentationChrome)
        #expect(largeChrome.cornerRadius == 38 && largeChrome.bottomCornerRadius == 0 && largeChrome.roundsTopCornersOnly)
        // iPhone 14 (corners 47.33): top 38, bottom 47.33 − 8 = 39.33.
        let iphone14 = try #require(stageLayout(try state(device: "iphone-14", steps: [Self.medium])).presentationChrome)
        #expect(iphone14.cornerRadius == 38 && close(iphone14.bottomCornerRadius, 39.33))
        // The bottom corners never go below 0: an iPhone SE's display has square corners
        // (0 − 8 < 0), an iPad's 18 pt ones give 18 − 8 = 10.
        #expect(PresentationChrome.glassSheetBottomCornerRadius(on: Fixtures.device("iphone-se")) == 0)
        #expect(PresentationChrome.glassSheetBottomCornerRadius(on: Fixtures.device("ipad-pro-13")) == 10)
        // iOS 18: 10 pt, as before.
        let classic = try #require(stageLayout(try state(version: 18, steps: [Self.medium])).presentationChrome)
        #expect(classic.cornerRadius == 10)
    }

    @Test func theLargeDetentPushesThePresenterBackAndItPeeksAboveTheSheet() throws {
        // 26: the large sheet's top is the safe-area top, 62. The presenter, scaled by 0.92, is
        // 402 × 0.92 = 369.84 wide, centred (x = 402 × 0.08 / 2 = 16.08), 874 × 0.92 = 804.08
        // tall, its top 10 pt above the sheet's: 62 − 10 = 52; its corners 62 × 0.92 = 57.04.
        let layout = stageLayout(try state(steps: [Self.large]))
        #expect(layout.presentation?.frame == Rect(x: 0, y: 62, width: 402, height: 812))
        let chrome = try #require(layout.presentationChrome)
        let presenter = try #require(chrome.presenterFrame)
        #expect(close(presenter.x, 16.08) && presenter.y == 52)
        #expect(close(presenter.width, 369.84) && close(presenter.height, 804.08))
        #expect(close(chrome.presenterCornerRadius, 57.04))
        #expect(presenter.y < layout.presentation!.frame.y)
        // 18: the sheet starts at 62 + 10 = 72 and the presenter at the safe-area top, 62, with
        // 10 pt corners.
        let classic = try #require(stageLayout(try state(version: 18, steps: [Self.large])).presentationChrome)
        #expect(classic.presenterFrame?.y == 62 && classic.presenterCornerRadius == 10)
        // The medium sheet on 26 is undimmed only with largestUndimmedDetent; either way it does
        // not push the presenter back.
        #expect(stageLayout(try state(steps: [Self.medium])).presentationChrome?.presenterFrame == nil)
    }

    @Test func aGlassPopoverIsRounderAndAsTallAsItsRows() throws {
        let source = "source: {x: 1264, y: 124, width: 96, height: 32}"
        func popover(_ version: Int, _ extra: String = "") throws -> (Rect, Double) {
            let layout = stageLayout(
                try state(
                    device: "ipad-pro-13", version: version, extra: "orientation: landscape\n",
                    steps: ["- present: {style: popover, \(source)\(extra)}"]))
            return (try #require(layout.presentation?.frame), try #require(layout.presentationChrome?.cornerRadius))
        }
        // 27, the six standard rows: 88 + 5 × 48 + 44 = 372 tall, 320 wide; corners 26.
        let (glass, glassRadius) = try popover(27)
        #expect(glass.width == 320 && glass.height == 372)
        #expect(glassRadius == 26)
        // Three rows: 88 + 2 × 48 + 44 = 228.
        let (three, _) = try popover(27, ", content: {title: T, items: [A, B, C]}")
        #expect(three.height == 228)
        // A preferred size is honoured as before.
        let (sized, _) = try popover(27, ", size: {width: 300, height: 400}")
        #expect(sized.width == 300 && sized.height == 400)
        // 17: the default 320 × 480 and 13 pt corners.
        let (classic, classicRadius) = try popover(17)
        #expect(classic.width == 320 && classic.height == 480)
        #expect(classicRadius == 13)
        // The arrow's base keeps clear of the 26 pt corners, by a 6 pt straight stretch first,
        // while its tip still reaches the source. Near the trailing edge the popover is clamped
        // 10 pt inside the 1376 pt window, its trailing edge at 1366, so the base's middle may
        // go at most 1366 − 26 − 13 − 6 = 1321.
        func arrow(sourceX: Double) throws -> PopoverArrow {
            let layout = stageLayout(
                try state(
                    device: "ipad-pro-13", version: 27, extra: "orientation: landscape\n",
                    steps: ["- present: {style: popover, source: {x: \(sourceX), y: 124, width: 20, height: 32}}"]))
            #expect(layout.presentation?.frame.maxX == 1366)
            return try #require(layout.popoverArrow)
        }
        // A source at 1320–1340 (middle 1330): 1321 is over it; the base ends at 1334, every
        // corner keeps 26 pt.
        let clear = try arrow(sourceX: 1320)
        #expect(clear.points[1].x == 1321 && clear.points.map(\.x).max() == 1334)
        #expect(clear.tightCorner == nil)
        // At 1340–1360 (middle 1350) 1321 would be beside it: the tip goes to 1350, the base
        // ends at 1363, and of the 1366 − 1363 = 3 pt left half stays straight and the top-right
        // corner rounds in the other 1.5.
        let tight = try arrow(sourceX: 1340)
        #expect(tight.points[1].x == 1350 && tight.points.map(\.x).max() == 1363)
        #expect(tight.tightCorner?.corner == .topRight && tight.tightCorner?.radius == 1.5)
    }

    @Test func theGlassUnderTheBarIsTheSameMaterialAsTheBodyOverTheDimming() throws {
        // A dimmed medium sheet: the dimming lies behind the glass, and the scroll edge effect
        // is the glass again, not an opaque band.
        let dimmed = try state(steps: [Self.medium])
        #expect(dimmed.presentation?.layout.dimmed == true)
        let svg = SVGSnapshot.svg(dimmed, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        let glass = try #require(svg.range(of: "<g id=\"glass\"")).lowerBound
        let rim = try #require(svg.range(of: "id=\"glass-rim\"")).lowerBound
        let inside = svg[glass..<rim]
        #expect(!inside.contains("fill=\"#000000\""))
        // Inside the sheet's content, laid out unscaled and drawn × 386 / 402 about (201, 640.5),
        // the backdrop is drawn back at the window's size (× 402 / 386 = 1.0415 about the same
        // centre); the effect spans the laid-out sheet, {0, 405.665, 402, 92}.
        #expect(
            inside.contains(
                "<g mask=\"url(#scroll-edge-mask)\">\n<use href=\"#window-content\" "
                    + "transform=\"translate(201 640.5) scale(1.0415) translate(-201 -640.5)\" filter=\"url(#glass-blur)\"/>"))
        #expect(inside.contains("id=\"scroll-edge-effect\" x=\"0\" y=\"405.6"))
        #expect(inside.contains("width=\"402\" height=\"92\" fill=\"#ffffff\" fill-opacity=\"0.7\""))
        // Rendered: white at 0.7 (measured) over the blurred light content (rows of white with
        // light grey lines, each channel at least 240 after the blur) is at least
        // 0.7 × 255 + 0.3 × 240 = 250.5; had the 0.2 dimming (measured) been drawn inside the
        // glass it would be at most 0.7 × 255 + 0.3 × 0.8 × 255 = 239.7. Both in the bar
        // (x 60, y 437, left of the title) and in the list (x 300, y 700, right of a row's label).
        let image = try Rasterizer.render(svg: svg, scale: 1)
        for (x, y) in [(60, 437), (300, 700)] {
            let pixel = image.pixel(x: x, y: y)
            #expect(pixel.r >= 250 && pixel.g >= 250 && pixel.b >= 250, "at \(x), \(y)")
        }
    }

    @Test func theTabBarsSearchTabIsASeparateCircle() throws {
        let bar = "appTabBar: {items: [Home, Search, Alerts, Profile], selected: 3, minimizeBehavior: onScrollDown, searchTab: 1}\n"
        let expanded = try #require(stageLayout(try state(extra: bar, steps: ["- snapshot: s"])).appTabBar)
        // iPhone 17 Pro, 402 wide: the circle is 62 pt at the trailing end, 21 pt in:
        // x = 402 − 21 − 62 = 319; the capsule may take 402 − 2 × 21 − 62 − 8 = 290 beside it
        // and is sized to its three items, 3 × 85.9375 + 16.25 = 274.0625 (short titles, as
        // without a search tab), at the room's leading side: x 21, y = 874 − 21 − 62 = 791.
        #expect(expanded.searchButton == Rect(x: 319, y: 791, width: 62, height: 62))
        #expect(expanded.frame == Rect(x: 21, y: 791, width: 274.0625, height: 62))
        // Home, Alerts, Profile on a (274.0625 − 2 × 8.125) / 3 = 85.9375 pt pitch, each
        // 85.9375 + 8.25 = 94.1875 wide, the first 4 pt inside the capsule: x 25, then
        // + 85.9375. Search's item is the circle, its icon centred: 319 + 31 − 12 = 338.
        #expect(expanded.items.map(\.index) == [0, 2, 3, 1])
        #expect(expanded.items.prefix(3).map(\.frame.x) == [25, 110.9375, 196.875])
        #expect(expanded.selection == Rect(x: 196.875, y: 795, width: 94.1875, height: 54))
        #expect(expanded.items[3].frame == expanded.searchButton && expanded.items[3].icon.x == 338)
        #expect(expanded.items[3].titleBaseline == nil)
        // Symbols from the titles; Alerts is not a known one: its initial.
        #expect(expanded.items.map(\.glyph) == [.house, .initial("A"), .person, .magnifyingGlass])
        // Minimized (after 100 pt down): the 64 × 48 capsule at 21, 874 − 21 − 48 = 805, and a
        // 48 pt search circle at 402 − 21 − 48 = 333.
        let minimized = try #require(stageLayout(try state(extra: bar, steps: ["- drag: {dy: 100}"])).appTabBar)
        #expect(minimized.minimized)
        #expect(minimized.frame == Rect(x: 21, y: 805, width: 64, height: 48))
        #expect(minimized.searchButton == Rect(x: 333, y: 805, width: 48, height: 48))
        #expect(minimized.items.map(\.index) == [3, 1])
        // One height and one baseline: both end 21 pt above the window's bottom (874 − 21 =
        // 853), and their 24 pt icons share a middle, 805 + 48 / 2 = 829.
        #expect(minimized.frame.maxY == 853 && minimized.searchButton?.maxY == 853)
        #expect(minimized.items.map(\.icon.midY) == [829, 829])
        // Expanded too: the capsule and the circle are both 62 tall from y 791 (853 − 62).
        #expect(expanded.frame.maxY == 853 && expanded.searchButton?.maxY == 853)
        // Right to left, mirrored: the capsule at 402 − 21 − 64 = 317, the circle at 21.
        let rtl = try #require(stageLayout(try state(extra: "layoutDirection: rtl\n" + bar, steps: ["- drag: {dy: 100}"])).appTabBar)
        #expect(rtl.frame.x == 317 && rtl.searchButton?.x == 21)
        // Before 26 the search tab is an item like the others, with the same symbols.
        let classic = try #require(stageLayout(try state(version: 18, extra: bar, steps: ["- snapshot: s"])).appTabBar)
        #expect(classic.searchButton == nil && classic.items.count == 4)
        #expect(classic.items.map(\.glyph) == [.house, .magnifyingGlass, .initial("A"), .person])
    }

    @Test func theFloatingGlassCastsTheFaintShadowMeasuredOnIOS26() throws {
        let bar = "appTabBar: {items: [Home, Search], searchTab: 1}\n"
        let svg = SVGSnapshot.svg(try state(extra: bar, steps: ["- snapshot: s"]), look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        // Under the capsule {21, 791, 102.19, 62} (one item beside the search circle: 85.9375 +
        // 2 × 8.125 = 102.1875, at the leading side of the 290 pt room): black at
        // 0.06 (measured: iOS 26 simulator, ≈ 3 % at the edge), 1.5 pt lower (792.5), through a
        // 20 / 3 pt blur whose region reaches 3 × 20 / 3 = 20 pt around it (x 21 − 20 = 1,
        // y 791 − 20 = 771).
        #expect(
            svg.contains(
                "<rect x=\"21\" y=\"792.5\" width=\"102.19\" height=\"62\" rx=\"31\" fill=\"#000000\" fill-opacity=\"0.06\" filter=\"url(#app-tab-bar-shadow)\"/>"
            ))
        #expect(svg.contains("<filter id=\"app-tab-bar-shadow\" filterUnits=\"userSpaceOnUse\" x=\"1\" y=\"771\""))
        #expect(svg.contains("filter=\"url(#app-tab-search-shadow)\""))
        // The backdrop blurred by σ 2.8 (its region 3 × 2.8 = 8.4 pt around: 21 − 8.4 = 12.6),
        // under white at 0.69 in light appearance (measured: iOS 26 simulator, rgb(251, 251, 255)
        // over #F2F2F7), so the content keeps 0.31 of its contrast (dark keeps 0.71, below).
        #expect(svg.contains("<filter id=\"app-tab-bar-blur\" filterUnits=\"userSpaceOnUse\" x=\"12.6\" y=\"782.6\""))
        #expect(svg.contains("<feGaussianBlur stdDeviation=\"2.8\"/>"))
        #expect(svg.contains("<rect x=\"21\" y=\"791\" width=\"102.19\" height=\"62\" fill=\"#ffffff\" fill-opacity=\"0.69\"/>"))
        // The rim: three white strokes of 0.165 / 3 = 0.055 each, 2 × 1.22 = 2.44, 1.63 and 0.81
        // wide, clipped to the capsule, so 1.22, 0.81 and 0.41 pt of them show inside it.
        for width in ["2.44", "1.63", "0.81"] {
            #expect(svg.contains("stroke=\"#ffffff\" stroke-opacity=\"0.055\" stroke-width=\"\(width)\""), "\(width)")
        }
        // Under the capsule the content fades into the background from 24 pt above its top
        // (791 − 24 = 767) to the window's bottom (874 − 767 = 107 tall).
        #expect(svg.contains("<rect id=\"app-tab-bar-edge-effect\" x=\"0\" y=\"767\" width=\"402\" height=\"107\""))
    }

    @Test func theGlassIsTintedAsMeasuredInDarkAppearanceAndOnSheets() throws {
        // Dark: the tab bar's tint is (35, 35, 37), which at 0.71 over #0A0A0B gives
        // 0.29 × 10 + 0.71 × 35 = 27.75, the #1C1C1E (28) measured on iOS 26.1.
        let bar = "appTabBar: {items: [Home, Search], searchTab: 1}\n"
        let dark = SVGSnapshot.svg(
            try state(extra: "appearance: dark\n" + bar, steps: ["- snapshot: s"]), look: Look(), measuring: TextMeasurer.shared)
        #expect(dark.contains("fill=\"#232325\" fill-opacity=\"0.71\""))
        // A floating medium sheet in dark appearance keeps 0.233 of its backdrop's contrast:
        // #232325 at 0.767, written 0.77; in light appearance white at 0.7 (measured: iOS 26
        // simulator, the light medium sheet keeps ≈ 0.30 of its backdrop's contrast).
        let darkSheet = SVGSnapshot.svg(
            try state(extra: "appearance: dark\n", steps: [Self.medium]), look: Look(), measuring: TextMeasurer.shared)
        #expect(
            darkSheet.contains(
                "<rect id=\"presented\" x=\"8\" y=\"415\" width=\"386\" height=\"451\" fill=\"#232325\" fill-opacity=\"0.77\"/>"))
        let sheet = SVGSnapshot.svg(try state(steps: [Self.medium]), look: Look(), measuring: TextMeasurer.shared)
        #expect(
            sheet.contains("<rect id=\"presented\" x=\"8\" y=\"415\" width=\"386\" height=\"451\" fill=\"#ffffff\" fill-opacity=\"0.7\"/>")
        )
    }

    @Test func iPadOS26StatusBarsShowTheDayAndDateBesideTheTime() throws {
        let glass = SVGSnapshot.svg(
            try state(device: "ipad-pro-11", steps: ["- snapshot: s"]), look: Look(), measuring: TextMeasurer.shared)
        #expect(glass.contains(">9:41 Tue Jan 9</text>"))
        // Phones show the time alone, and iPads before 26 keep their references.
        let phone = SVGSnapshot.svg(try state(steps: ["- snapshot: s"]), look: Look(), measuring: TextMeasurer.shared)
        #expect(phone.contains(">9:41</text>") && !phone.contains("Tue Jan 9"))
        let classic = SVGSnapshot.svg(
            try state(device: "ipad-pro-11", version: 18, steps: ["- snapshot: s"]), look: Look(), measuring: TextMeasurer.shared)
        #expect(!classic.contains("Tue Jan 9"))
    }

    @Test func thePopoverArrowIsACurvedPartOfTheOutlineWithItsTipOnTheSource() throws {
        // iPad Pro 13" landscape, iOS 27: a source {600, 124, 20, 32} (bottom 156, middle 610).
        // The six-row popover (372 tall, 320 wide) goes below: y = 156 + 13 = 169, x = 610 − 160
        // = 450; the arrow points up, its foot at 610 (inside 450 + 13 + 26 = 489 … 770 − 39 = 731).
        let layout = stageLayout(
            try state(
                device: "ipad-pro-13", version: 27, extra: "orientation: landscape\n",
                steps: ["- present: {style: popover, source: {x: 600, y: 124, width: 20, height: 32}}"]))
        let frame = try #require(layout.presentation?.frame)
        #expect(frame == Rect(x: 450, y: 169, width: 320, height: 372))
        let arrow = try #require(layout.popoverArrow)
        #expect(arrow.points == [Point(x: 597, y: 169), Point(x: 610, y: 156), Point(x: 623, y: 169)])
        // The flank leaves the edge tangentially (its first control point on the edge, 13 × 0.55
        // = 7.15 in from the base: 610 − 5.85 = 604.15), curves in to (610 − 1.1, 169 − 12.45),
        // and the tip is a quadratic through a control 0.55 past the tip: its outermost point,
        // at t = ½, is ¼ × 156.55 + ½ × 155.45 + ¼ × 156.55 = 156, the source's bottom edge.
        #expect(
            arrow.pathCommands
                == "L597 169C604.15 169 608.1 158.2 608.9 156.55Q610 155.45 611.1 156.55C611.9 158.2 615.85 169 623 169")
        // One outline, clockwise from the top-left corner (26 pt corners), the arrow drawn into
        // the top edge: no seam between body and arrow.
        let outline = PopoverArrow.outline(of: frame, radius: 26, arrow: arrow)
        #expect(
            outline
                == "M476 169" + arrow.pathCommands + "H744A26 26 0 0 1 770 195V515A26 26 0 0 1 744 541H476A26 26 0 0 1 450 515"
                + "V195A26 26 0 0 1 476 169Z")
        // The glass, its tint and its rim are clipped to that one outline.
        let svg = SVGSnapshot.svg(
            try state(
                device: "ipad-pro-13", version: 27, extra: "orientation: landscape\n",
                steps: ["- present: {style: popover, source: {x: 600, y: 124, width: 20, height: 32}}"]),
            look: Look(), measuring: TextMeasurer.shared)
        #expect(svg.contains("<clipPath id=\"glass-clip\"><path d=\"\(outline)\"/></clipPath>"))
    }
}
