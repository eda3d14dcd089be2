import Foundation
import TabStageLayout
import TabStageModel
import TabStageRendering
import TabStageScenario
import TabStageTestSupport
import Testing

/// The iOS 26 pictures as a designer signs them off beside real iOS 26 screenshots: the soft
/// scroll edge effect across the bottom edge under the floating tab bar, sheets whose base
/// hides the content behind them (nearly opaque glass at the medium detent, opaque at the large
/// one and as a form sheet), a straight stretch of edge between a popover's arrow and its
/// corner, and the collapsed X banner darkened under the status bar.
@Suite struct LiquidGlassSignOffTests {
    static let bar = "appTabBar: {items: [Home, Search, Notifications, Profile], selected: 3, searchTab: 1}\n"

    func state(device: String = "iphone-17-pro", version: Int = 26, extra: String = "", steps: [String]) throws -> StageState {
        let text = Fixtures.yaml(device: device, extra: "iOSVersion: \(version)\n\(extra)", steps: steps)
        return try #require(try ScenarioRunner.records(try Fixtures.parse(text)).last?.state)
    }

    func stageLayout(_ state: StageState, look: Look = Fixtures.yamlLook) -> StageLayout {
        StageLayout(state, look: look, measuring: TextMeasurer.shared)
    }

    @Test func theSoftEdgeEffectSpansTheBottomEdgeUnderTheFloatingBar() throws {
        // iPhone 17 Pro (402 × 874): the capsule and the search circle are 62 tall, 21 above
        // the bottom edge: their top is 874 − 21 − 62 = 791. The effect starts 24 pt above it,
        // at 767, and runs across the whole width to the bottom: {0, 767, 402, 874 − 767 = 107}.
        // The blur (σ 6) reads 3 × 6 = 18 pt around it: {−18, 749, 402 + 36 = 438, 107 + 36 = 143}.
        let layout = stageLayout(try state(extra: Self.bar, steps: ["- snapshot: s"]))
        let bar = try #require(layout.appTabBar)
        #expect(bar.frame.y == 791 && bar.searchButton?.y == 791)
        let effect = try #require(bar.edgeEffect)
        #expect(effect.style == .soft)
        #expect(effect.frame == Rect(x: 0, y: 767, width: 402, height: 107))
        #expect(effect.blurRegion == Rect(x: -18, y: 749, width: 438, height: 143))
        // Faded 0.8 from the glass's bottom (853) down (measured: iOS 26 simulator, content
        // just under the capsule keeps ≈ 0.2 of its contrast).
        #expect(effect.blur == 6 && effect.opacity == 0.8 && effect.solidFrom == 853)
        // Drawn as laid out, before the capsule's glass: the blurred content masked by a ramp
        // over the band, then the background fading in to 0.8 at (853 − 767) / 107 = 0.8037 of
        // the band, and holding.
        let svg = SVGSnapshot.svg(
            try state(extra: Self.bar, steps: ["- snapshot: s"]), look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        #expect(
            svg.contains(
                "<filter id=\"app-tab-bar-edge-blur\" filterUnits=\"userSpaceOnUse\" x=\"-18\" y=\"749\" width=\"438\" height=\"143\""))
        #expect(
            svg.contains("<mask id=\"app-tab-bar-edge-mask\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"767\" width=\"402\" height=\"107\">"))
        #expect(svg.contains("<stop offset=\"0.8037\" stop-color=\"#ffffff\" stop-opacity=\"0.8\"/><stop offset=\"1\""))
        let effectAt = try #require(svg.range(of: "id=\"app-tab-bar-edge-effect\"")).lowerBound
        let glassAt = try #require(svg.range(of: "<g id=\"app-tab-bar\"")).lowerBound
        #expect(effectAt < glassAt)
        // Before iOS 26 the classic bar is opaque: no edge effect.
        #expect(stageLayout(try state(version: 18, extra: Self.bar, steps: ["- snapshot: s"])).appTabBar?.edgeEffect == nil)
    }

    @Test func theEdgeEffectBlursAndFadesTheRowsUnderTheBar() throws {
        // Rendered over the rows (white, 100 pt tall, their separators and text dark):
        // from the glass's bottom (853) to the window's bottom edge the content is 0.8 of the way
        // to the white background, keeping 0.2 of its contrast, so no pixel there is darker than
        // 0.8 × 255 = 204 (the darkest content, black, lifted by the fade), less one level for
        // the capsule's shadow's tail (σ 20 / 3 ≈ 6.7, 2.3σ or more below its edge at 854.5 at
        // the rows checked, which are below the home indicator's 861–866).
        let state = try state(extra: Self.bar, steps: ["- snapshot: s"])
        let svg = SVGSnapshot.svg(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        let image = try Rasterizer.render(svg: svg, scale: 1)
        for x in stride(from: 0, to: 402, by: 3) {
            for y in [870, 873] {
                let pixel = image.pixel(x: x, y: y)
                #expect(min(pixel.r, pixel.g, pixel.b) >= 203, "at \(x), \(y)")
            }
        }
    }

    @Test func sheetsHideWhatIsBehindThem() throws {
        // Medium detent, light: white at 0.7 over the blurred content, which keeps 1 − 0.7 = 0.3
        // of its contrast (measured on the iOS 26 simulator); dark keeps the measured 0.77.
        let medium = "- present: {style: pageSheet, detents: [medium, large]}"
        let light = try #require(stageLayout(try state(steps: [medium])).presentationChrome)
        #expect(light.material == .glass && light.tintOpacity == 0.7)
        let dark = try #require(stageLayout(try state(extra: "appearance: dark\n", steps: [medium])).presentationChrome)
        #expect(dark.material == .glass && dark.tintOpacity == 0.77)
        // The large detent and the iPad's form sheet are opaque: nothing shows through.
        let large = "- present: {style: pageSheet, detents: [medium, large], selectedDetent: large}"
        let full = try #require(stageLayout(try state(steps: [large])).presentationChrome)
        #expect(full.material == .opaque && full.tintOpacity == 1)
        let form = try #require(
            stageLayout(try state(device: "ipad-pro-13", extra: "orientation: landscape\n", steps: ["- present: {style: formSheet}"]))
                .presentationChrome)
        #expect(form.appearance == .card && form.material == .opaque && form.tintOpacity == 1)
        // Still iOS 26's card: 32 pt corners.
        #expect(form.cornerRadius == 32 && form.bottomCornerRadius == 32)
        // A popover keeps the measured 0.71.
        let popover = try #require(
            stageLayout(
                try state(
                    device: "ipad-pro-13", extra: "orientation: landscape\n",
                    steps: ["- present: {style: popover, source: {x: 600, y: 124, width: 20, height: 32}}"])
            ).presentationChrome)
        #expect(popover.material == .glass && popover.tintOpacity == 0.71)
        // Rendered: a medium sheet over the light rows (each channel at least 200 after the
        // blur, except the rows' dark text and avatars) is at least 0.9 × 255 + 0.1 × 0 = 229.5
        // even over black, and over the white rows 0.9 × 255 + 0.1 × 200 = 249.5.
        let svg = SVGSnapshot.svg(try state(steps: [medium]), look: Fixtures.yamlLook, measuring: TextMeasurer.shared)
        let image = try Rasterizer.render(svg: svg, scale: 1)
        let pixel = image.pixel(x: 300, y: 700)
        #expect(pixel.r >= 249 && pixel.g >= 249 && pixel.b >= 249)
    }

    @Test func aGlassPopoversArrowKeepsAStraightStretchBeforeTheCorner() throws {
        // iPad Pro 13" landscape, iOS 27: the 320 pt popover is clamped 10 pt inside the 1376 pt
        // window, x 1046 to 1366. Its 26 pt corners and the arrow's 13 pt half base leave the
        // foot at most 1366 − 26 − 13 = 1327 (the base meeting the arc); Liquid Glass keeps 6 pt
        // of straight edge first, so at most 1327 − 6 = 1321.
        func arrow(_ sourceX: Double, version: Int = 27) throws -> (PopoverArrow, Rect) {
            let layout = stageLayout(
                try state(
                    device: "ipad-pro-13", version: version, extra: "orientation: landscape\n",
                    steps: [
                        "- present: {style: popover, source: {x: \(sourceX), y: 124, width: 20, height: 32}, size: {width: 320, height: 300}}"
                    ]
                ))
            return (try #require(layout.popoverArrow), try #require(layout.presentation?.frame))
        }
        // Source 1320–1340: 1321 is over it; the base ends at 1321 + 13 = 1334, 6 pt before the
        // corner's arc starts at 1366 − 26 = 1340.
        let (clear, frame) = try arrow(1320)
        #expect(frame.maxX == 1366)
        #expect(clear.points[1].x == 1321 && clear.points.map(\.x).max() == 1334)
        #expect(clear.straightToCorner == 6 && clear.tightCorner == nil)
        // Source 1323–1343 (middle 1333): 1321 is beside it, so the tip goes to 1333 and the
        // base ends at 1346, 1366 − 1346 = 20 pt from the edge's end: the stretch keeps its
        // 6 pt (under half of 20) and the corner rounds in the 20 − 6 = 14 left.
        let (shorter, _) = try arrow(1323)
        #expect(shorter.points[1].x == 1333 && shorter.straightToCorner == 6)
        #expect(shorter.tightCorner?.corner == .topRight && shorter.tightCorner?.radius == 14)
        // Source 1340–1360: the tip goes to its middle, 1350, the base ends at 1363 and 3 pt are
        // left: half of them straight (1.5), the corner rounding in the other 1.5.
        let (tight, _) = try arrow(1340)
        #expect(tight.points[1].x == 1350 && tight.straightToCorner == 1.5)
        #expect(tight.tightCorner?.corner == .topRight && tight.tightCorner?.radius == 1.5)
        #expect(PopoverArrow.outline(of: frame, radius: 26, arrow: tight).contains("1363 169H1364.5A1.5 1.5 0 0 1 1366 170.5"))
        // Before iOS 26 nothing changes: the 13 pt corners, no straight stretch kept, the base
        // meeting the arc at 1366 − 13 − 13 = 1340 for a source at 1340–1360 (iOS 17 clamps the
        // 320 pt popover to the same 1366).
        let (classic, classicFrame) = try arrow(1340, version: 17)
        #expect(classicFrame.maxX == 1366)
        #expect(classic.points[1].x == 1340 && classic.straightToCorner == 0 && classic.tightCorner == nil)
        // The outline draws the stretch: from the base's end (1334) a straight H to 1340, then the arc.
        let outline = PopoverArrow.outline(of: frame, radius: 26, arrow: clear)
        #expect(outline.contains("1334 \(Int(frame.y))H1340A26 26 0 0 1 1366 \(Int(frame.y) + 26)"))
    }

    @Test func theCollapsedXBannerIsDarkenedUnderTheStatusBar() throws {
        // X style over an all-white banner, collapsed by a 500 pt drag, on the iPhone 17 Pro
        // (safe area top 62): on iOS 26 the band under the status bar, {0, 0, 402, 62}, is
        // darkened by black at 0.5 over its top half.
        let theme = "theme: {style: x, banner: {colors: [\"#ffffff\"]}}\n"
        func collapsed(_ version: Int) throws -> (StageLayout, String) {
            let text = Fixtures.yaml(device: "iphone-17-pro", extra: "iOSVersion: \(version)\n" + theme, steps: ["- drag: {dy: 500}"])
            let scenario = try Fixtures.parse(text)
            let state = try #require(try ScenarioRunner.records(scenario).last?.state)
            return (
                StageLayout(state, look: scenario.look, measuring: TextMeasurer.shared),
                SVGSnapshot.svg(state, look: scenario.look, measuring: TextMeasurer.shared)
            )
        }
        let (glass, glassSVG) = try collapsed(26)
        #expect(glass.header.coverDim == 0.3)
        #expect(glass.header.statusBarScrim == Rect(x: 0, y: 0, width: 402, height: 62))
        #expect(glass.header.statusBarScrimOpacity == 0.5)
        // White dimmed by 0.3 and then by 0.5 is 255 × 0.7 × 0.5 = 89.25 under the status bar
        // (at y 5, above its text, x 120, left of the Dynamic Island); before, 255 × 0.7 = 178.5.
        let pixel = try Rasterizer.render(svg: glassSVG, scale: 1).pixel(x: 120, y: 5)
        #expect(abs(Int(pixel.r) - 89) <= 2 && pixel.r == pixel.g && pixel.g == pixel.b)
        // White status bar text over 89: luminance ((89/255 + 0.055)/1.055)^2.4 = 0.100, so
        // (1 + 0.05) / (0.100 + 0.05) = 7.0, over the 4.5 normal text needs (and WCAG's 7 for
        // enhanced contrast, within rounding); over 178.5 (luminance 0.448) it was 2.1.
        let luminance = Contrast.luminance(red: Double(pixel.r) / 255, green: Double(pixel.g) / 255, blue: Double(pixel.b) / 255)
        #expect(Contrast.ratio(1, luminance) >= 6.9)
        // Before iOS 26 the X banner keeps its look (and its references).
        let (classic, classicSVG) = try collapsed(18)
        #expect(classic.header.coverDim == 0.3 && classic.header.statusBarScrim == nil)
        #expect(!classicSVG.contains("status-bar-scrim"))
        let old = try Rasterizer.render(svg: classicSVG, scale: 1).pixel(x: 120, y: 5)
        #expect(abs(Int(old.r) - 178) <= 2)
    }
}
