/// The `split` block: a UISplitViewController with the container as its secondary column.
public struct SplitConfig: Sendable, Hashable {
    /// How wide the primary column is: UIKit's automatic width or a fraction of the window.
    public enum PrimaryWidth: Sendable, Hashable {
        case automatic
        /// A fraction of the window width, clamped by the minimum and maximum.
        case fraction(Double)
    }

    /// Which column a collapsed split view shows in compact width.
    public enum Collapse: String, Sendable, Hashable, CaseIterable {
        /// collapseSecondary(_:onto:) returns true: the secondary is discarded, the primary shows.
        case primary
        case secondary
    }

    /// The primary column's large title.
    public var primaryTitle: String
    /// How many rows the primary column lists.
    public var primaryRows: Int
    /// The primary column's row titles; empty numbers them "TITLE 1", "TITLE 2", … up to
    /// `primaryRows`.
    public var primaryItems: [String] = []
    /// The primary column's width rule.
    public var primaryWidth: PrimaryWidth
    /// The smallest width a `fraction` may give the primary column.
    public var minimumPrimaryWidth: Double
    /// The largest width a `fraction` may give the primary column.
    public var maximumPrimaryWidth: Double
    /// Which column shows when the split view collapses.
    public var collapse: Collapse

    /// A split view with UIKit's defaults.
    public init(
        primaryTitle: String = "Accounts", primaryRows: Int = 12, primaryWidth: PrimaryWidth = .automatic,
        minimumPrimaryWidth: Double = 0, maximumPrimaryWidth: Double = 320, collapse: Collapse = .primary
    ) {
        self.primaryTitle = primaryTitle
        self.primaryRows = primaryRows
        self.primaryWidth = primaryWidth
        self.minimumPrimaryWidth = minimumPrimaryWidth
        self.maximumPrimaryWidth = maximumPrimaryWidth
        self.collapse = collapse
    }

    /// The title of primary row `row`.
    public func primaryItemTitle(_ row: Int) -> String {
        primaryItems.isEmpty ? "\(primaryTitle) \(row + 1)" : primaryItems[row % primaryItems.count]
    }

    /// UIKit's automatic primary column width.
    public static let automaticPrimaryWidth: Double = 320
}

/// The split view laid out in a window.
public struct SplitLayout: Sendable, Hashable {
    /// Which columns are on screen.
    public enum Shown: String, Sendable, Hashable {
        case both, primary, secondary
    }

    /// True in compact width, where only one column shows.
    public var collapsed: Bool
    /// Zero when collapsed.
    public var primaryWidth: Double
    /// Which columns are on screen.
    public var shown: Shown
    /// The primary column (window coordinates); nil when it is not shown.
    public var primaryFrame: Rect?
    /// Where the container goes (window coordinates).
    public var secondaryFrame: Rect

    /// The columns in `window`, from its size, width class and layout direction: what the stage
    /// shows and where it puts the container, decided here once for both.
    package init(_ config: SplitConfig, in window: WindowEnvironment) {
        self.init(
            config, window: window.window, horizontalSizeClass: window.traits.horizontalSizeClass,
            layoutDirection: window.traits.layoutDirection)
    }

    /// Regular width shows both columns (primary leading, mirrored in RTL); compact width collapses.
    public init(_ config: SplitConfig, window: Size, horizontalSizeClass: SizeClass, layoutDirection: LayoutDirection) {
        let whole = Rect(size: window)
        guard horizontalSizeClass == .regular else {
            collapsed = true
            primaryWidth = 0
            shown = config.collapse == .primary ? .primary : .secondary
            primaryFrame = shown == .primary ? whole : nil
            secondaryFrame = whole
            return
        }
        let width: Double
        switch config.primaryWidth {
        case .automatic: width = SplitConfig.automaticPrimaryWidth
        case .fraction(let fraction):
            width = min(max(fraction * window.width, config.minimumPrimaryWidth), config.maximumPrimaryWidth)
        }
        let primary = min(width, window.width)
        collapsed = false
        primaryWidth = primary
        shown = .both
        let ltr = layoutDirection == .ltr
        primaryFrame = Rect(x: ltr ? 0 : window.width - primary, y: 0, width: primary, height: window.height)
        secondaryFrame = Rect(x: ltr ? primary : 0, y: 0, width: window.width - primary, height: window.height)
    }
}
