import TabStageLayout
import TabStageModel

/// The accessibility elements of a laid-out screen in VoiceOver's reading order, as UIKit
/// would expose it. Pure: the same state and layout always give the same list.
///
/// What each grouping follows (the Accessibility article lists the pages):
/// - A presented sheet, card, popover or full-screen controller is modal
///   (`accessibilityViewIsModal`): only its elements are listed.
/// - Otherwise a split view's primary column comes first (its title with the header trait,
///   its rows as buttons, the selected one selected), then the container: the navigation bar's
///   buttons and title from the leading edge, the header (avatar as an image labelled with the
///   name, the name with the header trait, handle, bio, the X header's location, link (a
///   button) and join date, counts, the header button), the tab bar
///   (each tab a button, the current one selected, its position as the value), then each
///   visible row as one element combining its texts, then the floating compose button.
/// - The app's own tab bar (`appTabBar`) comes last, after the content: each item shown a button
///   with its position as the value, the selected one selected.
/// - Only what a person sees is listed: an element scrolled under the navigation bar or the
///   tab bar, cut away by its area or outside the window is not.
/// - Right-to-left layouts read from the right: the navigation bar, the tabs and side-by-side
///   pages are ordered by their mirrored positions.
public enum AccessibilityTree {
    /// A frame smaller than this on either side is not seen (anti-aliasing, a hairline).
    static let minimumSide = 0.5

    /// The elements of `stage` laid out as `layout` (from the same `look`), in reading order.
    public static func elements(_ stage: StageState, look: Look, layout: StageLayout) -> [AccessibilityElement] {
        let window = Rect(x: 0, y: 0, width: layout.windowSize.width, height: layout.windowSize.height)
        let rtl = stage.window.traits.layoutDirection == .rtl
        let listed = Listed(layout.elements, window: window)
        if layout.presentation != nil { return presented(layout, listed) }
        var elements: [AccessibilityElement] = []
        if let column = layout.primaryColumn {
            elements += listed.one("primary-title", label: column.title.original, traits: [.header])
            for (index, row) in column.rows.enumerated() {
                elements += listed.one(
                    "primary-row-\(index)", label: row.label.original, traits: row.selected ? [.button, .selected] : [.button])
            }
        }
        if layout.showsContainer {
            var area = layout.containerFrame
            // The classic bar is opaque: rows scrolled under it are not seen. The floating glass
            // lets them show around and through it, so they stay listed.
            if let bar = layout.appTabBar, bar.style == .classic {
                area = Rect(x: area.x, y: area.y, width: area.width, height: max(0, min(area.maxY, bar.frame.y) - area.y))
            }
            elements += container(stage, look, layout, listed.within(area), rtl: rtl)
        }
        // The floating compose button comes after the content it floats over.
        elements += listed.one("compose", label: "Compose", traits: [.button])
        elements += appTabBar(stage, layout, window: window, rtl: rtl)
        return elements
    }

    /// The app's own tab bar, read after the content: each item it shows a button labelled with
    /// its whole title, the selected one also selected, its position among all the bar's items
    /// as the value ("Tab, 3 of 4"), from the leading edge. UITabBar is a container with
    /// `UIAccessibilityTraits.tabBar` ("an ordered list of tabs", not an element itself), so
    /// its items are what VoiceOver reaches. Minimized, only the small capsule's item and the
    /// search circle are shown, so only they are listed (the hidden items are not on screen).
    static func appTabBar(_ stage: StageState, _ layout: StageLayout, window: Rect, rtl: Bool) -> [AccessibilityElement] {
        guard let bar = layout.appTabBar, let config = stage.appTabBar?.config else { return [] }
        let count = config.items.count
        let items = bar.items.sorted { rtl ? $0.frame.midX > $1.frame.midX : $0.frame.midX < $1.frame.midX }
        return items.compactMap { item in
            guard config.items.indices.contains(item.index), let seen = item.frame.overlap(window) else { return nil }
            return AccessibilityElement(
                appTabName(item.index), label: config.items[item.index], value: "Tab, \(item.index + 1) of \(count)",
                traits: item.selected ? [.button, .selected] : [.button], frame: seen)
        }
    }

    /// The name of the app tab bar's item `index`, as the layout's drawn elements name it.
    static func appTabName(_ index: Int) -> String { "app-tab-\(index)" }

    /// A presentation's elements alone: it is modal.
    private static func presented(_ layout: StageLayout, _ listed: Listed) -> [AccessibilityElement] {
        guard let list = layout.presentedList else { return [] }
        // Leading to trailing, as VoiceOver reads a bar: close, the title, Done.
        var elements = listed.one("presented-close", label: "Close", traits: [.button])
        elements += listed.one("presented-title", label: list.title.original, traits: [.header])
        elements += listed.one("presented-done", label: "Done", traits: [.button])
        for (index, row) in list.rows.enumerated() {
            elements += listed.one("presented-row-\(index)", label: row.label.original, traits: [.button])
        }
        return elements
    }

    private static func container(
        _ stage: StageState, _ look: Look, _ layout: StageLayout, _ listed: Listed, rtl: Bool
    ) -> [AccessibilityElement] {
        let config = stage.container.config
        let content = look.header
        let name = content.title
        var elements: [AccessibilityElement] = []

        // The navigation bar, read from its leading edge.
        var bar: [AccessibilityElement] = []
        for button in layout.header.navButtons {
            bar += listed.one("nav-\(button.button.rawValue)", label: navLabel(button.button), traits: [.button])
        }
        // X's two-line title reads as one: "Jane Appleseed, 1,204 posts".
        let posts = listed.isSeen("nav-subtitle") ? layout.header.navigationSubtitle?.original : nil
        bar += listed.one("nav-title", label: posts.map { "\(name), \($0)" } ?? name, traits: [.header])
        elements += bar.sorted { rtl ? $0.frame.midX > $1.frame.midX : $0.frame.midX < $1.frame.midX }

        // The header, in the order its view lists them.
        elements += listed.one("avatar", label: name, traits: [.image])
        elements += listed.one("title", label: content.verified ? "\(name), Verified" : name, traits: [.header])
        elements += listed.one("subtitle", label: content.subtitle, traits: [.staticText])
        elements += listed.merged("bio", label: content.bio, traits: [.staticText])
        elements += listed.one("location", label: content.location, traits: [.staticText])
        elements += listed.one("link", label: content.link, traits: [.button])
        elements += listed.one("joined", label: content.joined, traits: [.staticText])
        let stats = content.stats.map { [$0.value, $0.label].filter { !$0.isEmpty }.joined(separator: " ") }
        elements += listed.merged("stats", label: stats.joined(separator: ", "), traits: [.staticText])
        if let title = content.buttonTitle { elements += listed.one("follow", label: title, traits: [.button]) }

        // The tab bar: its tabs in the order they sit, each with its position.
        if !layout.tabBar.isHidden {
            let count = config.tabs.count
            let order = layout.tabBar.cells.indices.sorted {
                rtl ? layout.tabBar.cells[$0].x > layout.tabBar.cells[$1].x : layout.tabBar.cells[$0].x < layout.tabBar.cells[$1].x
            }
            // A tab's button is its whole cell (its title is only what is drawn), cut by the bar
            // (a scrollable bar scrolls tabs out of it) and the window.
            let bar = layout.tabBar, origin = layout.containerFrame
            let barFrame = Rect(
                x: origin.x + bar.background.x, y: origin.y + bar.top, width: bar.background.width, height: bar.height)
            for index in order where listed.isSeen("tab-\(index)") {
                let cell = bar.cells[index]
                let frame = Rect(x: origin.x + cell.x, y: origin.y + bar.top + cell.y, width: cell.width, height: cell.height)
                guard let seen = frame.overlap(barFrame).flatMap({ listed.clipped($0) }) else { continue }
                let selected = index == stage.container.selectedTab
                elements.append(
                    AccessibilityElement(
                        "tab-\(index)", label: config.tabs[index].title, value: "Tab, \(index + 1) of \(count)",
                        traits: selected ? [.button, .selected] : [.button], frame: seen))
            }
        }

        // The rows: pages from the leading edge (two while paging), each top to bottom.
        let pages = layout.pages.pages.sorted { rtl ? $0.x > $1.x : $0.x < $1.x }
        for page in pages {
            let tab = config.tabs[page.tab]
            for row in page.rows {
                elements += listed.one(
                    "row-\(page.tab)-\(row.index)",
                    label: RowLabel.text(tab: tab, content: look.rowContent(tab: page.tab), tabIndex: page.tab, row: row.index), traits: [])
            }
        }
        return elements
    }

    /// The label an app gives a round banner button (it has no text of its own).
    static func navLabel(_ button: NavButton) -> String {
        switch button {
        case .back: "Back"
        case .search: "Search"
        case .more: "More"
        }
    }
}

/// The layout's elements by name, with the part of each a person sees.
struct Listed {
    var frames: [String: [Rect]]
    /// What every frame is cut to: the window, or the container within it.
    var area: Rect

    init(_ elements: [LaidOutElement], window: Rect) {
        frames = [:]
        area = window
        for element in elements {
            guard let visible = element.visibleFrame, let seen = visible.overlap(window) else { continue }
            frames[element.name, default: []].append(seen)
        }
    }

    /// Only what lies inside `area` (the container beside a split view's column).
    func within(_ area: Rect) -> Listed {
        var copy = self
        copy.area = area.overlap(self.area) ?? Rect(x: area.x, y: area.y, width: 0, height: 0)
        copy.frames = frames.compactMapValues { rects in
            let inside = rects.compactMap { $0.overlap(area) }
            return inside.isEmpty ? nil : inside
        }
        return copy
    }

    /// Whether the element named `name` is seen at all.
    func isSeen(_ name: String) -> Bool { frames[name] != nil }

    /// `frame` cut to the area; nil when nothing of it is left.
    func clipped(_ frame: Rect) -> Rect? { frame.overlap(area) }

    /// The element named `name` when it is seen.
    func one(_ name: String, label: String, value: String = "", traits: [AccessibilityElement.Trait]) -> [AccessibilityElement] {
        guard let frame = frames[name]?.first else { return [] }
        return [AccessibilityElement(name, label: label, value: value, traits: traits, frame: frame)]
    }

    /// Every line named `name` as one element (a label's lines are one element), framed by
    /// the union of the lines seen.
    func merged(_ name: String, label: String, traits: [AccessibilityElement.Trait]) -> [AccessibilityElement] {
        guard let lines = frames[name], var frame = lines.first else { return [] }
        for line in lines.dropFirst() { frame = frame.union(line) }
        return [AccessibilityElement(name, label: label, traits: traits, frame: frame)]
    }
}

extension Rect {
    /// The part inside `other`; nil when less than `AccessibilityTree.minimumSide` of it is.
    func overlap(_ other: Rect) -> Rect? {
        let left = max(x, other.x), right = min(maxX, other.maxX)
        let top = max(y, other.y), bottom = min(maxY, other.maxY)
        guard right - left >= AccessibilityTree.minimumSide, bottom - top >= AccessibilityTree.minimumSide else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
