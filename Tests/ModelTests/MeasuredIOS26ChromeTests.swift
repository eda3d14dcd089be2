import Adaptive
import Foundation
import Layout
import Presentation
import PropertyBased
import Stage
import TabStage
import TabStageTestSupport
import Testing
import TextSupport

/// iOS 26 chrome as measured on the iOS 26 simulator (402 × 874 pt at 3×), pinned on that
/// device by hand, and the rules behind it held on every device.
@Suite struct MeasuredIOS26ChromeTests {
    static let medium = PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.medium]))

    func window(_ device: String, version: Int = 26, style: String? = nil) -> WindowEnvironment {
        var window = Fixtures.window(device, .portrait, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
        if style == "dark" { window.traits.userInterfaceStyle = .dark }
        return window
    }

    func capsule(items: [String], device: String = "iphone-17-pro") throws -> AppTabBarLayout {
        let text = Fixtures.yaml(
            device: device, extra: "iOSVersion: 26\nappTabBar: {items: [\(items.joined(separator: ", "))]}", steps: ["- snapshot: s"])
        let state = try #require(try ScenarioRunner.records(try Fixtures.parse(text)).first?.state)
        return try #require(StageLayout(state, look: Fixtures.yamlLook, measuring: TextMeasurer.shared).appTabBar)
    }

    @Test func theMediumSheetIsLaidOutFullWidthAndDrawnScaled() {
        // Laid out 812 × (469.67 / 812) = 469.67 tall, drawn × 0.96: (8, 415, 386, 451) on the
        // 3× grid (hand-worked in `PresentationRules.floatingFrame`), measured (8, 415, 386, 451).
        let window = window("iphone-17-pro")
        let sheet = PresentationRules.layout(Self.medium, in: PresentationEnvironment(window))
        #expect(sheet.frame == Rect(x: 8, y: 415, width: 386, height: 451))
        // The large sheet: (0, 62, 402, 812), opaque (measured, unchanged).
        let large = PresentationRules.layout(
            PresentationRequest(style: .pageSheet, sheet: SheetOptions(detents: [.large])), in: PresentationEnvironment(window))
        #expect(large.frame == Rect(x: 0, y: 62, width: 402, height: 812) && large.material == .opaque)
        // An iPhone SE (375 × 667, 20 pt top inset, 2×): 647 × 0.5784 = 374.23 laid out,
        // 359.26 drawn; sides 375 × 0.02 = 7.5, bottom 667 − 7.5 = 659.5, top 300.24 → 300 on
        // the 2× grid: (7.5, 300, 360, 359.5).
        let se = PresentationRules.layout(Self.medium, in: PresentationEnvironment(self.window("iphone-se")))
        #expect(se.frame == Rect(x: 7.5, y: 300, width: 360, height: 359.5))
        // iOS 18 keeps half the large detent: (874 − 72) / 2 = 401 tall, attached: y 473.
        let old = PresentationRules.layout(Self.medium, in: PresentationEnvironment(self.window("iphone-17-pro", version: 18)))
        #expect(old.frame == Rect(x: 0, y: 473, width: 402, height: 401))
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
        // 5 items on the measured 68.75 pt pitch: (360 − 16.25) / 5 = 68.75.
        let five = try capsule(items: ["A", "B", "C", "D", "E"])
        #expect(five.items.map(\.frame.width) == Array(repeating: 68.75, count: 5))
        // 3 items: 3 × 85.9375 + 16.25 = 274.0625 wide, centred: 21 + (360 − 274.0625) / 2 =
        // 63.96875 (measured 274 at x 64).
        let three = try capsule(items: ["A", "B", "C"])
        #expect(three.frame == Rect(x: 63.96875, y: 791, width: 274.0625, height: 62))
    }

    /// On every iPhone in portrait, iOS 26: the medium sheet's top lies above the window's
    /// middle, the sheet inside the window and as far from the bottom as from the sides (to a
    /// pixel).
    @Test func theMediumSheetsTopIsAboveTheMiddleOnEveryIPhone() async {
        let phones = DeviceCatalog.all.filter { $0.idiom == .phone }
        await seededPropertyCheck(count: 200, input: zip(Gen.int(in: 0...(phones.count - 1)), Gen.int(in: 26...27))) {
            index, version in
            let window = try! WindowEnvironment(
                device: phones[index], orientation: .portrait, settings: DisplaySettings(iOSVersion: IOSVersion(version)))
            let f = PresentationRules.layout(Self.medium, in: PresentationEnvironment(window)).frame
            let size = window.window, pixel = 1 / phones[index].scale
            #expect(f.y < size.height / 2, "\(phones[index].id): top \(f.y)")
            #expect(f.x > 0 && f.maxX < size.width && f.maxY < size.height)
            #expect(abs((size.height - f.maxY) - f.x) <= pixel + 1e-9, "\(phones[index].id): \(f)")
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
