import TabStageModel

/// How the header's name, handle and counts stack.
package enum StackAxis: String, Sendable, Hashable {
    /// Name and handle share the first row, the bio and counts follow below: on top in
    /// regular width.
    case horizontal
    /// A column: in compact width, and always in the (narrow) side header.
    case vertical
}

/// A round button drawn over the banner, in container coordinates.
package struct NavButtonFrame: Sendable, Hashable {
    /// Which button.
    package var button: NavButton
    /// The circle's bounding square.
    package var frame: Rect
    /// The glyph's horizontal scale: −1 turns a directional glyph round, so the back arrow
    /// points to the leading edge, the right in right-to-left layouts (UIKit flips directional
    /// symbols); 1 otherwise.
    package var glyphScaleX = 1.0
}

/// The header's frames. `frame`, `cover` and `separator` are in container coordinates; the
/// profile (avatar, text, follow button) is laid out in its own coordinates, moved by
/// `profileOffset` (the stretch or collapse shift on top, the column's x at the side).
public struct HeaderLayout: Sendable, Hashable {
    /// On top (collapsing) or at the side (compact height).
    public var placement: HeaderPlacement
    /// The band on top (its current height) or the column at the side; content clips to it.
    public var frame: Rect
    /// The header's current height (may exceed H with `overscroll: stretch`).
    public var height: Double
    /// 0 expanded, 1 collapsed, below 0 stretched (`ContainerState.collapseProgress`).
    public var collapseProgress: Double
    /// Whether name, handle and counts share a row or stack.
    package var stackAxis: StackAxis
    /// The cover art band.
    public var cover: Rect
    /// Where the profile's coordinates start within the container.
    public var profileOffset: Point
    /// The width the profile lays out in and its insets from the leading and trailing edges
    /// (which keep it clear of the side safe areas).
    public var profileWidth: Double
    /// The profile's distance from its leading edge.
    public var leadingInset: Double
    /// The profile's distance from its trailing edge.
    public var trailingInset: Double
    /// The avatar's centre, in the profile's coordinates.
    public var avatarCenter: Point
    /// The avatar's radius (30 pt; 40 pt in X style).
    public var avatarRadius: Double
    /// Where the avatar is drawn: at the top, `avatarCenter` moved with the profile
    /// (`profileOffset.y`), in the header's coordinates; at the side, `avatarCenter` in the
    /// profile column's.
    public var drawnAvatarCenter: Point {
        placement == .top ? Point(x: avatarCenter.x, y: avatarCenter.y + profileOffset.y) : avatarCenter
    }
    /// The initials inside the drawn avatar: centred, their baseline 0.3 × the radius below its
    /// centre, in the monogram face at 0.8 × the radius (as Contacts draws them).
    package var avatarInitials: PlacedText {
        let center = drawnAvatarCenter
        return PlacedText(
            x: center.x, baseline: center.y + avatarRadius * 0.3, anchor: .middle,
            font: TextStyle.headline.font(for: .L).monogram(size: avatarRadius * 0.8))
    }
    /// Whether the avatar is drawn over the cover (while at least half expanded) or under it.
    public var avatarOverCover: Bool
    /// Top of the name, handle and counts block.
    public var profileTextTop: Double
    /// In the profile's coordinates: on the trailing side of the name on top, under the text in
    /// the side column.
    public var followButton: Rect?
    /// The button's label font: subheadline semibold.
    public var followFont: TextFont
    /// The button's label size in points.
    public var followFontSize: Double { followFont.size }
    /// The button's title fitted inside it (nil with the button).
    package var followTitle: FittedText?
    /// The verified badge after the name, in the profile's coordinates.
    public var verifiedBadge: Rect?
    /// Name, handle, bio lines and counts (X style: also the location, link and join date, and
    /// each count's number and label apart), fitted to the room they have (the name stops
    /// before the button), in the profile's coordinates.
    package var texts: [HeaderText]
    /// Lines the bio takes (0 without a bio); its last line ends in "…" when cut.
    public var bioLineCount: Int
    /// The bio goes on past its last line, which ends in "…".
    public var bioIsCut: Bool
    /// The scenario chose the bio's line limit (`bioLines`), so a cut there is intended, as
    /// with `UILabel.numberOfLines`; a cut at the default limit is a warning.
    public var bioLineLimitIsChosen: Bool
    /// The banner's round buttons, in container coordinates: they stay at the top of the band
    /// while the header collapses.
    package var navButtons: [NavButtonFrame]
    /// The collapsed band doubles as a navigation bar: its title shows, opaque, once the header
    /// is three quarters collapsed (top header only).
    public var navigationTitleOpacity: Double
    /// The navigation title, fitted between the banner's buttons (`navigationTitleRoom`).
    package var navigationTitle: FittedText
    /// The middle of the navigation title (and of the X subtitle under it): the band's middle
    /// when the title fits there, otherwise moved as little as lets it fit between the buttons
    /// (`navigationTitleCentre`).
    public var navigationTitleX = 0.0
    /// The navigation title's font: headline (17 pt semibold at the default size).
    public var navigationTitleFont: TextFont
    /// The navigation title's size in points.
    public var navigationTitleSize: Double { navigationTitleFont.size }
    /// Vertical middle of the cover band, where the navigation title sits.
    public var navigationTitleMiddle: Double
    /// Where the navigation title is drawn: centred on `navigationTitleX`, on `navigationTitleMiddle`.
    package var navigationTitleOrigin: Point {
        if navigationSubtitle != nil {
            let top = navigationTitleMiddle - (navigationTitleFont.lineHeight + navigationSubtitleFont.lineHeight) / 2
            return Point(x: navigationTitleX, y: top + navigationTitleFont.lineHeight - 0.25 * navigationTitleSize)
        }
        return Point(x: navigationTitleX, y: LaidOutElement.centredBaseline(middle: navigationTitleMiddle, size: navigationTitleSize))
    }
    /// The Follow button's title baseline, centring it in the button; nil without a button.
    package var followTitleBaseline: Double? {
        followButton.map { LaidOutElement.centredBaseline(middle: $0.midY, size: followFontSize) }
    }
    /// The column's edge line (side header only).
    public var separator: Rect?
    /// Liquid Glass (iOS 26 and later), header on top: the band below the collapsed banner
    /// where the profile sliding under it fades out, from hidden at the banner's bottom edge to
    /// whole at the band's bottom, as the soft scroll edge effect fades content scrolling under
    /// a bar (`PresentedListLayout.GlassNavigationBar.softFade`, 16 pt, once the profile has gone
    /// 16 pt under); nil while nothing has gone under, and before iOS 26, where the banner cuts
    /// the profile sharply.
    public var profileEdgeFade: Rect?
    /// Whose design the header follows (`theme.style`).
    public var style: ThemeStyle = .standard
    /// The header sizes itself to its text (`height: fit`): its banner keeps 3:1 as the X
    /// banner does, every added point is room for the text, and its button's padding stays
    /// while its text grows.
    public var fitsText = false
    /// The glyphs before the location, link and join date (X style), in the profile's
    /// coordinates: each a square the painter fills with its drawing.
    package var glyphs: [HeaderGlyphFrame] = []
    /// X style: the button is outlined (Edit profile, Following) rather than filled (Follow).
    public var followButtonOutlined = false
    /// X style: "N posts" under the navigation title, in footnote; nil without a post count.
    package var navigationSubtitle: FittedText?
    /// The navigation subtitle's font: footnote.
    public var navigationSubtitleFont: TextFont
    /// X style: how much the banner behind the navigation bar is blurred (the Gaussian's
    /// standard deviation in points) and dimmed (black's opacity over it), rising from half
    /// collapsed to collapsed.
    public var coverBlur = 0.0
    /// See `coverBlur`.
    public var coverDim = 0.0
    /// X style on Liquid Glass: the band under the status bar, from the banner's top down to
    /// the safe area's top, where the collapsed banner is darkened further so the white status
    /// bar stays legible over a bright banner (X on iOS 26); nil otherwise, and before iOS 26.
    public var statusBarScrim: Rect?
    /// Black's opacity over the top half of `statusBarScrim`, fading to nothing at its bottom:
    /// `xStatusBarScrimOpacity`, rising with the banner's blur from half collapsed on.
    public var statusBarScrimOpacity = 0.0
    /// (assumed: X on iOS 26 darkens the blurred banner behind the status bar more than behind
    /// the title; no capture measures it) The status bar scrim's opacity when collapsed: with
    /// `coverDim`'s 0.3 the banner keeps 0.7 × 0.5 = 0.35 of its light under the status bar, so
    /// white status bar text keeps 7:1 even over a white banner.
    public static let xStatusBarScrimOpacity = 0.5
    /// How far the banner's collapsed treatment has gone (0 to 1, from half collapsed on).
    private var coverCollapse = 0.0
    /// Liquid Glass (iOS 26 and later): the collapsing X banner is darkened under the status
    /// bar (`statusBarScrim`), from the banner's top to the safe area's top.
    mutating func darkenUnderStatusBar() {
        guard coverCollapse > 0, safeAreaTop > cover.y else { return }
        statusBarScrim = Rect(x: cover.x, y: cover.y, width: cover.width, height: min(cover.height, safeAreaTop - cover.y))
        statusBarScrimOpacity = Self.xStatusBarScrimOpacity * coverCollapse
    }

    /// The navigation subtitle's baseline: the two lines (headline on 22, footnote on 18 at the
    /// default size) centred together on `navigationTitleMiddle`.
    package var navigationSubtitleOrigin: Point? {
        guard navigationSubtitle != nil else { return nil }
        let top = navigationTitleMiddle - (navigationTitleFont.lineHeight + navigationSubtitleFont.lineHeight) / 2
        return Point(
            x: navigationTitleX,
            y: top + navigationTitleFont.lineHeight + navigationSubtitleFont.lineHeight - 0.25 * navigationSubtitleFont.size)
    }
    /// The X banner's width to height: 3:1, as X crops a header photo (1500 × 500).
    public static let xBannerAspect = 3.0
    /// The X avatar's diameter and the border around it, in the background colour.
    public static let xAvatarDiameter = 80.0
    /// See `xAvatarDiameter`.
    public static let avatarBorder = 4.0
    /// (assumed: measured by eye on the iOS app) How far the X avatar reaches up into the banner.
    public static let xAvatarOverlap = 30.0

    /// Diameter of the banner's round buttons before iOS 26.
    public static let navButtonSize = 32.0
    /// (measured: iOS 26 simulator, a full-screen navigation bar's buttons are 44 pt glass
    /// circles or capsules, radius 22) iOS 26 and later: the banner's buttons' diameter.
    public static let glassNavButtonSize = 44.0
    /// (measured: iOS 26 simulator, the buttons sit 16 pt from the window's edges) iOS 26 and
    /// later: the outermost buttons' distance from the window's sides (and the safe area's).
    public static let glassNavButtonMargin = 16.0
    /// (measured: iOS 26 simulator, 12 pt between groups of bar buttons; assumed: each of the
    /// banner's buttons is its own group, as UIKit draws one circle per item an app separates)
    /// iOS 26 and later: the gap between two of the banner's buttons on one side.
    public static let glassNavButtonGap = 12.0
    /// The expanded cover takes this share of the header below the status bar; the profile
    /// starts at its bottom.
    static let coverShare = 0.38
    /// The safe area's top, above the cover's share.
    var safeAreaTop: Double

    /// The least `header.height` whose expanded header holds a profile element that reaches
    /// down to `bottom` (container coordinates, in this state). The profile keeps its distances
    /// from the cover's bottom, and the cover takes 0.38 of every point added to the header, so
    /// the room below it grows by 0.62 pt per point. Top header only.
    func expandedHeightHolding(_ bottom: Double) -> Int {
        // The X banner keeps its 3:1 whatever the height: every point added is room below it.
        if style == .x || fitsText, placement == .top { return Int((bottom - profileOffset.y - 1e-6).rounded(.up)) }
        let belowCover = bottom - profileOffset.y - avatarCenter.y
        return Int((safeAreaTop + belowCover / (1 - Self.coverShare) - 1e-6).rounded(.up))
    }

    /// The header's text styles: the name in title2 bold (as the X profile draws it), the handle
    /// in subheadline, the bio in subheadline, the counts in subheadline with tabular digits.
    public static let nameStyle = TextStyle.title2, handleStyle = TextStyle.subheadline, bioStyle = TextStyle.subheadline,
        countsStyle = TextStyle.subheadline

    init(
        _ container: ContainerState, content: HeaderContent, mirroring: Mirroring, typeScale: Double,
        textCategory: ContentSizeCategory = .L, barCategory: ContentSizeCategory? = nil, readableCategory: ContentSizeCategory = .L,
        measuring: some TextMeasuring,
        height heightSeen: Double? = nil, collapseProgress progressSeen: Double? = nil, style: ThemeStyle = .standard,
        liquidGlass: Bool = false
    ) {
        // The band's navigation title and subtitle stop growing where bar text does
        // (`barCategory`), however far the profile's text grows.
        let barCategory = barCategory ?? textCategory
        navigationSubtitleFont = TextStyle.footnote.font(for: barCategory)
        let followFont = TextStyle.subheadline.font(for: textCategory).emphasized
        let geometry = container.geometry
        let size = geometry.size
        let safeArea = geometry.safeArea
        let rtl = mirroring.rtl
        let barInsets: (leading: Double, trailing: Double)
        safeAreaTop = safeArea.top
        placement = geometry.placement
        height = heightSeen ?? container.headerHeight
        collapseProgress = progressSeen ?? container.collapseProgress
        stackAxis = container.environment.traits.horizontalSizeClass == .regular && geometry.placement == .top ? .horizontal : .vertical
        avatarRadius = 30
        switch geometry.placement {
        case .top:
            let width = size.width
            // Where the cover art ends when the header is fully expanded.
            let isX = style == .x
            // X, and any header sized to its text: the banner is 3:1 from the window's top whatever
            // the width (on a wide window it grows taller, never flatter), and never shorter than
            // the collapsed bar; the text's growth goes below it.
            let expandedCoverBottom =
                isX || content.sizesToFitText
                ? max(geometry.collapsedHeaderHeight, width / Self.xBannerAspect)
                : safeArea.top + Self.coverShare * (geometry.expandedHeaderHeight - safeArea.top)
            let shift = height - geometry.expandedHeaderHeight
            let coverBottom = max(geometry.collapsedHeaderHeight, expandedCoverBottom + shift)
            frame = Rect(x: 0, y: 0, width: width, height: height)
            cover = Rect(x: 0, y: 0, width: width, height: coverBottom)
            profileOffset = Point(x: 0, y: shift)
            // Liquid Glass: once the profile slides under the collapsed banner, the soft scroll
            // edge effect fades it out below the banner's bottom edge, over as much of
            // `softFade` as it has gone under (nothing while the banner still shrinks, nor once
            // the header has collapsed to the banner, when nothing of the profile shows).
            let under = geometry.collapsedHeaderHeight - (expandedCoverBottom + shift)
            profileEdgeFade =
                liquidGlass && under > 0 && coverBottom < height
                ? Rect(x: 0, y: coverBottom, width: width, height: min(PresentedListLayout.GlassNavigationBar.softFade, under)) : nil
            profileWidth = width
            // The profile (avatar, text, button) keeps the readable width centred on a wide
            // header; the banner and its buttons span the whole band.
            let leadingMargin = 16 + (rtl ? safeArea.right : safeArea.left), trailingMargin = 16 + (rtl ? safeArea.left : safeArea.right)
            let readable = ReadableWidth.extraInset(
                width: width, leading: leadingMargin, trailing: trailingMargin, category: readableCategory)
            leadingInset = leadingMargin + readable
            trailingInset = trailingMargin + readable
            barInsets = (leadingMargin, trailingMargin)
            if isX { avatarRadius = Self.xAvatarDiameter / 2 }
            // X's avatar reaches 30 pt up into the banner, which keeps it below the banner's
            // round buttons on every phone (their row ends 38 pt below the safe area's top).
            // iOS 26 and later: the banner's 44 pt buttons end 44 pt below the safe area's top,
            // lower than the earlier row, so the avatar's ring reaches up no further than them
            // (on a 402 pt iPhone 134 − 30 = 104 would cut the back button's 106 by 2 pt, its
            // ring by 6: the avatar starts at 62 + 44 + 4 = 110).
            let buttonRowBottom =
                liquidGlass && !content.navButtons.isEmpty ? safeArea.top + Self.glassNavButtonSize + Self.avatarBorder : 0
            let avatarY =
                isX ? max(expandedCoverBottom - Self.xAvatarOverlap, buttonRowBottom) + avatarRadius : expandedCoverBottom
            avatarCenter = Point(x: mirroring.x(leadingInset + avatarRadius, in: width), y: avatarY)
            avatarOverCover = collapseProgress <= 0.5
            profileTextTop = avatarY + avatarRadius
            let inset = trailingInset
            followButton = content.buttonTitle.map { title in
                Self.followButton(
                    title, font: followFont, coverBottom: expandedCoverBottom, width: width, trailingInset: inset,
                    typeScale: typeScale, fitsText: content.sizesToFitText, mirroring: mirroring, measuring: measuring,
                    gap: isX ? 12 : 10)
            }
            if isX {
                // Blurred and dimmed from half collapsed on, fully at the collapsed height.
                let t = min(max((collapseProgress - 0.5) / 0.5, 0), 1)
                coverBlur = 10 * t
                coverDim = 0.3 * t
                coverCollapse = t
            }
            navigationTitleOpacity = collapseProgress >= 0.75 ? 1 : 0
            navigationTitleMiddle = safeArea.top + (coverBottom - safeArea.top) / 2
            separator = nil
        case .side:
            let width = geometry.sideWidth
            let x = rtl ? size.width - width : 0
            let coverBottom = max(safeArea.top + 60, size.height * 0.34)
            frame = Rect(x: x, y: 0, width: width, height: size.height)
            cover = Rect(x: x, y: 0, width: width, height: coverBottom)
            profileOffset = Point(x: x, y: 0)
            profileWidth = width
            // The column touches the screen's edge on its leading side only.
            leadingInset = (rtl ? safeArea.right : safeArea.left) + 16
            trailingInset = 16
            barInsets = (leadingInset, trailingInset)
            avatarCenter = Point(x: mirroring.x(leadingInset + avatarRadius, in: width), y: coverBottom)
            avatarOverCover = true
            profileTextTop = coverBottom + avatarRadius
            // The narrow column puts the button under the text (placed below, once the text is).
            followButton = nil
            navigationTitleOpacity = 0
            navigationTitleMiddle = safeArea.top + (coverBottom - safeArea.top) / 2
            separator = Rect(x: rtl ? x : x + width - 0.5, y: 0, width: 0.5, height: size.height)
        }
        self.followFont = followFont
        self.style = style
        fitsText = content.sizesToFitText
        navigationTitleFont = TextStyle.headline.font(for: barCategory)
        navButtons = Self.navButtons(
            content.navButtons, band: frame, top: safeArea.top, leadingInset: barInsets.leading, trailingInset: barInsets.trailing,
            mirroring: mirroring, liquidGlass: liquidGlass)
        // The title's room: between the banner's buttons, a button's gap from each (16 pt and
        // the wider side safe area from the edges where no button is).
        let titleRoom = Self.navigationTitleRoom(
            navButtons.map(\.frame), band: frame, margin: 16 + max(safeArea.left, safeArea.right),
            gap: liquidGlass ? Self.glassNavButtonGap : 8)
        navigationTitle = FittedText(
            content.title, font: navigationTitleFont, available: titleRoom.upperBound - titleRoom.lowerBound, measuring: measuring)
        let profile: (texts: [HeaderText], badge: Rect?, bioLines: Int)
        if style == .x, placement == .top {
            let x = Self.xTexts(
                container.config.header, content: content, top: profileTextTop, width: profileWidth, leadingInset: leadingInset,
                trailingInset: trailingInset, button: followButton, textCategory: textCategory, mirroring: mirroring,
                measuring: measuring)
            profile = (x.texts, x.badge, x.bioLines)
            glyphs = x.glyphs
            followButtonOutlined = content.buttonTitle.map { $0 != HeaderContent.defaultButtonTitle } ?? false
            if !content.posts.isEmpty {
                navigationSubtitle = FittedText(
                    "\(content.posts) posts", font: navigationSubtitleFont, available: titleRoom.upperBound - titleRoom.lowerBound,
                    measuring: measuring)
            }
        } else {
            profile = Self.texts(
                container.config.header, content: content, placement: placement, stackAxis: stackAxis, top: profileTextTop,
                width: profileWidth, leadingInset: leadingInset, trailingInset: trailingInset,
                button: followButton, textCategory: textCategory, mirroring: mirroring, measuring: measuring)
        }
        navigationTitleX = Self.navigationTitleCentre(
            width: max(navigationTitle.width, navigationSubtitle?.width ?? 0), room: titleRoom, middle: frame.midX,
            cut: navigationTitle.isTruncated || navigationSubtitle?.isTruncated == true)
        texts = profile.texts
        verifiedBadge = profile.badge
        bioLineCount = profile.bioLines
        bioIsCut = profile.texts.contains { $0.element == "bio" && $0.fitted.isTruncated }
        bioLineLimitIsChosen = content.bioLines != nil
        if placement == .side, let title = content.buttonTitle {
            let bottom = texts.last.map { $0.baseline + 0.25 * $0.size } ?? profileTextTop
            var button = Self.followButton(
                title, font: followFont, coverBottom: 0, width: profileWidth, trailingInset: trailingInset, typeScale: typeScale,
                fitsText: content.sizesToFitText, mirroring: mirroring,
                measuring: measuring)
            button.x = mirroring.x(leadingInset, width: button.width, in: profileWidth)
            button.y = bottom + 12
            followButton = button
        }
        let button = followButton
        followTitle = content.buttonTitle.flatMap { title in
            button.map { button in
                FittedText(
                    title, font: followFont, available: max(0, button.width - 24 * (content.sizesToFitText ? 1 : typeScale)),
                    measuring: measuring)
            }
        }
    }
}
