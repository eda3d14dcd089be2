import TabStageModel

/// Where everything of one state sits on screen, decided once. The trace and the SVG painter
/// both read it, so what a trace reports is what a snapshot shows.
public struct StageLayout: Sendable, Hashable {
    /// The app window's size in points.
    public var windowSize: Size
    /// The container in window coordinates: the whole window, or the split view's secondary column.
    public var containerFrame: Rect
    /// False while a collapsed split view shows only its primary column.
    public var showsContainer: Bool
    /// The header: cover, avatar, text and Follow button.
    public var header: HeaderLayout
    /// The tab bar: mode, cells, titles, indicator.
    public var tabBar: TabBarLayout
    /// The visible pages and their rows.
    package var pages: PagesLayout
    /// The split view's columns; nil without one.
    public var split: SplitLayout?
    /// Where a presentation shows; nil without one.
    public var presentation: PresentationLayout?
    /// A popover's arrow; nil for anything else.
    public var popoverArrow: PopoverArrow?
    /// Dimming, corners, grabber and the pushed-back presenter of a presentation.
    public var presentationChrome: PresentationChrome?
    /// The presented controller's options screen; nil without a presentation.
    public var presentedList: PresentedListLayout?
    /// The split view's primary column; nil when it is not shown.
    public var primaryColumn: PrimaryColumnLayout?
    /// The app's own tab bar over the container; nil without one.
    public var appTabBar: AppTabBarLayout?
    /// The floating compose button (`theme.compose`), in window coordinates; nil without one.
    public var composeButton: Rect?
    /// The compose button's glyph square, in window coordinates.
    public var composeGlyph: Rect?
    /// The compose button's diameter, as X draws it.
    public static let composeDiameter = 56.0
    /// The compose glyph's side.
    public static let composeGlyphSide = 24.0
    /// The compose button's distance from the trailing safe edge and from what is below it.
    public static let composeMargin = 16.0
    /// The status bar, the sensor housing and the home indicator over the window.
    package var chrome: ChromeLayout
    /// The whole device around the window, for pictures drawn with the device frame.
    package var deviceFrame: DeviceFrameLayout
    /// Dynamic Type factor (body size / 17, at least 1): the tab bar and its titles grow fully.
    public var typeScale: Double
    /// Text inside areas whose height the scenario fixes (rows, header) grows up to 1.5×, as
    /// apps capping `maximumContentSizeCategory` do; beyond that it would only be clipped.
    public var fixedHeightTypeScale: Double
    /// The Dynamic Type category bar text (tab titles) takes its size from: the window's, up to
    /// AX1, where the bars stop growing.
    public var barTextCategory: ContentSizeCategory
    /// The category text in areas whose height the scenario fixes (a fixed header, rows of a
    /// `rowHeight`) takes its size from: the window's, up to XXXL, as apps capping
    /// `maximumContentSizeCategory` at the largest non-accessibility size do (assumed); beyond
    /// that it would only be clipped. Self-sizing rows take the window's at every size
    /// (`rowTextCategory(_:rowHeight:)`).
    public var fixedHeightTextCategory: ContentSizeCategory
    /// The category the header's profile text (name, handle, bio, counts, button) takes its
    /// size from: the window's at every size when the header sizes itself to its text
    /// (`HeaderContent.sizesToFitText`), `fixedHeightTextCategory` under a fixed height.
    public var headerTextCategory: ContentSizeCategory
    /// The header button's Dynamic Type factor: body size / 17 (at least 1) when the header
    /// sizes itself to its text, `fixedHeightTypeScale` under a fixed height.
    public var headerTypeScale: Double
    /// Everything drawn that a person reads or taps, in drawing order: what the overlap and
    /// safe-area checks look at.
    public var elements: [LaidOutElement]
    /// What this layout had to cut or could not keep apart: truncations, then the element checks.
    public var warnings: [LayoutWarning]

    /// The text size rows of a fixed height and other fixed-height parts are drawn at in a
    /// window at `category` (`fixedHeightTextCategory`): up to XXXL.
    public static func rowTextCategory(_ category: ContentSizeCategory) -> ContentSizeCategory {
        category.clamped(to: .XS ... .XXXL)
    }

    /// The text size rows of `rowHeight` are measured and drawn at in a window at `category`:
    /// the window's at every size when the rows size themselves (`RowHeight.selfSizing`), as a
    /// self-sizing cell whose labels adjust to the content size category keeps growing through
    /// AX1–AX5; `rowTextCategory(_:)` (up to XXXL) when the scenario fixes their height, which
    /// would only clip bigger text. `SelfSizingRows` measures and the tab pages draw with it.
    public static func rowTextCategory(_ category: ContentSizeCategory, rowHeight: RowHeight) -> ContentSizeCategory {
        if case .selfSizing = rowHeight { return category }
        return rowTextCategory(category)
    }

    /// `look` is the scenario's theme, header content and row content, which the state does not
    /// carry; `measuring` gives the text widths (Raster's `TextMeasurer` for what librsvg draws).
    public init(_ stage: StageState, look: Look, measuring: some TextMeasuring) {
        self.init(stage, look: look, measuring: measuring, substituting: LayoutSubstitution())
    }

    /// The layout with what a real container reported in place of the model's header height,
    /// tab bar top or presentation frame (see `LayoutSubstitution`); with nothing to
    /// substitute, exactly `init(_:look:measuring:)`.
    package init(
        _ stage: StageState, look: Look, measuring: some TextMeasuring, substituting substitution: LayoutSubstitution
    ) {
        let measuring = measuring.measuring(fonts: look.theme.fonts)
        let container = stage.container
        let mirroring = Mirroring(rtl: stage.window.traits.layoutDirection == .rtl)
        windowSize = stage.window.window
        containerFrame = container.environment.frame
        split = stage.splitLayout
        showsContainer = split?.shown != .primary
        presentation = (stage.presentation?.layout).map { substitution.presentation($0) }
        popoverArrow = presentation.flatMap(PopoverArrow.init)
        presentationChrome = presentation.map { PresentationChrome($0, window: stage.window) }
        typeScale = stage.window.traits.contentSizeCategory.barScale
        fixedHeightTypeScale = min(typeScale, 1.5)
        let category = stage.window.traits.contentSizeCategory
        barTextCategory = Self.barTextCategory(category)
        fixedHeightTextCategory = Self.rowTextCategory(category)
        let fits = look.header.sizesToFitText
        headerTextCategory = fits ? category : fixedHeightTextCategory
        headerTypeScale = fits ? max(1, category.bodySize / ContentSizeCategory.L.bodySize) : fixedHeightTypeScale
        let headerHeight = substitution.headerHeight ?? container.headerHeight
        let tabBarTop = substitution.tabBarTop ?? container.geometry.tabBarTop(headerHeight: headerHeight)
        header = HeaderLayout(
            container, content: look.header, mirroring: mirroring, typeScale: headerTypeScale,
            textCategory: headerTextCategory, barCategory: fixedHeightTextCategory, readableCategory: category, measuring: measuring,
            height: headerHeight,
            collapseProgress: substitution.collapseProgress ?? container.geometry.collapseProgress(headerHeight: headerHeight),
            style: look.theme.style, liquidGlass: stage.window.settings.iOSVersion.usesLiquidGlass)
        if stage.window.settings.iOSVersion.usesLiquidGlass { header.darkenUnderStatusBar() }
        tabBar = Self.tabBar(stage, look: look, measuring: measuring, top: tabBarTop)
        pages = PagesLayout(
            container, rowContent: look.rowContent(tab:), mirroring: mirroring, textCategory: fixedHeightTextCategory,
            readableCategory: category, measuring: measuring,
            tabBarTop: tabBarTop)
        appTabBar = AppTabBarLayout(stage, textCategory: .L, measuring: measuring)
        // Without the container nothing scrolls under the bar, so no edge effect shows.
        if !showsContainer { appTabBar?.edgeEffect = nil }
        if look.theme.compose, showsContainer {
            // Trailing, 16 pt in from the safe area's edge and 16 pt above the app's tab bar (the
            // bar's top, or the floating capsule's), or above the bottom safe area without one.
            let window = stage.window, side = Self.composeDiameter, margin = Self.composeMargin
            let frame = containerFrame
            let right = min(frame.maxX, window.window.width - window.safeArea.right)
            let left = max(frame.x, window.safeArea.left)
            let x = mirroring.rtl ? left + margin : right - margin - side
            let bottom = (appTabBar?.frame.y ?? window.window.height - window.safeArea.bottom) - margin
            let button = Rect(x: x, y: bottom - side, width: side, height: side)
            let glyph = Self.composeGlyphSide
            composeButton = button
            composeGlyph = Rect(x: button.midX - glyph / 2, y: button.midY - glyph / 2, width: glyph, height: glyph)
        }
        if let presentation, let presentationChrome {
            let content = stage.presentation?.request.content ?? .standard
            // Laid out in the unscaled sheet (its insets unscaled with it); a floating sheet is
            // drawn scaled (`PresentationLayout.drawn`).
            let insets = presentationChrome.contentInsets, scale = presentation.drawnScale
            presentedList = PresentedListLayout(
                content: content, showsDone: content.showsDone(in: presentation.style), surface: presentation.laidOutFrame,
                insets: EdgeInsets(
                    top: insets.top / scale, left: insets.left / scale, bottom: insets.bottom / scale, right: insets.right / scale),
                rtl: mirroring.rtl,
                liquidGlass: stage.window.settings.iOSVersion.usesLiquidGlass, category: category, measuring: measuring)
        } else {
            presentedList = nil
        }
        primaryColumn = PrimaryColumnLayout(
            split, config: stage.split, window: stage.window, rtl: mirroring.rtl, measuring: measuring)
        chrome = ChromeLayout(stage.window) { _ in false }
        deviceFrame = DeviceFrameLayout(stage.window)
        elements = []
        warnings = []
        let layout = self
        chrome = ChromeLayout(stage.window) { layout.isOverCover(x: $0) }
        // Split View's screen status bar: a screen x over our window is over our cover art where the window's is.
        let screenFrame = deviceFrame
        deviceFrame = DeviceFrameLayout(stage.window) { x in
            screenFrame.isInWindow(screenX: x) && layout.isOverCover(x: x + screenFrame.screen.x - screenFrame.window.x)
        }
        elements = listElements(stage)
        warnings = truncations(container, title: look.header.title) + ElementCheck.warnings(elements) + Self.ignoredSettings(stage)
    }
}

extension StageLayout {
    /// The numbers a physics frame shows, as the whole layout has them, without laying out the
    /// pages, the chrome or the elements: a fling is sampled at every frame (thousands at
    /// 240 fps), and its rows are what a layout spends its time on.
    package static func frameNumbers(
        _ stage: StageState, look: Look, measuring: some TextMeasuring
    ) -> (headerHeight: Double, collapseProgress: Double, tabBarOffsetX: Double) {
        let container = stage.container
        let headerHeight = container.headerHeight
        let measuring = measuring.measuring(fonts: look.theme.fonts)
        let bar = Self.tabBar(stage, look: look, measuring: measuring, top: container.geometry.tabBarTop(headerHeight: headerHeight))
        return (headerHeight, container.geometry.collapseProgress(headerHeight: headerHeight), bar.offsetX)
    }

    /// Bar text grows with the content size category up to AX1, as UIKit's bars do.
    static func barTextCategory(_ category: ContentSizeCategory) -> ContentSizeCategory {
        category.clamped(to: .XS ... .AX1)
    }

    /// The container's tab bar at `top`, its text at the bar's category.
    static func tabBar(_ stage: StageState, look: Look, measuring: some TextMeasuring, top: Double) -> TabBarLayout {
        TabBarLayout(
            stage.container, textCategory: barTextCategory(stage.window.traits.contentSizeCategory), measuring: measuring, top: top,
            style: look.theme.style)
    }
}

extension StageLayout {
    /// Whether the header's cover art lies under the status bar at window x `x`.
    func isOverCover(x: Double) -> Bool {
        guard showsContainer, header.placement == .top else { return false }
        // Behind a large iPhone sheet the presenter is pushed back over black: light glyphs.
        if presentationChrome?.presenterFrame != nil { return true }
        if presentation?.appearance == .fullScreen { return false }
        let frame = containerFrame
        guard x >= frame.x, x <= frame.x + frame.width else { return false }
        if let split, !split.collapsed, let primary = split.primaryFrame, x >= primary.x, x <= primary.x + primary.width {
            return false
        }
        return true
    }
}

/// Right-to-left mirroring of boxes inside a span.
struct Mirroring: Sendable, Hashable {
    var rtl: Bool

    /// A box's x inside a span of width `span`, mirrored in right-to-left layouts.
    func x(_ x: Double, width: Double = 0, in span: Double) -> Double {
        rtl ? span - x - width : x
    }

    /// The anchor of text set at its leading edge: its start, or its end in right-to-left layouts.
    var leadingAnchor: LaidOutElement.TextAnchor { rtl ? .end : .start }
}
