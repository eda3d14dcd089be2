/// UIUserInterfaceIdiom: phone or pad.
public enum Idiom: String, Sendable, Hashable, CaseIterable {
    case phone, pad
}

/// UIUserInterfaceSizeClass: compact or regular.
public enum SizeClass: String, Sendable, Hashable {
    case compact, regular
}

/// The interface orientation.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape
}

/// UITraitEnvironmentLayoutDirection: left to right or mirrored.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case ltr, rtl
}

/// UIUserInterfaceStyle: light or dark.
public enum UserInterfaceStyle: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// Dynamic Type categories, spelled as in scenario files and the trace.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable {
    // The cases are spelled exactly as scenario files and the trace spell them.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5

    /// The body text size in points, from Apple's Human Interface Guidelines Dynamic Type tables.
    public var bodySize: Double {
        switch self {
        case .XS: 14
        case .S: 15
        case .M: 16
        case .L: 17
        case .XL: 19
        case .XXL: 21
        case .XXXL: 23
        case .AX1: 28
        case .AX2: 33
        case .AX3: 40
        case .AX4: 47
        case .AX5: 53
        }
    }

    /// How much text and text-bound bars grow: never below 1, so small categories do not
    /// shrink the tab bar below its design height, and never beyond AX1, where bars stop
    /// growing (an assumption, as UIKit's own bars do).
    public var barScale: Double { max(1, min(bodySize, ContentSizeCategory.AX1.bodySize) / ContentSizeCategory.L.bodySize) }
}

/// The subset of UITraitCollection the model reads.
public struct TraitCollection: Sendable, Hashable {
    /// Phone or pad.
    public var idiom: Idiom
    /// Compact on phones in portrait and narrow iPad windows.
    public var horizontalSizeClass: SizeClass
    /// Compact on phones in landscape.
    public var verticalSizeClass: SizeClass
    /// Pixels per point.
    public var displayScale: Double
    /// Portrait or landscape.
    public var orientation: Orientation
    /// Left to right, or mirrored.
    public var layoutDirection: LayoutDirection
    /// The Dynamic Type size.
    public var contentSizeCategory: ContentSizeCategory
    /// Light or dark.
    public var userInterfaceStyle: UserInterfaceStyle

    /// A trait collection from its parts.
    public init(
        idiom: Idiom, horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass,
        displayScale: Double, orientation: Orientation, layoutDirection: LayoutDirection = .ltr,
        contentSizeCategory: ContentSizeCategory = .L, userInterfaceStyle: UserInterfaceStyle = .light
    ) {
        self.idiom = idiom
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.orientation = orientation
        self.layoutDirection = layoutDirection
        self.contentSizeCategory = contentSizeCategory
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// Whether UIKit would call traitCollectionDidChange: orientation is not a UIKit trait,
    /// so an iPad rotating full screen keeps its traits.
    public func differsInUIKitTraits(from other: TraitCollection) -> Bool {
        var other = other
        other.orientation = orientation
        return other != self
    }
}
