import TabStageModel

/// Where the app's own tab bar and its items sit: the classic bar on the bottom safe area
/// before iOS 26, the floating glass capsule from iOS 26 (or its minimized selected item).
/// The painter draws these frames; the trace reports `frame` and `minimized`.
public struct AppTabBarLayout: Sendable, Hashable {
    /// How the bar looks.
    public enum Style: String, Sendable, Hashable {
        /// Before iOS 26: an opaque bar across the window's bottom, over the home indicator's inset.
        case classic
        /// iOS 26 and later: a Liquid Glass capsule floating above the home indicator.
        case floating
    }

    /// One item: its cell, its icon and its title.
    public struct Item: Sendable, Hashable {
        /// The item's index in the scenario's `items`.
        public var index: Int
        /// The title drawn (tail-truncated to the cell).
        public var title: String
        /// The item's cell, in window coordinates.
        public var frame: Rect
        /// The icon's square, in window coordinates.
        public var icon: Rect
        /// The title's baseline and centre; nil when only the icon shows (the minimized capsule).
        public var titleBaseline: Double?
        /// Where the title starts or centres (see `titleCentered`).
        public var titleX: Double
        /// Whether the title is centred on `titleX` (stacked items) or starts there (the
        /// side-by-side items of a compact-height classic bar).
        public var titleCentered: Bool
        /// Whether this is the selected item.
        public var selected: Bool
        /// The item's symbol (chosen from its title); nil draws a plain dot.
        public var glyph: Glyph? = nil
        /// The dot drawn for an item without a glyph: centred in `icon`, 1 pt inside it.
        public var dot: (center: Point, radius: Double) {
            (Point(x: icon.x + icon.width / 2, y: icon.y + icon.height / 2), icon.width / 2 - 1)
        }
        /// An `.initial` glyph's letter: centred in `icon`, its baseline 0.78 of the way down, in
        /// the monogram face at 0.8 × the icon's height.
        package var initialText: PlacedText {
            PlacedText(
                x: icon.midX, baseline: icon.y + icon.height * 0.78, anchor: .middle,
                font: TextStyle.headline.font(for: .L).monogram(size: icon.height * 0.8))
        }
    }

    /// The symbol an item shows, chosen from its title as an app would pick an SF Symbol (a
    /// scenario gives only titles): a house for Home, a magnifying glass for Search or Explore
    /// (and the search tab), a bell for Notifications or Activity, an envelope for Messages,
    /// Inbox or Mail, a person for Profile or Account; any other title shows its first letter.
    public enum Glyph: Sendable, Hashable {
        /// SF Symbols' house.fill, magnifyingglass, bell.fill, envelope.fill and person.fill.
        case house, magnifyingGlass, bell, envelope, person
        /// The title's first letter, upper-cased.
        case initial(String)

        /// The glyph for an item titled `title`.
        static func forTitle(_ title: String, search: Bool) -> Glyph {
            if search { return .magnifyingGlass }
            switch title.lowercased() {
            case "home": return .house
            case "search", "explore": return .magnifyingGlass
            case "notifications", "activity": return .bell
            case "messages", "inbox", "mail": return .envelope
            case "profile", "account", "me": return .person
            default: return .initial(title.first.map { String($0).uppercased() } ?? "")
            }
        }
    }

    /// Classic or floating.
    public var style: Style
    /// Whether the floating bar shows only its selected item.
    public var minimized: Bool
    /// The bar in window coordinates: the classic bar down to the window's bottom edge, or the
    /// capsule.
    public var frame: Rect
    /// The bar's corner radius: 0 for the classic bar, half the height for a capsule.
    public var cornerRadius: Double
    /// The items drawn: all of them, or the selected one when minimized.
    public var items: [Item]
    /// The floating bar's lighter capsule behind the selected item; nil otherwise.
    public var selection: Rect?
    /// iOS 26 and later: the search tab's own glass circle at the trailing end, beside the
    /// capsule (also while minimized); nil without a search tab.
    public var searchButton: Rect?
    /// The floating bar's bottom scroll edge effect; nil for the classic bar (opaque, nothing
    /// scrolls visibly under it) and while the container is not shown.
    public var edgeEffect: BottomEdgeEffect?
    /// The titles' font: caption2 medium, at the default size whatever the category, as
    /// UITabBar's titles keep their size (UIKit shows the large content viewer instead).
    public var titleFont: TextFont
    /// The titles' size in points.
    public var titleSize: Double { titleFont.size }

    /// The icon's side on the classic bar, the minimized capsule and the search circle
    /// (assumed: none of these was measured).
    static let iconSide = 24.0
    /// (measured: iOS 26 simulator, the capsule's symbols sit in a ≈ 28 pt box) The icon's
    /// side in the floating capsule.
    public static let floatingIconSide = 28.0
    /// (measured: iOS 26 simulator, the capsule's titles are 10 pt) The floating capsule's
    /// title size, whatever the Dynamic Type category (UIKit shows the large content viewer
    /// instead). The weight stays medium (assumed: not measured).
    public static let floatingTitleSize = 10.0
    /// (measured: iOS 26 simulator, the titles' baseline at ≈ 839.5 in a capsule whose bottom is
    /// at 791 + 62 = 853: 853 − 839.5 = 13.5) How far above the capsule's bottom edge the
    /// titles' baseline sits. The capsule's height is fixed, so every device follows.
    public static let floatingTitleBaselineInset = 13.5
    /// (measured: iOS 26 simulator, a 5-item capsule 360 wide holds items 77 wide on a 68.75 pt
    /// pitch: 4 × 68.75 + 77 = 352 = 360 − 2 × 4) The items' distance from the capsule's
    /// leading and trailing edges, the same as `floatingPadding` above and below them.
    public static let floatingItemInset = 4.0
    /// (measured: iOS 26 simulator, view-tree dumps: 5 items 77 wide on a 68.75 pt pitch in a
    /// 360 pt capsule, 77 − 68.75 = 8.25; 5 items 84.60 wide on a 76.35 pitch in a 398 pt one on a
    /// 440 pt iPhone, 84.60 − 76.35 = 8.25; 3 items 94 on 86 in a 274 pt one, within 0.17) How far
    /// an item of the floating capsule reaches over its neighbour's cell, whatever the capsule's
    /// width: every item is its pitch plus this. It is 2 × (`floatingSidePadding` −
    /// `floatingItemInset`), so the first item starts `floatingItemInset` from the capsule's edge.
    public static let floatingItemOverlap = 2 * (floatingSidePadding - floatingItemInset)
    /// (measured: iOS 26 simulator, 3 items ≈ 94 pt wide; 85.9375 + 8.25 = 94.1875 gives the
    /// measured 274 pt capsule) The narrowest item a capsule sized to its items gives them:
    /// items with short titles are this wide unless the room holds the capsule narrower (4 items
    /// exactly fill the 360 of a 402 pt iPhone at this width: 4 × 85.9375 + 16.25 = 360). The
    /// measured 95–98 of a 4-item bar is its drawn pill, whose soft edge reaches about 0.5 pt past
    /// its frame on each side (a 77 pt frame draws 78.0 in the same captures), so the frames are
    /// 94.19. One device cannot tell whether this floor follows the window or is fixed; tabstage
    /// keeps it fixed.
    public static let floatingMinimumItemWidth = floatingMaximumPitch + floatingItemOverlap
    /// (assumed: no capture with a title wider than the floor was measured) The room an item
    /// keeps on each side of its widest content (its title, or its icon's box): an item grows
    /// past `floatingMinimumItemWidth` when its title is wider than 94.1875 − 32 = 62.19 pt.
    public static let floatingItemContentPadding = 16.0
    /// (measured: iOS 26 simulator, light appearance, an unselected title and icon are
    /// rgb(25, 25, 29)) The floating capsule's unselected items in light appearance.
    public static let floatingUnselectedColor = "#19191d"
    /// (assumed: not measured in dark appearance. The light colour is black at 0.9 over the
    /// light capsule's rgb(251, 251, 255) (251 × 0.1 = 25.1); the same ink mirrored, white at
    /// 0.9 over the dark capsule's #1C1C1E, gives 0.9 × 255 + 0.1 × 28 = 232.3, rgb(232, 232,
    /// 233)) The floating capsule's unselected items in dark appearance.
    public static let floatingDarkUnselectedColor = "#e8e8e9"
    /// The floating capsule's padding above and below its items' cells.
    static let floatingPadding = 4.0
    /// (measured: iOS 26 simulator, a 5-item capsule 360 wide places its items on a 68.75 pt
    /// pitch, so (360 − 5 × 68.75) / 2 = 8.125 pt) The floating capsule's padding before its
    /// first item's cell and after its last.
    public static let floatingSidePadding = 8.125
    /// (measured: iOS 26 simulator, a 4-item capsule is 360 wide, (360 − 2 × 8.125) / 4 =
    /// 85.9375 pt an item, and a 3-item one 3 × 85.9375 + 16.25 = 274.06, measured 274) The
    /// floating capsule sizes itself to its items: with short titles each item's cell (its
    /// pitch) is this wide, and the capsule is never wider than the room it may take. One device cannot tell whether
    /// the limit follows the labels' width or is fixed; tabstage keeps it fixed.
    public static let floatingMaximumPitch = (360 - 2 * 8.125) / 4
    /// (measured: iOS 26 simulator, light appearance, the capsule darkens the backdrop around
    /// it by about 3 %, fading out over about 20 pt) The floating glass's shadow: black at this
    /// opacity, so about half of it (3 %) shows at the capsule's edge.
    public static let shadowOpacity = 0.06
    /// (measured, as `shadowOpacity`: gone after about 20 pt, taken as 3σ, so σ = 20 / 3) The
    /// shadow's Gaussian blur, its standard deviation in points.
    public static let shadowBlur = 20.0 / 3
    /// (assumed: none measured above the capsule) How far down the shadow is moved, in points.
    public static let shadowOffset = 1.5
    /// (assumed: Apple describes the soft scroll edge effect under bars, and its renders show
    /// it starting a little above the bar, but publishes no figure) How far above the floating
    /// bar's top (the capsule's, or the search circle's when it is taller) the bottom scroll
    /// edge effect starts, in points.
    public static let edgeEffectHeight = 24.0
    /// (measured: iOS 26 simulator, content just under the capsule keeps ≈ 0.2 of its
    /// contrast, so the background covers 1 − 0.2 = 0.8) How far the content has faded into
    /// the background from the floating glass's bottom edge (the capsule's, 853 on an iPhone
    /// 17 Pro) down to the window's: the fade rises from nothing at the effect's top to this at
    /// the glass's bottom, then holds. One device cannot tell whether the fade follows the glass
    /// or the home indicator's inset (both end 21 pt above the bottom there); tabstage follows
    /// the glass.
    public static let edgeEffectOpacity = 0.8
    /// (assumed: Apple's documentation calls the soft style "a subtle blurred transition" that
    /// gets "progressively more opaque" toward the edge; no capture measures its blur) The
    /// soft effect's blur at the window's bottom edge, the Gaussian's standard deviation in
    /// points: it rises from nothing at the effect's top to this at the bottom.
    public static let edgeEffectBlur = 6.0

    /// iOS 26's scroll edge effect along the window's bottom edge under the floating tab bar
    /// (`UIScrollEdgeEffect`, `.soft` by default): the content blurs progressively and fades
    /// into the background toward the edge, across the whole width, not only behind the glass.
    public struct BottomEdgeEffect: Sendable, Hashable {
        /// Soft (the default a tab bar controller's scroll view gets).
        public var style: ScrollEdgeEffectStyle
        /// The band, in window coordinates: the window's width, from `edgeEffectHeight` above
        /// the bar's top down to the window's bottom edge.
        public var frame: Rect
        /// Where the blur may read content: `frame` grown by three standard deviations on every
        /// side (the content just above the band blurs into it), so the blur's cost is this area.
        public var blurRegion: Rect
        /// The blur at the bottom edge (`edgeEffectBlur`).
        public var blur: Double
        /// The fade into the background from `solidFrom` down (`edgeEffectOpacity`).
        public var opacity: Double
        /// Where the fade reaches `opacity`: the floating glass's lowest bottom edge, in window
        /// coordinates; below it the content keeps 1 − `opacity` of its contrast.
        public var solidFrom: Double
    }

    /// The app tab bar of `stage`; nil without one.
    init?(_ stage: StageState, textCategory: ContentSizeCategory, measuring: some TextMeasuring) {
        guard let state = stage.appTabBar else { return nil }
        let window = stage.window
        let size = window.window, safe = window.safeArea
        let mirroring = Mirroring(rtl: window.traits.layoutDirection == .rtl)
        let config = state.config
        titleFont = TextStyle.caption2.font(for: textCategory).weight(500)
        minimized = state.minimized
        let side = Self.iconSide
        if window.settings.iOSVersion.usesLiquidGlass {
            style = .floating
            titleFont = Self.floatingTitleFont
            let gap = AppTabBarMetrics.floatingBottomGap, inset = AppTabBarMetrics.floatingSideInset
            let search = config.searchTab
            func glyph(_ index: Int) -> Glyph { .forTitle(config.items[index], search: index == search) }
            // The search tab's circle at the trailing end: as tall as the bar (or the minimized
            // capsule), `searchGap` from the capsule.
            func searchCircle(side: Double) -> Rect? {
                guard search != nil else { return nil }
                let x = mirroring.x(size.width - safe.right - inset - side, width: side, in: size.width)
                return Rect(x: x, y: size.height - gap - side, width: side, height: side)
            }
            func searchItem(in circle: Rect) -> Item? {
                guard let search else { return nil }
                let icon = Rect(x: circle.midX - side / 2, y: circle.midY - side / 2, width: side, height: side)
                return Item(
                    index: search, title: config.items[search], frame: circle, icon: icon, titleBaseline: nil, titleX: circle.midX,
                    titleCentered: true, selected: config.selected == search, glyph: glyph(search))
            }
            if state.minimized {
                let small = AppTabBarMetrics.minimizedSize
                let x = mirroring.x(safe.left + inset, width: small.width, in: size.width)
                frame = Rect(x: x, y: size.height - gap - small.height, width: small.width, height: small.height)
                cornerRadius = small.height / 2
                let icon = Rect(x: frame.x + (small.width - side) / 2, y: frame.y + (small.height - side) / 2, width: side, height: side)
                items = [
                    Item(
                        index: config.selected, title: config.items[config.selected], frame: frame, icon: icon, titleBaseline: nil,
                        titleX: frame.x + small.width / 2, titleCentered: true, selected: true, glyph: glyph(config.selected))
                ]
                // The search circle stays beside the minimized bar, unless search is what it shows.
                searchButton = config.selected == search ? nil : searchCircle(side: small.height)
                if let circle = searchButton, let item = searchItem(in: circle) { items.append(item) }
                selection = nil
                edgeEffect = Self.bottomEdgeEffect(under: [frame, searchButton].compactMap { $0 }, window: size)
                return
            }
            let height = AppTabBarMetrics.floatingHeight
            searchButton = searchCircle(side: height)
            let room = searchButton.map { $0.width + AppTabBarMetrics.searchGap } ?? 0
            let available = size.width - safe.left - safe.right - 2 * inset - room
            var capsuleConfig = config
            if let search {
                // The capsule holds the other items; a selected search tab selects none of them.
                capsuleConfig.items.remove(at: search)
                capsuleConfig.selected = config.selected == search ? -1 : config.selected - (config.selected > search ? 1 : 0)
            }
            // Every item as wide as the widest one's content needs.
            let itemWidth = Self.floatingItemWidth(titles: capsuleConfig.items, measuring: measuring)
            // Sized to its items and centred in the room it may take. With a search tab it is
            // sized the same way and sits at the room's leading side, the circle at the trailing
            // end (assumed: only capsules without a search tab were measured).
            let width = Self.floatingCapsuleWidth(items: Double(capsuleConfig.items.count), available: available, itemWidth: itemWidth)
            let leading = safe.left + inset + (search == nil ? (available - width) / 2 : 0)
            frame = Rect(
                x: mirroring.x(leading, width: width, in: size.width), y: size.height - gap - height, width: width, height: height
            )
            cornerRadius = height / 2
            items = Self.floatingItems(
                capsuleConfig, capsule: Rect(x: leading, y: frame.y, width: width, height: height), mirroring: mirroring, span: size.width,
                titleFont: titleFont, measuring: measuring
            ).map { item in
                var item = item
                if let search, item.index >= search { item.index += 1 }
                item.glyph = glyph(item.index)
                return item
            }
            selection = items.first(where: \.selected)?.frame
            if let circle = searchButton, let item = searchItem(in: circle) { items.append(item) }
            edgeEffect = Self.bottomEdgeEffect(under: [frame, searchButton].compactMap { $0 }, window: size)
        } else {
            style = .classic
            searchButton = nil
            edgeEffect = nil
            let height = AppTabBarMetrics.classicHeight(window.traits)
            let top = size.height - safe.bottom - height
            frame = Rect(x: 0, y: top, width: size.width, height: height + safe.bottom)
            cornerRadius = 0
            selection = nil
            let row = Rect(x: safe.left, y: top, width: size.width - safe.left - safe.right, height: height)
            if window.traits.verticalSizeClass == .compact {
                items = Self.inlineItems(
                    config, in: row, mirroring: mirroring, span: size.width, titleFont: titleFont, measuring: measuring)
            } else {
                items = Self.stackedItems(
                    config, in: row, mirroring: mirroring, origin: safe.left, span: size.width, titleFont: titleFont, measuring: measuring)
            }
            // The classic bar shows the same symbols as the capsule.
            items = items.map { item in
                var item = item
                item.glyph = .forTitle(config.items[item.index], search: item.index == config.searchTab)
                return item
            }
        }
    }

    /// The floating capsule's titles: 10 pt medium (`floatingTitleSize`) on a 12 pt line, with
    /// SF Pro's tracking at 10 pt.
    public static let floatingTitleFont = TextFont(
        style: .caption2, size: floatingTitleSize, weight: 500, lineHeight: 12, tracking: TextStyle.tracking(size: floatingTitleSize))

    /// The width every item of the floating capsule asks for: the widest content (a title at
    /// `floatingTitleFont`, or the icon's `floatingIconSide` box) with
    /// `floatingItemContentPadding` on each side, never under `floatingMinimumItemWidth`
    /// (94.1875: Home, Search and Profile are all narrower than 62.19 pt at 10 pt).
    public static func floatingItemWidth(titles: [String], measuring: some TextMeasuring) -> Double {
        let content = titles.map { measuring.width(of: $0, font: floatingTitleFont) }.max() ?? 0
        return max(floatingMinimumItemWidth, max(content, floatingIconSide) + 2 * floatingItemContentPadding)
    }

    /// The floating capsule's width for `items` items of `itemWidth` each when it may take
    /// `available` points: the items side by side, each reaching `floatingItemOverlap` over
    /// the next, `floatingItemInset` from both ends, never wider than `available`. Short
    /// titles: n × (94.1875 − 8.25) + 2 × 8.125 = n × 85.9375 + 16.25 (3 items: 274.06,
    /// measured 274; 4 items: 360, measured 360; 5 items on a 402 pt iPhone: 445.94, so the
    /// 402 − 2 × 21 = 360 it may take, as measured).
    public static func floatingCapsuleWidth(items: Double, available: Double, itemWidth: Double = floatingMinimumItemWidth) -> Double {
        min(available, items * (itemWidth - floatingItemOverlap) + 2 * floatingSidePadding)
    }

    /// The floating capsule's items, icon above title, all one width and overlapping. Their
    /// centres sit on a pitch of (capsule − 2 × `floatingSidePadding`) / n from
    /// `floatingSidePadding` in (5 items in 360: 68.75, as measured), and each is the pitch plus
    /// `floatingItemOverlap` wide, so the first starts and the last ends `floatingItemInset`
    /// inside the capsule: a capsule sized to its items gives them their `floatingItemWidth`
    /// (its pitch is that less the overlap), a capsule held at its room gives them less (5 items
    /// in 360: 68.75 + 8.25 = 77; in the 398 of a 440 pt iPhone 76.35 + 8.25 = 84.60, both as
    /// the view-tree dumps measure). The items are 54 pt tall, `floatingPadding` inside the
    /// capsule; the title's baseline `floatingTitleBaselineInset` above the capsule's bottom
    /// (853 − 13.5 = 839.5 on an iPhone 17 Pro, as measured), the icon's box right above the
    /// title's line (its top 0.95 × 10 = 9.5 above the baseline, San Francisco's ascent):
    /// 839.5 − 9.5 − 28 = 802 to 830, centred with the title in the item (7 pt above, 7 below
    /// the 12 pt line).
    private static func floatingItems(
        _ config: AppTabBarConfig, capsule: Rect, mirroring: Mirroring, span: Double, titleFont: TextFont,
        measuring: some TextMeasuring
    ) -> [Item] {
        let count = Double(config.items.count)
        let pitch = (capsule.width - 2 * floatingSidePadding) / max(1, count)
        let width = pitch + floatingItemOverlap
        let baseline = capsule.maxY - floatingTitleBaselineInset
        let side = floatingIconSide
        let iconTop = baseline - 0.95 * floatingTitleSize - side
        return config.items.enumerated().map { index, title in
            // Laid out left to right in the capsule, then mirrored inside the window for RTL.
            let centre = capsule.x + floatingSidePadding + (Double(index) + 0.5) * pitch
            let x = mirroring.x(centre - width / 2, width: width, in: span)
            let cell = Rect(x: x, y: capsule.y + floatingPadding, width: width, height: capsule.height - 2 * floatingPadding)
            let fitted = FittedText(title, font: titleFont, available: width - 2 * floatingItemInset, measuring: measuring)
            return Item(
                index: index, title: fitted.text, frame: cell,
                icon: Rect(x: cell.midX - side / 2, y: iconTop, width: side, height: side),
                titleBaseline: baseline, titleX: cell.midX, titleCentered: true, selected: index == config.selected)
        }
    }

    /// The soft bottom edge effect under the floating `glass` (the capsule and the search
    /// circle): the window's whole width, from `edgeEffectHeight` above the highest of them
    /// down to the window's bottom edge, fully faded from the lowest one's bottom edge.
    static func bottomEdgeEffect(under glass: [Rect], window: Size) -> BottomEdgeEffect {
        let top = max(0, (glass.map(\.y).min() ?? window.height) - edgeEffectHeight)
        let frame = Rect(x: 0, y: top, width: window.width, height: window.height - top)
        let reach = 3 * edgeEffectBlur
        return BottomEdgeEffect(
            style: .soft, frame: frame,
            blurRegion: Rect(x: -reach, y: top - reach, width: window.width + 2 * reach, height: frame.height + 2 * reach),
            blur: edgeEffectBlur, opacity: edgeEffectOpacity, solidFrom: min(window.height, glass.map(\.maxY).max() ?? window.height))
    }

    /// Cells of equal width with the icon above the title (a regular-height bar, and the
    /// floating capsule).
    private static func stackedItems(
        _ config: AppTabBarConfig, in row: Rect, mirroring: Mirroring, origin: Double, span: Double, titleFont: TextFont,
        measuring: some TextMeasuring
    ) -> [Item] {
        let count = Double(config.items.count)
        let cellWidth = row.width / count
        let side = iconSide
        return config.items.enumerated().map { index, title in
            // Laid out left to right from `origin`, then mirrored inside the window for RTL.
            let x = mirroring.x(row.x + Double(index) * cellWidth, width: cellWidth, in: span)
            let cell = Rect(x: x, y: row.y, width: cellWidth, height: row.height)
            let fitted = FittedText(title, font: titleFont, available: cellWidth - 4, measuring: measuring)
            return Item(
                index: index, title: fitted.text, frame: cell,
                icon: Rect(x: cell.x + (cellWidth - side) / 2, y: row.y + 5, width: side, height: side),
                titleBaseline: row.y + row.height - 7, titleX: cell.x + cellWidth / 2, titleCentered: true,
                selected: index == config.selected)
        }
    }

    /// Cells of equal width with the icon beside the title (a compact-height classic bar).
    private static func inlineItems(
        _ config: AppTabBarConfig, in row: Rect, mirroring: Mirroring, span: Double, titleFont: TextFont, measuring: some TextMeasuring
    ) -> [Item] {
        let count = Double(config.items.count)
        let cellWidth = row.width / count
        let side = 20.0, spacing = 6.0
        return config.items.enumerated().map { index, title in
            let x = mirroring.x(row.x + Double(index) * cellWidth, width: cellWidth, in: span)
            let cell = Rect(x: x, y: row.y, width: cellWidth, height: row.height)
            let fitted = FittedText(title, font: titleFont, available: max(0, cellWidth - side - spacing - 8), measuring: measuring)
            let start = cell.x + (cellWidth - side - spacing - fitted.width) / 2
            return Item(
                index: index, title: fitted.text, frame: cell,
                icon: Rect(x: start, y: row.y + (row.height - side) / 2, width: side, height: side),
                titleBaseline: row.y + row.height / 2 + titleFont.size * 0.35, titleX: start + side + spacing, titleCentered: false,
                selected: index == config.selected)
        }
    }
}

extension StageLayout {
    /// A minimize behaviour that cannot apply in this window: UIKit minimizes only the floating
    /// bar of iOS 26 and later, and only on iPhone.
    static func ignoredSettings(_ stage: StageState) -> [LayoutWarning] {
        guard let bar = stage.appTabBar, [.onScrollDown, .onScrollUp].contains(bar.config.minimizeBehavior) else { return [] }
        let requested = bar.config.minimizeBehavior.rawValue
        if stage.window.device.idiom == .pad {
            return [
                LayoutWarning(
                    element: "app-tab-bar", kind: .ignored,
                    text: "minimizeBehavior \(requested) is ignored on iPad (the tab bar minimizes only on iPhone)")
            ]
        }
        if !stage.window.settings.iOSVersion.usesLiquidGlass {
            return [
                LayoutWarning(
                    element: "app-tab-bar", kind: .ignored,
                    text: "minimizeBehavior \(requested) is ignored before iOS 26 (the classic tab bar does not minimize)")
            ]
        }
        return []
    }
}
