import Adaptive
import Testing

/// The device catalog and size-class rules of the UIKit Facts article.
@Suite struct DeviceCatalogTests {
    @Test func catalogHoldsThe13Devices() {
        #expect(
            DeviceCatalog.all.map(\.id) == [
                "iphone-se", "iphone-13-mini", "iphone-14", "iphone-14-plus", "iphone-15", "iphone-15-pro",
                "iphone-15-pro-max", "iphone-16-pro", "iphone-16-pro-max", "ipad-mini", "ipad-air-11", "ipad-pro-11", "ipad-pro-13",
            ])
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
        ("ipad-mini", 744, 1133, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-air-11", 820, 1180, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-pro-11", 834, 1194, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
        ("ipad-pro-13", 1024, 1366, 2, EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20)),
    ])
    func deviceRow(id: String, width: Double, height: Double, scale: Double, portrait: EdgeInsets, landscape: EdgeInsets) {
        let portraitWindow = Fixtures.window(id)
        #expect(portraitWindow.window == Size(width: width, height: height))
        #expect(portraitWindow.safeArea == portrait)
        #expect(portraitWindow.traits.displayScale == scale)
        let landscapeWindow = Fixtures.window(id, .landscape)
        #expect(landscapeWindow.window == Size(width: height, height: width))
        #expect(landscapeWindow.safeArea == landscape)
    }

    @Test(arguments: [
        ("iphone-se", "compact", "compact"), ("iphone-13-mini", "compact", "compact"), ("iphone-14", "compact", "compact"),
        ("iphone-14-plus", "regular", "compact"), ("iphone-15", "compact", "compact"), ("iphone-15-pro-max", "regular", "compact"),
        ("iphone-16-pro", "compact", "compact"), ("iphone-16-pro-max", "regular", "compact"),
        ("ipad-mini", "regular", "regular"), ("ipad-pro-13", "regular", "regular"),
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
        #expect(Fixtures.window("ipad-pro-13", .landscape, .half).window.width == 678)
        #expect(Fixtures.window("ipad-pro-13", .landscape, .half).traits.horizontalSizeClass == .regular)
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
