/// `UITabBarController.tabBarMinimizeBehavior` (iOS 26): when the app's floating tab bar
/// shrinks to its selected item. iPhone only; iPadOS ignores it.
public enum TabBarMinimizeBehavior: String, Sendable, Hashable, CaseIterable {
    /// The system default. On iPhone the bar does not minimize: Apple's documentation of
    /// SwiftUI's `TabBarMinimizeBehavior.automatic` says so for iOS and iPadOS, and UIKit's
    /// `automatic` "resolves to the system default".
    case automatic
    /// The bar never minimizes.
    case never
    /// The bar minimizes when the content scrolls down and expands when it scrolls back up.
    case onScrollDown
    /// The bar minimizes when the content scrolls up and expands when it scrolls down (for
    /// content aligned to the bottom).
    case onScrollUp
}

/// The app's own tab bar: the `UITabBarController` the profile screen is one tab of. Its items
/// are the app's sections (Home, Search, Profile…), not the profile's own tabs.
public struct AppTabBarConfig: Sendable, Hashable {
    /// The most items: an iPhone tab bar shows five and moves the rest behind a More tab.
    public static let maxItems = 5

    /// The items' titles, leading to trailing.
    public var items: [String]
    /// The selected item's index: the profile's tab.
    public var selected: Int
    /// When the floating bar of iOS 26 and later minimizes.
    public var minimizeBehavior: TabBarMinimizeBehavior
    /// The item with UIKit's search role (`UISearchTab`), if any: from iOS 26 it leaves the
    /// capsule for its own glass circle at the trailing end (before 26 it is an item like the others).
    public var searchTab: Int? = nil

    /// A tab bar with `items`, `selected` showing (check it against `items`).
    public init(items: [String], selected: Int = 0, minimizeBehavior: TabBarMinimizeBehavior = .automatic, searchTab: Int? = nil) {
        self.items = items
        self.selected = selected
        self.minimizeBehavior = minimizeBehavior
        self.searchTab = searchTab
    }
}

/// The app tab bar's numbers. UIKit publishes only the classic bar's height; everything of the
/// floating bar is assumed from public iOS 26 screenshots (see the Scenario Format article).
public enum AppTabBarMetrics {
    /// The classic bar's height above the bottom safe area, regular height (UIKit's 49 pt).
    public static let classicHeight = 49.0
    /// The classic bar's height in compact height (an iPhone in landscape; assumed, as UIKit's
    /// compact bars).
    public static let classicCompactHeight = 32.0
    /// The floating capsule's height (measured: a UIKit view-tree dump of an iOS 26.1 iPhone 17
    /// Pro simulator shows the bar's platter at {21, 0, 360, 62} in a bar at y 791).
    public static let floatingHeight = 62.0
    /// The floating capsule's distance from the window's sides (measured, as `floatingHeight`).
    public static let floatingSideInset = 21.0
    /// The floating capsule's distance from the window's bottom (measured, as
    /// `floatingHeight`: 874 − 791 − 62). With the height it gives the 83 pt bottom safe area
    /// UIKit reports under an iOS 26 tab bar on an iPhone 17 (34 + 49 = 21 + 62).
    public static let floatingBottomGap = 21.0
    /// The minimized capsule: the selected item alone, at the leading side (assumed: no
    /// capture measured it). The search tab's circle beside it takes its height, so both share
    /// one height and one bottom edge.
    public static let minimizedSize = Size(width: 64, height: 48)
    /// The gap between the capsule and the search tab's circle (assumed: an open-source
    /// recreation of the iOS 26 tab bar spaces its button 8 pt from the bar).
    public static let searchGap = 8.0
    /// How far the content must scroll one way, without turning back, before the bar minimizes
    /// or expands (assumed: UIKit publishes no distance).
    public static let minimizeDistance = 44.0

    /// How much of the window's bottom the bar takes from its tab's content: the bottom safe
    /// area the tab's children see.
    ///
    /// - Parameter window: The window the tab bar controller fills.
    /// - Returns: The bottom inset: the window's plus a classic bar, or the floating capsule
    ///   and its gap.
    public static func bottomInset(in window: WindowEnvironment) -> Double {
        if window.settings.iOSVersion.usesLiquidGlass {
            return max(window.safeArea.bottom, floatingBottomGap + floatingHeight)
        }
        return window.safeArea.bottom + classicHeight(window.traits)
    }

    /// The classic bar's height for the window's vertical size class.
    public static func classicHeight(_ traits: TraitCollection) -> Double {
        traits.verticalSizeClass == .compact ? classicCompactHeight : classicHeight
    }
}

/// The app tab bar as the stage holds it: its configuration and whether it is minimized, which
/// scrolling decides (a state, not a timer).
public struct AppTabBarState: Sendable, Hashable {
    /// What the scenario configured.
    public private(set) var config: AppTabBarConfig
    /// Whether the floating bar shows only its selected item.
    public private(set) var minimized = false
    /// Where the current one-way scroll began, the last offset seen, and its direction
    /// (+1 down, −1 up, 0 none yet).
    private var runStart: Double
    private var lastOffset: Double
    private var direction = 0
    /// The container tab the offsets belong to: another tab's offset starts a new run.
    private var tab: Int

    /// An expanded bar following the container's selected tab at `offset`.
    init(config: AppTabBarConfig, tab: Int, offset: Double) {
        self.config = config
        self.tab = tab
        runStart = offset
        lastOffset = offset
    }

    /// Follows the selected tab's `contentOffsetY`. A scroll that keeps one direction for
    /// `AppTabBarMetrics.minimizeDistance` points minimizes the bar (down for `onScrollDown`,
    /// up for `onScrollUp`) or expands it (the other way). A tab switch or a new window starts
    /// afresh without changing the bar.
    ///
    /// - Parameters:
    ///   - offset: The selected tab's offset after a step or frame.
    ///   - tab: The selected tab.
    ///   - behavior: The behaviour in effect (`effectiveBehavior`).
    mutating func follow(offset: Double, tab: Int, behavior: TabBarMinimizeBehavior) {
        guard tab == self.tab else {
            restart(offset: offset, tab: tab)
            return
        }
        let step = offset - lastOffset
        guard step != 0 else { return }
        let sign = step > 0 ? 1 : -1
        if sign != direction {
            direction = sign
            runStart = lastOffset
        }
        lastOffset = offset
        guard abs(offset - runStart) >= AppTabBarMetrics.minimizeDistance else { return }
        switch behavior {
        case .onScrollDown: minimized = sign > 0
        case .onScrollUp: minimized = sign < 0
        case .automatic, .never: minimized = false
        }
    }

    /// Starts a new run at `offset` (another tab, another window).
    mutating func restart(offset: Double, tab: Int) {
        self.tab = tab
        runStart = offset
        lastOffset = offset
        direction = 0
    }

    /// The behaviour UIKit applies: minimizing exists only for the floating bar on an iPhone,
    /// and `automatic` there means not minimizing.
    public static func effectiveBehavior(_ requested: TabBarMinimizeBehavior, in window: WindowEnvironment) -> TabBarMinimizeBehavior {
        guard window.settings.iOSVersion.usesLiquidGlass, window.device.idiom == .phone else { return .never }
        return requested == .automatic ? .never : requested
    }
}
