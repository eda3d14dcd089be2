import TabStageModel

/// The colours one appearance is drawn in: the default light or dark set with the theme's
/// colours laid over it, resolved here once for the painter, the row templates and the
/// contrast checks alike. Hex strings so the SVG stays stable byte for byte.
package struct Palette: Sendable, Hashable {
    package var background: String
    package var text: String
    package var secondaryText: String
    package var separator: String
    package var accent: String
    package var skeleton: String
    package var tabBar: String
    package var coverStart: String
    package var coverEnd: String
    package var button: String
    package var scrollIndicator: String

    /// The default palette for `style` with a theme's colours laid over it.
    package static func forStyle(_ style: UserInterfaceStyle, theme: ThemeColors) -> Palette {
        var palette = forStyle(style)
        if let color = theme.tint?.svg { palette.accent = color }
        if let color = theme.background?.svg {
            palette.background = color
            palette.tabBar = color
        }
        if let color = theme.label?.svg {
            palette.text = color
            palette.button = color
        }
        if let color = theme.secondaryLabel?.svg { palette.secondaryText = color }
        if let color = theme.separator?.svg { palette.separator = color }
        return palette
    }

    /// tabstage's default colours for `style`, with no theme.
    package static func forStyle(_ style: UserInterfaceStyle) -> Palette {
        switch style {
        case .light:
            Palette(
                background: "#ffffff", text: "#0f1419", secondaryText: "#536471", separator: "#eff3f4",
                accent: "#1d9bf0", skeleton: "#e3e8ec", tabBar: "#ffffff", coverStart: "#1d9bf0",
                coverEnd: "#7856ff", button: "#0f1419", scrollIndicator: "#000000")
        case .dark:
            Palette(
                background: "#000000", text: "#e7e9ea", secondaryText: "#71767b", separator: "#2f3336",
                accent: "#1d9bf0", skeleton: "#25292d", tabBar: "#000000", coverStart: "#0b4f7c",
                coverEnd: "#3b2a80", button: "#eff3f4", scrollIndicator: "#ffffff")
        }
    }

    /// Stable per-index colours for avatars and media.
    package static let swatches = ["#f4a261", "#2a9d8f", "#e76f51", "#8ab17d", "#e9c46a", "#6d597a", "#457b9d", "#b5838d"]

    /// The swatch for `index`, any integer (negative ones wrap too).
    package static func swatch(_ index: Int) -> String { swatches[((index % swatches.count) + swatches.count) % swatches.count] }
}
