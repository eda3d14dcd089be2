/// What pulling down past the top does to the header.
public enum Overscroll: String, Sendable, Hashable, CaseIterable {
    /// The header stops at its full height; the content rubber-bands.
    case pin
    /// The header grows with the pull, as on Twitter's profile.
    case stretch
}

/// How content shorter than the screen treats the header.
public enum ShortContent: String, Sendable, Hashable, CaseIterable {
    /// Pad the bottom inset so the header can always collapse.
    case extend
    /// The reference library's behaviour: short content cannot collapse the header.
    case limit
}

/// UIScrollView's deceleration rates.
public enum DecelerationRate: String, Sendable, Hashable, CaseIterable {
    case normal, fast

    /// Velocity factor per millisecond (UIScrollView.DecelerationRate).
    public var factor: Double { self == .normal ? 0.998 : 0.99 }
}

/// Where the header goes in compact vertical size class.
public enum CompactHeightPlacement: String, Sendable, Hashable, CaseIterable {
    /// A fixed leading column that does not collapse.
    case side
    /// Stay on top and collapse as in regular height.
    case top
}

/// The `header` block's sizes, overscroll, snapping and placement (its name and handle are
/// drawing data: `HeaderContent` in the look).
public struct HeaderConfig: Sendable, Hashable {
    /// H: the expanded height, including the top safe area.
    public var height: Double
    /// The collapsed height below the top safe area (Hc = safe top + this).
    public var minHeight: Double
    /// What pulling down past the top does.
    public var overscroll: Overscroll
    /// Whether a release between expanded and collapsed settles on one of them.
    public var snap: Bool
    /// Where the header goes in compact height.
    public var compactHeightPlacement: CompactHeightPlacement
    /// Width of the side header; nil means 0.35 × the container width.
    public var sideWidth: Double?

    /// A header with the defaults the Scenario Format article lists.
    public init(
        height: Double = 240, minHeight: Double = 44, overscroll: Overscroll = .pin, snap: Bool = false,
        compactHeightPlacement: CompactHeightPlacement = .side, sideWidth: Double? = nil
    ) {
        self.height = height
        self.minHeight = minHeight
        self.overscroll = overscroll
        self.snap = snap
        self.compactHeightPlacement = compactHeightPlacement
        self.sideWidth = sideWidth
    }
}

/// The `tabBar` block.
public struct TabBarConfig: Sendable, Hashable {
    /// T in regular height.
    public var height: Double
    /// T in compact height.
    public var compactHeight: Double
    /// `fill`, `scrollable` or `automatic`.
    public var layout: TabBarMode
    /// A tab bar with UIKit-like defaults: 44 pt, 32 pt in compact height, automatic layout.
    public init(height: Double = 44, compactHeight: Double = 32, layout: TabBarMode = .automatic) {
        self.height = height
        self.compactHeight = compactHeight
        self.layout = layout
    }
}

/// How the tab bar gives its tabs room.
public enum TabBarMode: String, Sendable, Hashable, CaseIterable {
    /// `fill` when every title fits its equal cell with 16 pt on each side, else `scrollable`.
    case automatic
    /// Equal cells across the bar; titles that do not fit are truncated.
    case fill
    /// Each tab as wide as its title plus 16 pt on each side, in a bar that scrolls sideways.
    case scrollable
}

/// How tall a list's rows are.
public enum RowHeight: Sendable, Hashable {
    case fixed(Double)
    /// A fraction of the container width, recomputed on every size change.
    case ratio(Double)
    /// Self-sizing rows, as UITableView sizes cells with `UITableView.automaticDimension`: row
    /// i is `heights[i % heights.count]` tall, one height per item of a tab whose items repeat
    /// to fill its rows (a list as long as the rows gives each row its own). The model knows
    /// no content: whoever does (the scenario's loader, with the look and the text widths)
    /// measures the rows for the container's width and measures them again on every size
    /// change (`ContainerState.reduce(_:_:sizingRows:)`). Empty, before anything is measured:
    /// 44 pt rows, UITableView's estimated height.
    case selfSizing([Double])
}

/// What a tab scrolls: a list of rows or sections of cards.
public enum TabContent: Sendable, Hashable {
    case list(rows: Int, rowHeight: RowHeight)
    /// Sections of horizontally laid out cards sized by the child's traits.
    case carousel(sections: Int, items: Int)
}

/// One tab: its title (the tab bar sizes its cells by it) and what it scrolls. What its rows
/// show is drawing data: `Look.rowContent`.
public struct TabConfig: Sendable, Hashable {
    /// The tab bar's label.
    public var title: String
    /// What the tab scrolls.
    public var content: TabContent
    /// A tab with a title and content.
    public init(title: String, content: TabContent) {
        self.title = title
        self.content = content
    }
}

/// Everything a container is configured with; scenarios' `container` block.
public struct ContainerConfig: Sendable, Hashable {
    /// The header.
    public var header: HeaderConfig
    /// The tab bar.
    public var tabBar: TabBarConfig
    /// How content shorter than the screen treats the header.
    public var shortContent: ShortContent
    /// How fast a fling slows down.
    public var decelerationRate: DecelerationRate
    /// The tabs, in order.
    public var tabs: [TabConfig]

    /// This configuration with the self-sizing tabs' rows measured: `heights[tab]` for each
    /// list tab whose rows are `.selfSizing`; other tabs and tabs without an entry are kept.
    public func sizingRows(_ heights: [Int: [Double]]) -> ContainerConfig {
        var next = self
        for (index, tab) in tabs.enumerated() {
            guard case .list(let rows, .selfSizing) = tab.content, let measured = heights[index] else { continue }
            next.tabs[index].content = .list(rows: rows, rowHeight: .selfSizing(measured))
        }
        return next
    }

    /// A configuration with the Scenario Format article's defaults.
    public init(
        header: HeaderConfig = HeaderConfig(), tabBar: TabBarConfig = TabBarConfig(),
        shortContent: ShortContent = .extend, decelerationRate: DecelerationRate = .normal, tabs: [TabConfig]
    ) {
        self.header = header
        self.tabBar = tabBar
        self.shortContent = shortContent
        self.decelerationRate = decelerationRate
        self.tabs = tabs
    }
}

/// Where the container sits and what it is told about its surroundings.
public struct ContainerEnvironment: Sendable, Hashable {
    /// In window coordinates; everything the container lays out uses only its size.
    public var frame: Rect
    /// The insets the container must keep its content clear of.
    public var safeArea: EdgeInsets
    /// The traits the container sees.
    public var traits: TraitCollection
    /// The traits the tab children see (after any trait override).
    public var childTraits: TraitCollection

    /// An environment; `childTraits` defaults to `traits`.
    public init(frame: Rect, safeArea: EdgeInsets, traits: TraitCollection, childTraits: TraitCollection? = nil) {
        self.frame = frame
        self.safeArea = safeArea
        self.traits = traits
        self.childTraits = childTraits ?? traits
    }

    /// A container filling the whole window.
    public init(window: WindowEnvironment) {
        self.init(frame: Rect(size: window.window), safeArea: window.safeArea, traits: window.traits, childTraits: window.childTraits)
    }
}
