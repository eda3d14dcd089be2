/// The theme's colours as drawn (light or dark), given to a row template as fields so a
/// template never hard-codes them: `tint`, `label`, `secondaryLabel`, `separator` and
/// `background`, each a CSS hex colour.
public struct TemplateColors: Sendable, Hashable {
    /// Accent: the tab indicator's colour.
    public var tint: String
    /// Primary text.
    public var label: String
    /// Secondary text: handles, times, captions.
    public var secondaryLabel: String
    /// Hairlines between rows.
    public var separator: String
    /// The list's background.
    public var background: String

    /// Colours as the painter resolved them for one appearance.
    public init(tint: String, label: String, secondaryLabel: String, separator: String, background: String) {
        self.tint = tint
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.separator = separator
        self.background = background
    }

    /// tabstage's default palette, for a template rendered without a theme (its load-time
    /// check and tests); drawing passes the scenario's own colours.
    public static func standard(dark: Bool) -> TemplateColors {
        dark
            ? TemplateColors(tint: "#1d9bf0", label: "#e7e9ea", secondaryLabel: "#71767b", separator: "#2f3336", background: "#000000")
            : TemplateColors(tint: "#1d9bf0", label: "#0f1419", secondaryLabel: "#536471", separator: "#eff3f4", background: "#ffffff")
    }

    /// The template fields, by name.
    var fields: [String: String] {
        ["tint": tint, "label": label, "secondaryLabel": secondaryLabel, "separator": separator, "background": background]
    }
}
