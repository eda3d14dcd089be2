import Adaptive

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

public struct HeaderConfig: Sendable, Hashable {
    public var height: Double
    public var minHeight: Double
    public var overscroll: Overscroll
    public var snap: Bool
    public var compactHeightPlacement: CompactHeightPlacement
    /// Width of the side header; nil means 0.35 × the container width.
    public var sideWidth: Double?
    public var title: String
    public var subtitle: String

    public init(
        height: Double = 240, minHeight: Double = 44, overscroll: Overscroll = .pin, snap: Bool = false,
        compactHeightPlacement: CompactHeightPlacement = .side, sideWidth: Double? = nil,
        title: String = "", subtitle: String = ""
    ) {
        self.height = height
        self.minHeight = minHeight
        self.overscroll = overscroll
        self.snap = snap
        self.compactHeightPlacement = compactHeightPlacement
        self.sideWidth = sideWidth
        self.title = title
        self.subtitle = subtitle
    }
}

public struct TabBarConfig: Sendable, Hashable {
    public var height: Double
    public var compactHeight: Double
    public var layout: TabBarMode
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

public enum RowHeight: Sendable, Hashable {
    case fixed(Double)
    /// A fraction of the container width, recomputed on every size change.
    case ratio(Double)
}

public enum TabContent: Sendable, Hashable {
    case list(rows: Int, rowHeight: RowHeight)
    /// Sections of horizontally laid out cards sized by the child's traits.
    case carousel(sections: Int, items: Int)
}

public struct TabConfig: Sendable, Hashable {
    public var title: String
    public var content: TabContent
    /// What list rows show; nil draws tabstage's own placeholder posts.
    public var rowContent: RowContent?
    public init(title: String, content: TabContent) {
        self.init(title: title, content: content, rowContent: nil)
    }
    /// A tab whose list rows show data.
    public init(title: String, content: TabContent, rowContent: RowContent?) {
        self.title = title
        self.content = content
        self.rowContent = rowContent
    }
}

public struct ContainerConfig: Sendable, Hashable {
    public var header: HeaderConfig
    public var tabBar: TabBarConfig
    public var shortContent: ShortContent
    public var decelerationRate: DecelerationRate
    public var tabs: [TabConfig]

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
    public var safeArea: EdgeInsets
    public var traits: TraitCollection
    /// The traits the tab children see (after any trait override).
    public var childTraits: TraitCollection

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
