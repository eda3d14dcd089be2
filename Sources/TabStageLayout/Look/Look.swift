import TabStageModel

/// How a scenario's screen looks and what its header says, apart from the container's
/// behaviour: the state machine never reads it, the layout and the painter do.
public struct Look: Sendable, Hashable {
    /// Colours and banner per appearance.
    public var theme: Theme
    /// What the profile header shows.
    public var header: HeaderContent
    /// What each tab's list rows show, by tab index; a tab without an entry (or with nil)
    /// draws tabstage's own placeholder posts.
    public var rowContent: [RowContent?]

    /// The default look: tabstage's own palette, the header's sample content, placeholder rows.
    public init(theme: Theme = Theme(), header: HeaderContent = HeaderContent(), rowContent: [RowContent?] = []) {
        self.theme = theme
        self.header = header
        self.rowContent = rowContent
    }

    /// What tab `tab`'s list rows show; nil draws placeholder posts.
    public func rowContent(tab: Int) -> RowContent? {
        rowContent.indices.contains(tab) ? rowContent[tab] : nil
    }
}

/// What the header's banner shows.
public enum Banner: Sendable, Hashable {
    /// A gradient through the colours, top-leading to bottom-trailing (one colour: flat).
    case colors([ThemeColor])
    /// An image, scaled to fill the band (aspect-fill) and clipped to it.
    case image(EmbeddedImage)
}

/// The colours a theme may set for one appearance; nil keeps the default.
public struct ThemeColors: Sendable, Hashable {
    /// The selected tab's indicator and accent-coloured controls.
    public var tint: ThemeColor?
    /// The window, header and tab bar.
    public var background: ThemeColor?
    /// Primary text (the name, row titles, the selected tab) and the header button's fill.
    public var label: ThemeColor?
    /// The handle, counts and unselected tabs.
    public var secondaryLabel: ThemeColor?
    /// Hairlines between rows, under the tab bar, beside the side header.
    public var separator: ThemeColor?
    /// The band behind the header's top.
    public var banner: Banner?

    /// Every colour optional: unset keys keep the default palette.
    public init(
        tint: ThemeColor? = nil, background: ThemeColor? = nil, label: ThemeColor? = nil, secondaryLabel: ThemeColor? = nil,
        separator: ThemeColor? = nil, banner: Banner? = nil
    ) {
        self.tint = tint
        self.background = background
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.separator = separator
        self.banner = banner
    }
}

/// Colours for the light appearance, overrides for dark, and the team's fonts.
public struct Theme: Sendable, Hashable {
    /// The colours for the light appearance (and the brand colours dark falls back to).
    public var light: ThemeColors
    /// Dark-mode overrides. Keys it leaves out fall back to the light value for the brand
    /// colours (`tint`, `banner`) and to the default dark palette for the rest, which adapt.
    public var dark: ThemeColors
    /// The team's fonts; nil draws Inter, tabstage's system face.
    public var fonts: ThemeFonts?
    /// Whose design the header, the tab bar's indicator and the post rows follow.
    public var style: ThemeStyle
    /// A floating compose button at the trailing bottom, above the app's tab bar.
    public var compose: Bool

    /// The default theme sets nothing.
    public init(
        light: ThemeColors = ThemeColors(), dark: ThemeColors = ThemeColors(), fonts: ThemeFonts? = nil, style: ThemeStyle = .standard,
        compose: Bool = false
    ) {
        self.light = light
        self.dark = dark
        self.fonts = fonts
        self.style = style
        self.compose = compose
    }

    /// The SVG's `font-family` for this theme.
    public var cssFamily: String { fonts?.cssFamily ?? TextFonts.cssFamily }

    /// The colours that apply in `style`, with the fallbacks above applied.
    public func colors(for style: UserInterfaceStyle) -> ThemeColors {
        guard style == .dark else { return light }
        var resolved = dark
        resolved.tint = dark.tint ?? light.tint
        resolved.banner = dark.banner ?? light.banner
        return resolved
    }
}

/// The design a theme follows beyond its colours.
public enum ThemeStyle: String, Sendable, Hashable, CaseIterable {
    /// tabstage's own profile: a banner taking 0.38 of the header, a 60 pt avatar, the counts in
    /// one secondary line, a 3 pt indicator as wide as the tab.
    case standard
    /// The X app's profile: a 3:1 banner, an 80 pt avatar, the location, link and join date
    /// with their glyphs, bold counts, a two-line navigation title over the blurred banner, and
    /// a 4 pt indicator as wide as the selected title.
    case x
}
