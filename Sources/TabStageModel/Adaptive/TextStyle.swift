/// One of iOS's text styles (`UIFont.TextStyle`) with its size and line height at every Dynamic
/// Type category, its weight, its emphasized weight and its tracking: the one table every text
/// tabstage draws takes its font from. The values are Apple's (Human Interface Guidelines,
/// "Typography", iOS and iPadOS Dynamic Type sizes, and SF Pro's tracking table); README's
/// rendering section says which were cross-checked and which are assumed.
public struct TextStyle: Sendable, Hashable {
    /// The style's name as UIKit spells it.
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
    }

    /// The style.
    public let name: Name
    /// The regular weight (OpenType: 400 regular, 600 semibold, 700 bold).
    public let weight: Int
    /// The weight of the style's emphasized variant (`UIFontDescriptor.SymbolicTraits.traitBold`).
    public let emphasizedWeight: Int
    /// Point size and line height at XS, S, M, L, XL, XXL, XXXL, AX1 … AX5 (`ContentSizeCategory`'s order).
    private let sizes: [(size: Double, lineHeight: Double)]

    private init(_ name: Name, weight: Int = 400, emphasized: Int, _ sizes: [(Double, Double)]) {
        self.name = name
        self.weight = weight
        emphasizedWeight = emphasized
        self.sizes = sizes.map { (size: $0.0, lineHeight: $0.1) }
    }

    /// Styles are equal when their names are (the table holds one style per name).
    public static func == (lhs: TextStyle, rhs: TextStyle) -> Bool { lhs.name == rhs.name }
    /// Hashes the name, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The font this style gives text at `category`: Apple's size, line height and weight, and the
    /// tracking SF Pro's table gives that size.
    public func font(for category: ContentSizeCategory) -> TextFont {
        let index = ContentSizeCategory.allCases.firstIndex(of: category) ?? 3
        let entry = sizes[index]
        return TextFont(
            style: name, size: entry.size, weight: weight, lineHeight: entry.lineHeight,
            tracking: Self.tracking(size: entry.size))
    }

    /// Tracking in points at `size`: SF Pro's table, in thousandths of an em, times the size.
    /// Sizes between the table's rows take the row below (assumed).
    public static func tracking(size: Double) -> Double {
        let row = Int(size.rounded(.down))
        let key = trackingTable.keys.filter { $0 <= row }.max() ?? 11
        let thousandths = trackingTable[key] ?? 0
        return (size * Double(thousandths) / 1000 * 100).rounded() / 100
    }

    /// SF Pro's tracking (iOS), thousandths of an em by point size, from 10 pt (the floating
    /// tab bar's titles; 11 pt is the smallest size a text style reaches) to 60 pt (largeTitle
    /// at AX5).
    static let trackingTable: [Int: Int] = [
        10: 12, 11: 6, 12: 0, 13: -6, 14: -11, 15: -16, 16: -20, 17: -26, 18: -25, 19: -24, 20: -23, 21: -18, 22: -12, 23: -4,
        24: 3, 25: 6, 26: 8, 27: 11, 28: 14, 29: 14, 30: 13, 31: 12, 32: 13, 33: 12, 34: 12, 35: 11, 36: 10, 37: 10,
        38: 10, 39: 10, 40: 10, 41: 9, 42: 9, 43: 9, 44: 8, 45: 8, 46: 8, 47: 8, 48: 8, 49: 7, 50: 7, 51: 7, 52: 6,
        53: 6, 54: 6, 56: 6, 58: 5, 60: 4,
    ]

    // The Dynamic Type table: (size, line height) per category, XS … AX5.
    /// Large Title: 34 pt on 41 at L.
    public static let largeTitle = TextStyle(
        .largeTitle, emphasized: 700,
        [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)])
    /// Title 1: 28 pt on 34 at L.
    public static let title1 = TextStyle(
        .title1, emphasized: 700,
        [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)])
    /// Title 2: 22 pt on 28 at L.
    public static let title2 = TextStyle(
        .title2, emphasized: 700,
        [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)])
    /// Title 3: 20 pt on 25 at L.
    public static let title3 = TextStyle(
        .title3, emphasized: 600,
        [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)])
    /// Headline: 17 pt semibold on 22 at L.
    public static let headline = TextStyle(
        .headline, weight: 600, emphasized: 600,
        [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)])
    /// Body: 17 pt on 22 at L.
    public static let body = TextStyle(
        .body, emphasized: 600,
        [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)])
    /// Callout: 16 pt on 21 at L.
    public static let callout = TextStyle(
        .callout, emphasized: 600,
        [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)])
    /// Subheadline: 15 pt on 20 at L.
    public static let subheadline = TextStyle(
        .subheadline, emphasized: 600,
        [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)])
    /// Footnote: 13 pt on 18 at L.
    public static let footnote = TextStyle(
        .footnote, emphasized: 600,
        [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)])
    /// Caption 1: 12 pt on 16 at L.
    public static let caption1 = TextStyle(
        .caption1, emphasized: 600,
        [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)])
    /// Caption 2: 11 pt on 13 at L.
    public static let caption2 = TextStyle(
        .caption2, emphasized: 600,
        [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)])

    /// Every style, largest first.
    public static let all: [TextStyle] = [
        largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2,
    ]

    /// The style named `name`.
    public static func named(_ name: Name) -> TextStyle { all.first { $0.name == name } ?? body }
}

/// A resolved font: what a text element draws and is measured with.
public struct TextFont: Sendable, Hashable {
    /// The text style it comes from.
    public var style: TextStyle.Name
    /// Point size.
    public var size: Double
    /// OpenType weight: 400 regular, 600 semibold, 700 bold.
    public var weight: Int
    /// Baseline to baseline, in points.
    public var lineHeight: Double
    /// Space added after every character, in points (negative tightens).
    public var tracking: Double
    /// Digits all one width (OpenType `tnum`), as iOS draws counts and times.
    public var tabularDigits: Bool

    /// A font from its parts (normally through `TextStyle.font(for:)`).
    public init(
        style: TextStyle.Name, size: Double, weight: Int = 400, lineHeight: Double, tracking: Double = 0, tabularDigits: Bool = false
    ) {
        self.style = style
        self.size = size
        self.weight = weight
        self.lineHeight = lineHeight
        self.tracking = tracking
        self.tabularDigits = tabularDigits
    }

    /// Semibold or heavier: what counts as bold text (contrast rules, the fixed-advance measurer).
    public var isBold: Bool { weight >= 600 }

    /// The style's emphasized variant (its bold trait).
    public var emphasized: TextFont {
        var font = self
        font.weight = TextStyle.named(style).emphasizedWeight
        return font
    }

    /// The same font at `weight`.
    public func weight(_ weight: Int) -> TextFont {
        var font = self
        font.weight = weight
        return font
    }

    /// The font for a monogram drawn to fill a shape (an avatar's initials): the style's weight
    /// at the size the shape gives, without tracking. Artwork, not text: nothing else sizes a
    /// font by hand.
    public func monogram(size: Double) -> TextFont {
        TextFont(style: style, size: size, weight: weight, lineHeight: size, tracking: 0, tabularDigits: tabularDigits)
    }

    /// The same font with tabular digits (`UIFontDescriptor` `monospacedDigit`).
    public var monospacedDigits: TextFont {
        var font = self
        font.tabularDigits = true
        return font
    }
}

extension ContentSizeCategory {
    /// This category, kept within `range` (text in bars and fixed-height areas stops growing).
    public func clamped(to range: ClosedRange<ContentSizeCategory>) -> ContentSizeCategory {
        min(max(self, range.lowerBound), range.upperBound)
    }
}

extension ContentSizeCategory: Comparable {
    /// Smaller to larger text, XS first and AX5 last.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        let all = ContentSizeCategory.allCases
        return (all.firstIndex(of: lhs) ?? 0) < (all.firstIndex(of: rhs) ?? 0)
    }
}
