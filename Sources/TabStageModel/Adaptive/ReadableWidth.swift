/// UIKit's readable width (`UIView.readableContentGuide`): the widest a column of text gets on
/// a wide window, centred in the layout margins. 672 pt at the default content size (Large);
/// it grows with Dynamic Type. Apple publishes the 672 pt at Large only (it is what the guide
/// measures on every iPad at Large); the other categories follow the rule UIKit's guide shows,
/// the width scaling with the body text style's size: 672 × body size / 17, whole points
/// rounded down (assumed: 632 at M, 909 at XXXL, 1304 at AX3).
public enum ReadableWidth {
    /// The readable width at the default category (Large).
    public static let large = 672.0

    /// The readable width at `category`: 672 × body size / 17, rounded down.
    public static func width(for category: ContentSizeCategory) -> Double {
        (large * TextStyle.body.font(for: category).size / TextStyle.body.font(for: .L).size).rounded(.down)
    }

    /// How far the readable column sits inside the layout margins on each side of a span
    /// `width` wide with margins `leading` and `trailing`: half of what the margins' area has
    /// beyond the readable width (centred in that area), 0 when it has no more.
    public static func extraInset(width: Double, leading: Double, trailing: Double, category: ContentSizeCategory) -> Double {
        max(0, (width - leading - trailing - self.width(for: category)) / 2)
    }
}
