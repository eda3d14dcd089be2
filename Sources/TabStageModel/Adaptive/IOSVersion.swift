/// The look an app gets: the one every release had up to iOS 18, or Liquid Glass (iOS 26 and
/// later, for apps built with the iOS 26 SDK or later). Every "what changes on 26" decision
/// reads this one value (`IOSVersion.design`), so the look is chosen in one place.
public enum Design: String, Sendable, Hashable, CaseIterable {
    /// iOS 12 to 18, and iOS 26 for an app that sets `UIDesignRequiresCompatibility`.
    case classic
    /// iOS 26 and 27: floating glass sheets, glass popovers and form sheets.
    case liquidGlass
}

/// The iOS release whose rules a scenario follows. Up to iOS 18 only presentations differ
/// between the supported releases: 12 keeps the iOS 8–12 adaptivity rule (compact width shows
/// popovers and sheets full screen); 13 brought card sheets; 15 brought sheet detents; 18 maps
/// `automatic` to a form sheet instead of a page sheet. Apple went from 18 to 26 (there is no
/// iOS 19 to 25): 26 brought the Liquid Glass design (`design`) and a 20 pt landscape home
/// indicator; 27 ignores `UIDesignRequiresCompatibility`.
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The releases scenarios may name in `iOSVersion`, oldest first.
    public static let supported: [Int] = Array(12...18) + [26, 27]
    /// Major versions Apple skipped: it renumbered from iOS 18 straight to iOS 26 (2025).
    public static let neverReleased = 19...25
    /// The release scenarios follow when they name none: iOS 26, the first with the Liquid
    /// Glass design (27 is newer; scenarios name it to test its differences).
    public static let `default` = IOSVersion(26)
    /// The first release with the Liquid Glass design.
    public static let firstLiquidGlass = 26
    /// The first release whose SDK ignores `UIDesignRequiresCompatibility`.
    public static let firstIgnoringDesignCompatibility = 27

    /// The major version number: one of `supported`.
    public var major: Int
    /// Whether the app sets `UIDesignRequiresCompatibility` (Info.plist) to keep the iOS 18 look
    /// on iOS 26; only meaningful on 26 (27 ignores it, and scenarios refuse it there).
    public var designCompatibility: Bool

    /// A release by its major version (check it against `supported`).
    public init(_ major: Int, designCompatibility: Bool = false) {
        self.major = major
        self.designCompatibility = designCompatibility
    }

    /// Older releases sort first.
    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool { lhs.major < rhs.major }
    /// The major version as written in scenarios.
    public var description: String { String(major) }

    /// The look the app gets on this release: the single switch every 26+ rule reads.
    public var design: Design {
        major >= Self.firstLiquidGlass && !(designCompatibility && major < Self.firstIgnoringDesignCompatibility)
            ? .liquidGlass : .classic
    }

    /// iPadOS 26 and later: Split View's fractions gave way to windows of any size with window
    /// controls, and Slide Over is one floating window (back in 26.1; tabstage's 26 stands for
    /// the current 26.x). A system behaviour, so `designCompatibility` does not change it.
    public var hasWindows: Bool { major >= Self.firstLiquidGlass }

    /// (assumed) A full-screen iPad's status bar inset: 24 pt up to iOS 18, 32 pt from iPadOS 26
    /// (simulator data: the taller bar leaves room for the window controls beside the time;
    /// unconfirmed by Apple).
    public var padStatusBarInset: Double { hasWindows ? 32 : 24 }
    /// (assumed) A full-screen iPad's home indicator inset: 20 pt up to iOS 18, 25 pt from
    /// iPadOS 26 (simulator data, unconfirmed by Apple).
    public var padHomeIndicatorInset: Double { hasWindows ? 25 : 20 }

    /// The home indicator's inset in iPhone landscape: 21 pt up to iOS 18, 20 pt from iOS 26
    /// (simulator data; a system metric, so `designCompatibility` does not change it).
    public var landscapeHomeIndicatorInset: Double { major >= Self.firstLiquidGlass ? 20 : 21 }
}
