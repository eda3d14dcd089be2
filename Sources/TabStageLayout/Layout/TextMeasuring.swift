import TabStageModel

/// Measures one line of text in a text style's font: the advance width the renderer gives it,
/// in points (with the font's weight, tracking and digit widths). Injected
/// wherever a layout is computed, so the layout stays a pure function of its inputs; Raster
/// provides the measurer whose widths match the rendered pixels.
public protocol TextMeasuring: Sendable {
    func width(of text: String, font: TextFont) -> Double
    /// The measurer for text drawn in a theme's `fonts` (nil: the default font). A measurer
    /// that ignores fonts, such as `FixedAdvanceMeasurer`, returns itself.
    func measuring(fonts: ThemeFonts?) -> any TextMeasuring
}

extension TextMeasuring {
    /// Font-blind measurers measure every font alike.
    public func measuring(fonts: ThemeFonts?) -> any TextMeasuring { self }
}

/// A deterministic stand-in: every character advances `advance` × the font size (semibold and
/// bold add `boldExtra`; tracking and tabular digits are ignored). For tests whose numbers are
/// worked out by hand.
public struct FixedAdvanceMeasurer: TextMeasuring {
    /// Advance per character as a fraction of the font size.
    public var advance: Double
    /// What bold adds to the advance.
    public var boldExtra: Double

    /// A measurer with `advance` per character (half the font size by default).
    public init(advance: Double = 0.5, boldExtra: Double = 0) {
        self.advance = advance
        self.boldExtra = boldExtra
    }

    /// The character count times the size times the advance.
    public func width(of text: String, font: TextFont) -> Double {
        Double(text.count) * font.size * (advance + (font.isBold ? boldExtra : 0))
    }
}

/// A single-line label after fitting: the whole text, or its head and "…" (UILabel's default
/// tail truncation), with the width it draws at.
package struct FittedText: Sendable, Hashable {
    /// What is drawn: the whole text, or its head and "…".
    package var text: String
    /// The drawn width in points.
    package var width: Double
    /// Whether the text was cut.
    package var isTruncated: Bool
    /// The text as written, before truncation.
    package var original: String

    /// The character a cut text ends with.
    package static let ellipsis = "…"

    /// Fits `text` into `available` points: unchanged when it fits, otherwise the longest head
    /// (whole characters, trailing spaces dropped) that fits with "…" after it; only "…" when
    /// not even one character does.
    package init(_ text: String, font: TextFont, available: Double, measuring: some TextMeasuring) {
        original = text
        let full = measuring.width(of: text, font: font)
        guard full > available + 0.001 else {
            self.text = text
            width = full
            isTruncated = false
            return
        }
        isTruncated = true
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            var head = String(characters.prefix(count))
            while head.last?.isWhitespace == true { head.removeLast() }
            return head + Self.ellipsis
        }
        // The longest head that fits: widths grow with the head's length.
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if measuring.width(of: candidate(middle), font: font) <= available + 0.001 {
                low = middle
            } else {
                high = middle - 1
            }
        }
        self.text = candidate(low)
        width = measuring.width(of: self.text, font: font)
    }
}

/// Something a run drew that a person would not want shipped: cut text, things drawn over each
/// other, content under a sensor housing or the home indicator.
public struct LayoutWarning: Sendable, Hashable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        case truncated
        case overlap
        case outsideSafeArea
        /// A setting the window ignores (an app tab bar's minimize behaviour on iPad or
        /// before iOS 26).
        case ignored
        /// A button or tab whose hit area is under 44 × 44 pt (accessibility checks).
        case smallHitArea
        /// Text whose contrast with what is behind it is under WCAG's minimum (accessibility checks).
        case lowContrast
        /// An accessibility element with no label (accessibility checks).
        case missingLabel
        /// Text a fixed height holds at XXXL in a window at an accessibility size, where it would
        /// need more room than that height gives (`StageLayout.fixedHeightWarnings`).
        case cappedText
    }

    /// What is affected: `title`, `follow`, `nav-title`, `tab-N`, `row-T-I`, … (`LaidOutElement.name`).
    public var element: String
    /// Cut, overlapping or outside the safe area.
    public var kind: Kind
    /// One sentence for a person.
    public var text: String

    /// A warning about `element`.
    public init(element: String, kind: Kind, text: String) {
        self.element = element
        self.kind = kind
        self.text = text
    }
}
