/// The `split` block: a UISplitViewController with the container as its secondary column.
public struct SplitConfig: Sendable, Hashable {
    public enum PrimaryWidth: Sendable, Hashable {
        case automatic
        /// A fraction of the window width, clamped by the minimum and maximum.
        case fraction(Double)
    }

    public enum Collapse: String, Sendable, Hashable, CaseIterable {
        /// collapseSecondary(_:onto:) returns true: the secondary is discarded, the primary shows.
        case primary
        case secondary
    }

    public var primaryTitle: String
    public var primaryRows: Int
    /// The primary column's row titles; empty numbers them "TITLE 1", "TITLE 2", … up to
    /// `primaryRows`.
    public var primaryItems: [String] = []
    public var primaryWidth: PrimaryWidth
    public var minimumPrimaryWidth: Double
    public var maximumPrimaryWidth: Double
    public var collapse: Collapse

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
    public enum Shown: String, Sendable, Hashable {
        case both, primary, secondary
    }

    public var collapsed: Bool
    /// Zero when collapsed.
    public var primaryWidth: Double
    public var shown: Shown
    /// The primary column (window coordinates); nil when it is not shown.
    public var primaryFrame: Rect?
    /// Where the container goes (window coordinates).
    public var secondaryFrame: Rect

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
