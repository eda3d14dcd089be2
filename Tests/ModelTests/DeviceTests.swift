import TabStageLayout
import TabStageModel
import TabStageTestSupport
import Testing

/// The device catalog and size-class rules of the UIKit Facts article.
@Suite struct DeviceCatalogTests {
    @Test func catalogHoldsEveryIPhoneAndIPadSoldSince2023() {
        #expect(
            DeviceCatalog.all.map(\.id) == [
                "iphone-se", "iphone-13-mini", "iphone-14", "iphone-14-plus", "iphone-15", "iphone-15-plus", "iphone-15-pro",
                "iphone-15-pro-max", "iphone-16", "iphone-16-plus", "iphone-16-pro", "iphone-16-pro-max", "iphone-16e", "iphone-17",
                "iphone-17-pro", "iphone-17-pro-max", "iphone-air", "iphone-17e", "iphone-18-pro", "iphone-18-pro-max",
                "ipad-mini", "ipad", "ipad-air-11", "ipad-air-13", "ipad-pro-11", "ipad-pro-11-m4", "ipad-pro-12.9", "ipad-pro-13",
            ])
    }

    @Test func theHousingIsPerDevice() {
        // The 14 Pro to 17 share one Dynamic Island (125 pt drawn); the 18 Pro's is about 95 pt.
        #expect(SensorHousingLayout.width(Fixtures.device("iphone-17-pro")) == 125)
        #expect(SensorHousingLayout.width(Fixtures.device("iphone-18-pro")) == 95)
        #expect(SensorHousingLayout.width(Fixtures.device("iphone-18-pro-max")) == 95)
        #expect(SensorHousingLayout.width(Fixtures.device("iphone-16e")) == 160)  // the notch
        #expect(SensorHousingLayout.width(Fixtures.device("ipad-pro-13")) == 0)
        // Drawn centred: (402 − 95) / 2 = 153.5 from the left, 11 below the top, 95 × 37.
        let chrome = ChromeLayout(Fixtures.window("iphone-18-pro"), overCover: { _ in false })
        #expect(chrome.sensorHousing?.frame == Rect(x: 153.5, y: 11, width: 95, height: 37))
    }

    @Test(arguments: [
        ("iphone-se", 375.0, 667.0, 2.0, EdgeInsets(top: 20), EdgeInsets()),
        ("iphone-13-mini", 375, 812, 3, EdgeInsets(top: 50, bottom: 34), EdgeInsets(top: 0, left: 50, bottom: 21, right: 50)),
        ("iphone-14", 390, 844, 3, EdgeInsets(top: 47, bottom: 34), EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        ("iphone-14-plus", 428, 926, 3, EdgeInsets(top: 47, bottom: 34), EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        ("iphone-15", 393, 852, 3, EdgeInsets(top: 59, bottom: 34), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        ("iphone-15-pro", 393, 852, 3, EdgeInsets(top: 59, bottom: 34), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        ("iphone-15-pro-max", 430, 932, 3, EdgeInsets(top: 59, bottom: 34), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        ("iphone-16-pro", 402, 874, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("iphone-16-pro-max", 440, 956, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("iphone-15-plus", 430, 932, 3, EdgeInsets(top: 59, bottom: 34), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        ("iphone-16", 393, 852, 3, EdgeInsets(top: 59, bottom: 34), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        ("iphone-16-plus", 430, 932, 3, EdgeInsets(top: 59, bottom: 34), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        ("iphone-16e", 390, 844, 3, EdgeInsets(top: 47, bottom: 34), EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        ("iphone-17", 402, 874, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("iphone-17-pro", 402, 874, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("iphone-17-pro-max", 440, 956, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("iphone-air", 420, 912, 3, EdgeInsets(top: 68, bottom: 34), EdgeInsets(top: 0, left: 68, bottom: 21, right: 68)),
        ("iphone-17e", 390, 844, 3, EdgeInsets(top: 47, bottom: 34), EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        ("iphone-18-pro", 402, 874, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("iphone-18-pro-max", 440, 956, 3, EdgeInsets(top: 62, bottom: 34), EdgeInsets(top: 0, left: 62, bottom: 21, right: 62)),
        ("ipad-mini", 744, 1133, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad", 820, 1180, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-air-11", 820, 1180, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-air-13", 1024, 1366, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-pro-11", 834, 1194, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-pro-11-m4", 834, 1210, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-pro-12.9", 1024, 1366, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-pro-13", 1032, 1376, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
    ])
    func deviceRow(id: String, width: Double, height: Double, scale: Double, portrait: EdgeInsets, landscape: EdgeInsets) {
        // The table's insets are iOS 18's: a catalog iPad's full screen takes 32 / 25 from 26.
        let pad = Fixtures.device(id).idiom == .pad
        let portraitWindow = Fixtures.window(id, settings: DisplaySettings(iOSVersion: IOSVersion(18)))
        #expect(portraitWindow.window == Size(width: width, height: height))
        #expect(portraitWindow.safeArea == portrait)
        #expect(Fixtures.window(id).safeArea == (pad ? EdgeInsets(top: 32, bottom: 25) : portrait))
        #expect(portraitWindow.traits.displayScale == scale)
        // The table's landscape insets are iOS 18 and earlier's (21 pt home indicator).
        let landscapeWindow = Fixtures.window(id, .landscape, settings: DisplaySettings(iOSVersion: IOSVersion(17)))
        #expect(landscapeWindow.window == Size(width: height, height: width))
        #expect(landscapeWindow.safeArea == landscape)
        // iOS 26 and later: the landscape home indicator takes 20 pt, 1 less than the table's 21;
        // home-button phones (0) and iPads (20, the same in both orientations) keep theirs.
        let current = Fixtures.window(id, .landscape, settings: DisplaySettings(iOSVersion: IOSVersion(26)))
        var expected = landscape
        if landscape.bottom == 21 { expected.bottom = 20 }
        if pad { expected = EdgeInsets(top: 32, bottom: 25) }
        #expect(current.safeArea == expected)
        #expect(Fixtures.window(id, .landscape).safeArea == expected)  // 26 is the default
    }

    @Test func aCustomDevicesWrittenLandscapeInsetsStayAsWritten() throws {
        // A custom phone with derived landscape insets follows the release (0 / 50 / 20 / 50 on
        // 26); one whose scenario writes `landscapeSafeArea` out keeps its 21 on every release.
        let derived = try Fixtures.parse(
            Fixtures.yaml(device: "{width: 375, height: 812, scale: 3, safeArea: {top: 50, bottom: 34}}", extra: "orientation: landscape"))
        let window = try WindowEnvironment(device: derived.device, orientation: .landscape, settings: derived.settings)
        #expect(window.safeArea == EdgeInsets(top: 0, left: 50, bottom: 20, right: 50))
        let written = try Fixtures.parse(
            Fixtures.yaml(
                device:
                    "{width: 375, height: 812, scale: 3, safeArea: {top: 50, bottom: 34}, landscapeSafeArea: {left: 50, right: 50, bottom: 21}}",
                extra: "orientation: landscape"))
        let kept = try WindowEnvironment(device: written.device, orientation: .landscape, settings: written.settings)
        #expect(kept.safeArea == EdgeInsets(top: 0, left: 50, bottom: 21, right: 50))
    }

    @Test(arguments: [
        ("iphone-se", "compact", "compact"), ("iphone-13-mini", "compact", "compact"), ("iphone-14", "compact", "compact"),
        ("iphone-14-plus", "regular", "compact"), ("iphone-15", "compact", "compact"), ("iphone-15-pro-max", "regular", "compact"),
        ("iphone-16-pro", "compact", "compact"), ("iphone-16-pro-max", "regular", "compact"),
        ("ipad-mini", "regular", "regular"), ("ipad-pro-12.9", "regular", "regular"),
        ("ipad-pro-13", "regular", "regular"), ("iphone-air", "regular", "compact"), ("iphone-17", "compact", "compact"),
        ("iphone-17-pro-max", "regular", "compact"), ("iphone-16e", "compact", "compact"),
    ])
    func landscapeSizeClasses(id: String, horizontal: String, vertical: String) {
        let traits = Fixtures.window(id, .landscape).traits
        #expect(traits.horizontalSizeClass.rawValue == horizontal)
        #expect(traits.verticalSizeClass.rawValue == vertical)
    }

    @Test func portraitSizeClasses() {
        for device in DeviceCatalog.all {
            let traits = Fixtures.window(device.id).traits
            #expect(traits.horizontalSizeClass == (device.idiom == .pad ? .regular : .compact), "\(device.id)")
            #expect(traits.verticalSizeClass == .regular, "\(device.id)")
        }
    }
}

/// The iPad multitasking widths and the phoneLike trait override (UIKit Facts and Conventions articles).
@Suite struct MultitaskingTests {
    @Test func ipadAir11Windows() {
        let full = Fixtures.window("ipad-air-11", .landscape)
        #expect(full.window == Size(width: 1180, height: 820))
        #expect(full.traits.horizontalSizeClass == .regular && full.traits.verticalSizeClass == .regular)
        let half = Fixtures.window("ipad-air-11", .landscape, .half)
        #expect(half.window.width == 585)
        #expect(half.traits.horizontalSizeClass == .compact)
        #expect(half.traits.verticalSizeClass == .regular)
        #expect(Fixtures.window("ipad-air-11", .landscape, .twoThirds).window.width == 795)
        #expect(Fixtures.window("ipad-air-11", .landscape, .twoThirds).traits.horizontalSizeClass == .regular)
        let portraitTwoThirds = Fixtures.window("ipad-air-11", .portrait, .twoThirds)
        #expect(portraitTwoThirds.window == Size(width: 490, height: 1180))
        #expect(portraitTwoThirds.traits.horizontalSizeClass == .compact)
    }

    @Test func thresholdIsInclusiveAndSlideOverIsShorter() {
        #expect(Fixtures.window("ipad-pro-12.9", .landscape, .half).window.width == 678)
        #expect(Fixtures.window("ipad-pro-12.9", .landscape, .half).traits.horizontalSizeClass == .regular)
        #expect(Fixtures.window("ipad-pro-11", .portrait, .slideOver).window == Size(width: 320, height: 1194 - 48))
    }

    @Test func unavailableWindowsSayWhy() {
        let phone = Fixtures.device("iphone-14").windowSize(.portrait, .half)
        #expect(phone == .failure(.notAPad(deviceID: "iphone-14")))
        #expect(Fixtures.device("ipad-mini").windowSize(.landscape, .half) == .failure(.noPublishedWidths(deviceID: "ipad-mini")))
        #expect(Fixtures.device("ipad-pro-11").windowSize(.portrait, .half) == .failure(.notInPortrait(.half)))
        #expect(Fixtures.device("ipad-mini").windowSize(.portrait, .full) == .success(Size(width: 744, height: 1133)))
    }

    @Test func phoneLikeOverride() {
        func child(_ id: String, _ o: Orientation, _ m: Multitasking) -> String {
            let t = Fixtures.window(id, o, m, override: .phoneLike).childTraits
            return "\(t.horizontalSizeClass.rawValue)/\(t.verticalSizeClass.rawValue)"
        }
        #expect(child("ipad-pro-11", .portrait, .full) == "compact/regular")
        #expect(child("ipad-pro-11", .landscape, .full) == "compact/compact")
        #expect(child("ipad-pro-11", .landscape, .twoThirds) == "compact/compact")  // 809: regular/regular root
        #expect(child("ipad-pro-11", .landscape, .half) == "compact/regular")  // 592: compact root
        #expect(child("iphone-14", .portrait, .full) == "compact/regular")  // phones are untouched
        #expect(Fixtures.window("ipad-pro-11", .portrait, .full, override: .phoneLike).traits.horizontalSizeClass == .regular)
    }
}
