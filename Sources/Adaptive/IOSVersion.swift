/// The iOS release whose presentation rules a scenario follows. Only presentations differ
/// between the supported releases: 12 keeps the iOS 8–12 adaptivity rule (compact width shows
/// popovers and sheets full screen); 13 brought card sheets; 15 brought sheet detents; 18 maps
/// `automatic` to a form sheet instead of a page sheet.
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The releases scenarios may name in `iOSVersion`: 12 to 18, then 26 and 27 (19 to 25
    /// were never released; `isReleased` refuses them).
    public static let supported = 12...27
    /// The release scenarios follow when they name none.
    public static let `default` = IOSVersion(17)

    /// The major version number: 12 to 18, 26 or 27.
    public var major: Int
    /// A release by its major version (check it against `supported`).
    public init(_ major: Int) { self.major = major }

    /// Whether Apple shipped this major version: the numbering went from 18 to 26.
    public var isReleased: Bool { !(19...25).contains(major) }

    /// Older releases sort first.
    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool { lhs.major < rhs.major }
    /// The major version as written in scenarios.
    public var description: String { String(major) }

    /// iOS 13 and later: compact-width sheets are cards attached to the bottom edge.
    public var hasCardSheets: Bool { major >= 13 }
    /// iOS 15 and later: UISheetPresentationController's detents, grabber and undimmed detents.
    public var hasSheetDetents: Bool { major >= 15 }
    /// What `UIModalPresentationStyle.automatic` stands for: full screen before iOS 13 (the
    /// default presentation then), a page sheet from 13, a form sheet from 18.
    public var automaticStyle: PresentationStyle {
        major >= 18 ? .formSheet : major >= 13 ? .pageSheet : .fullScreen
    }
}
