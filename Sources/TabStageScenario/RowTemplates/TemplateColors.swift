import TabStageLayout

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
        TemplateColors(Palette.forStyle(dark ? .dark : .light))
    }

    /// The fields of a resolved palette: the painter's colours, so a template draws in them.
    package init(_ palette: Palette) {
        self.init(
            tint: palette.accent, label: palette.text, secondaryLabel: palette.secondaryText, separator: palette.separator,
            background: palette.background)
    }

    /// The template fields, by name.
    var fields: [String: String] {
        ["tint": tint, "label": label, "secondaryLabel": secondaryLabel, "separator": separator, "background": background]
    }
}
