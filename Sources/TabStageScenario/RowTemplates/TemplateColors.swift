import TabStageLayout

/// The theme's colours as drawn (light or dark), given to a row template as fields so a
/// template never hard-codes them: `tint`, `label`, `secondaryLabel`, `separator` and
/// `background`, each a CSS hex colour.
package struct TemplateColors: Sendable, Hashable {
    /// Accent: the tab indicator's colour.
    package var tint: String
    /// Primary text.
    package var label: String
    /// Secondary text: handles, times, captions.
    package var secondaryLabel: String
    /// Hairlines between rows.
    package var separator: String
    /// The list's background.
    package var background: String

    /// Colours as the painter resolved them for one appearance.
    package init(tint: String, label: String, secondaryLabel: String, separator: String, background: String) {
        self.tint = tint
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.separator = separator
        self.background = background
    }

    /// tabstage's default palette, for a template rendered without a theme (its load-time
    /// check and tests); drawing passes the scenario's own colours.
    package static func standard(dark: Bool) -> TemplateColors {
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
