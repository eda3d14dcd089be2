import Adaptive
import Stage

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
        public var initialText: PlacedText {
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

    /// The icon's side.
    static let iconSide = 24.0
    /// The floating capsule's padding above and below its items' cells.
    static let floatingPadding = 4.0
    /// (measured: iOS 26 simulator, a 5-item capsule 360 wide places its items on a 68.75 pt
    /// pitch, so (360 − 5 × 68.75) / 2 = 8.125 pt) The floating capsule's padding before its
    /// first item's cell and after its last.
    public static let floatingSidePadding = 8.125
    /// (measured: iOS 26 simulator, a 4-item capsule is 360 wide, (360 − 2 × 8.125) / 4 =
    /// 85.9375 pt an item, and a 3-item one 3 × 85.9375 + 16.25 = 274.06, measured 274) The
    /// floating capsule sizes itself to its items: each item's cell is at most this wide, and
    /// the capsule is never wider than the room it may take. One device cannot tell whether
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
    /// (assumed, as `edgeEffectHeight`) How far the content has faded into the background at
    /// the window's bottom edge.
    public static let edgeEffectOpacity = 0.6
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
        /// The fade into the background at the bottom edge (`edgeEffectOpacity`).
        public var opacity: Double
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
            // Sized to its items and centred in the room it may take. With a search tab it
            // fills the room beside the circle, at the leading side (assumed: only capsules
            // without a search tab were measured).
            let width = search == nil ? Self.floatingCapsuleWidth(items: Double(config.items.count), available: available) : available
            let leading = safe.left + inset + (available - width) / 2
            frame = Rect(
                x: mirroring.x(leading, width: width, in: size.width), y: size.height - gap - height, width: width, height: height
            )
            cornerRadius = height / 2
            let padding = Self.floatingSidePadding
            let inner = Rect(
                x: leading + padding, y: frame.y + Self.floatingPadding, width: width - 2 * padding,
                height: height - 2 * Self.floatingPadding)
            var capsuleConfig = config
            if let search {
                // The capsule holds the other items; a selected search tab selects none of them.
                capsuleConfig.items.remove(at: search)
                capsuleConfig.selected = config.selected == search ? -1 : config.selected - (config.selected > search ? 1 : 0)
            }
            items = Self.stackedItems(
                capsuleConfig, in: inner, mirroring: mirroring, origin: inner.x, span: size.width, titleFont: titleFont,
                measuring: measuring
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

    /// The floating capsule's width for `items` items when it may take `available` points: its
    /// items on at most `floatingMaximumPitch` each plus `floatingSidePadding` on both sides,
    /// never wider than `available` (3 items: 3 × 85.92 + 16.25 = 274; 5 items on a 402 pt
    /// iPhone: 360, the 402 − 2 × 21 it may take).
    public static func floatingCapsuleWidth(items: Double, available: Double) -> Double {
        min(available, items * floatingMaximumPitch + 2 * floatingSidePadding)
    }

    /// The soft bottom edge effect under the floating `glass` (the capsule and the search
    /// circle): the window's whole width, from `edgeEffectHeight` above the highest of them
    /// down to the window's bottom edge.
    static func bottomEdgeEffect(under glass: [Rect], window: Size) -> BottomEdgeEffect {
        let top = max(0, (glass.map(\.y).min() ?? window.height) - edgeEffectHeight)
        let frame = Rect(x: 0, y: top, width: window.width, height: window.height - top)
        let reach = 3 * edgeEffectBlur
        return BottomEdgeEffect(
            style: .soft, frame: frame,
            blurRegion: Rect(x: -reach, y: top - reach, width: window.width + 2 * reach, height: frame.height + 2 * reach),
            blur: edgeEffectBlur, opacity: edgeEffectOpacity)
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
