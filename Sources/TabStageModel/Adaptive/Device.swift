/// What sits at the top of the screen, drawn in snapshots.
public enum SensorHousing: String, Sendable, Hashable {
    case none, notch, island
}

/// A device in points and in portrait, as the UIKit Facts article's device table lists it.
public struct Device: Sendable, Hashable {
    /// The catalog key scenarios use (`device: iphone-15`).
    public var id: String
    /// Phone or pad: decides size classes, multitasking and presentation rules.
    public var idiom: Idiom
    /// Portrait size in points.
    public var size: Size
    /// Pixels per point, the default scale of rendered images.
    public var scale: Double
    /// The insets in portrait: status bar or sensor housing on top, home indicator below.
    public var portraitSafeArea: EdgeInsets
    /// The insets in landscape: the sensor housing's side as well as the home indicator.
    public var landscapeSafeArea: EdgeInsets
    /// The screen's corner radius, drawn by the device frame.
    public var cornerRadius: Double
    /// The notch or Dynamic Island drawn at the top (leading edge in landscape).
    public var housing: SensorHousing
    /// The sensor housing's size in portrait when this model's differs from its family's
    /// (the iPhone 18 Pro's smaller Dynamic Island); nil draws the family's.
    public var housingSize: Size?
    /// Whether `landscapeSafeArea`'s bottom is the home indicator's release-dependent inset
    /// (21 pt up to iOS 18, 20 pt from 26): true for the catalog's Face ID phones and custom
    /// phones whose landscape insets are derived; false for insets a scenario writes out.
    public var landscapeHomeIndicatorFollowsRelease: Bool
    /// Whether this iPad's full-screen insets are the release-dependent status bar and home
    /// indicator (24 / 20 pt up to iOS 18, 32 / 25 pt from iPadOS 26): true for the catalog's
    /// iPads; false for insets a scenario writes out.
    public var padInsetsFollowRelease: Bool = false

    /// A device as published: portrait size and both orientations' safe areas (the landscape
    /// bottom as iOS 18 and earlier report it).
    public init(
        id: String, idiom: Idiom, size: Size, scale: Double, portraitSafeArea: EdgeInsets,
        landscapeSafeArea: EdgeInsets, cornerRadius: Double = 0, housing: SensorHousing = .none,
        housingSize: Size? = nil, landscapeHomeIndicatorFollowsRelease: Bool = false
    ) {
        self.id = id
        self.idiom = idiom
        self.size = size
        self.scale = scale
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.cornerRadius = cornerRadius
        self.housing = housing
        self.housingSize = housingSize
        self.landscapeHomeIndicatorFollowsRelease = landscapeHomeIndicatorFollowsRelease
    }

    /// The screen in an orientation: the portrait size, transposed in landscape.
    public func screenSize(_ orientation: Orientation) -> Size {
        orientation == .portrait ? size : size.transposed
    }

    /// The safe-area insets UIKit reports for a full-screen window in an orientation, as iOS 18
    /// and earlier report them.
    public func safeArea(_ orientation: Orientation) -> EdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    /// The safe-area insets UIKit reports for a full-screen window in an orientation on
    /// `release`: a phone's landscape home indicator takes 20 pt from iOS 26 (21 before); a
    /// catalog iPad's status bar 32 pt and home indicator 25 pt from iPadOS 26 (24 and 20 before).
    public func safeArea(_ orientation: Orientation, on release: IOSVersion) -> EdgeInsets {
        var insets = safeArea(orientation)
        if orientation == .landscape, landscapeHomeIndicatorFollowsRelease, insets.bottom > 0 {
            insets.bottom = release.landscapeHomeIndicatorInset
        }
        if padInsetsFollowRelease {
            insets.top = release.padStatusBarInset
            insets.bottom = release.padHomeIndicatorInset
        }
        return insets
    }

    /// Size classes of the full-screen window: a phone is compact/regular in portrait and
    /// compact height in landscape (regular width from 414 pt of portrait width); an iPad is
    /// regular/regular.
    public func sizeClasses(_ orientation: Orientation) -> (horizontal: SizeClass, vertical: SizeClass) {
        switch (idiom, orientation) {
        case (.pad, _):
            return (.regular, .regular)
        case (.phone, .portrait):
            return (.compact, .regular)
        case (.phone, .landscape):
            // Plus and Max phones (414 pt wide class or more in portrait) get regular width.
            return (size.width >= 414 ? .regular : .compact, .compact)
        }
    }
}

/// The device catalog: screen sizes, scales and safe areas as Apple's device metrics and the
/// published screen-size tables give them (the UIKit Facts article lists them with sources).
public enum DeviceCatalog {
    /// Face ID / Dynamic Island phone: the landscape safe area is 0 / T / 21 / T (20 at the
    /// bottom from iOS 26, `safeArea(_:on:)`).
    private static func modernPhone(
        _ id: String, _ width: Double, _ height: Double, top: Double, corner: Double, _ housing: SensorHousing,
        housingSize: Size? = nil
    ) -> Device {
        Device(
            id: id, idiom: .phone, size: Size(width: width, height: height), scale: 3,
            portraitSafeArea: EdgeInsets(top: top, bottom: 34),
            landscapeSafeArea: EdgeInsets(top: 0, left: top, bottom: 21, right: top),
            cornerRadius: corner, housing: housing, housingSize: housingSize, landscapeHomeIndicatorFollowsRelease: true
        )
    }

    /// iPads: 24 top, 20 bottom in both orientations (32 and 25 from iPadOS 26, `safeArea(_:on:)`).
    private static func pad(_ id: String, _ width: Double, _ height: Double) -> Device {
        let insets = EdgeInsets(top: 24, bottom: 20)
        var device = Device(
            id: id, idiom: .pad, size: Size(width: width, height: height), scale: 2,
            portraitSafeArea: insets, landscapeSafeArea: insets, cornerRadius: 18
        )
        device.padInsetsFollowRelease = true
        return device
    }

    /// (measured) The iPhone 18 Pro and Pro Max's Dynamic Island, from a public measurement of
    /// an iOS 27 screenshot: about 95 pt wide instead of the 14 Pro to 17's; as tall as theirs.
    public static let smallIsland = Size(width: 95, height: 37)

    /// Every device scenarios can name, phones first (by release year), then iPads. The UIKit
    /// Facts article's device table gives each number's public source and marks the assumed ones.
    public static let all: [Device] = [
        Device(
            id: "iphone-se", idiom: .phone, size: Size(width: 375, height: 667), scale: 2,
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero
        ),
        modernPhone("iphone-13-mini", 375, 812, top: 50, corner: 44, .notch),
        modernPhone("iphone-14", 390, 844, top: 47, corner: 47.33, .notch),
        modernPhone("iphone-14-plus", 428, 926, top: 47, corner: 53.33, .notch),
        modernPhone("iphone-15", 393, 852, top: 59, corner: 55, .island),
        modernPhone("iphone-15-plus", 430, 932, top: 59, corner: 55, .island),
        modernPhone("iphone-15-pro", 393, 852, top: 59, corner: 55, .island),
        modernPhone("iphone-15-pro-max", 430, 932, top: 59, corner: 55, .island),
        modernPhone("iphone-16", 393, 852, top: 59, corner: 55, .island),
        modernPhone("iphone-16-plus", 430, 932, top: 59, corner: 55, .island),
        modernPhone("iphone-16-pro", 402, 874, top: 62, corner: 62, .island),
        modernPhone("iphone-16-pro-max", 440, 956, top: 62, corner: 62, .island),
        modernPhone("iphone-16e", 390, 844, top: 47, corner: 47.33, .notch),
        modernPhone("iphone-17", 402, 874, top: 62, corner: 62, .island),
        modernPhone("iphone-17-pro", 402, 874, top: 62, corner: 62, .island),
        modernPhone("iphone-17-pro-max", 440, 956, top: 62, corner: 62, .island),
        modernPhone("iphone-air", 420, 912, top: 68, corner: 62, .island),
        modernPhone("iphone-17e", 390, 844, top: 47, corner: 47.33, .notch),
        modernPhone("iphone-18-pro", 402, 874, top: 62, corner: 62, .island, housingSize: smallIsland),
        modernPhone("iphone-18-pro-max", 440, 956, top: 62, corner: 62, .island, housingSize: smallIsland),
        pad("ipad-mini", 744, 1133),
        pad("ipad", 820, 1180),
        pad("ipad-air-11", 820, 1180),
        pad("ipad-air-13", 1024, 1366),
        pad("ipad-pro-11", 834, 1194),
        pad("ipad-pro-11-m4", 834, 1210),
        pad("ipad-pro-12.9", 1024, 1366),
        pad("ipad-pro-13", 1032, 1376),
    ]

    /// The device a scenario's `device` key names; nil for an unknown id.
    public static func device(id: String) -> Device? {
        all.first { $0.id == id }
    }

    /// Names by a screen's marketed diagonal that the catalog calls otherwise: the 1024×1366
    /// iPad Pro was sold as 12.9-inch, the 820×1180 iPad Air as 10.9-inch, the 744×1133 iPad
    /// mini as 8.3-inch. Never accepted as ids; they only steer "did you mean" suggestions.
    public static let marketingNames: [(name: String, id: String)] = [
        ("ipad-pro-12-9", "ipad-pro-12.9"),
        ("ipad-air-10.9", "ipad-air-11"), ("ipad-air-10-9", "ipad-air-11"),
        ("ipad-mini-8.3", "ipad-mini"), ("ipad-mini-8-3", "ipad-mini"),
    ]
}
