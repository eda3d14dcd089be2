/// Where the header sits: on top, or as a column at the side.
public enum HeaderPlacement: String, Sendable, Hashable {
    /// Above the tab bar, collapsing as the selected tab scrolls.
    case top
    /// A fixed leading column (compact vertical size class with `compactHeightPlacement: side`).
    case side
}

/// One tab's scroll view: insets, bounds and content size (Conventions article, "Geometry").
public struct TabMetrics: Sendable, Hashable {
    /// C: the rows' total height.
    public var contentHeight: Double
    /// The inset above the content: H + T on top.
    public var contentInsetTop: Double
    /// The inset below: the bottom safe area plus any padding.
    public var contentInsetBottom: Double
    /// The offset at the top bound: −(H + T) on top.
    public var minOffsetY: Double
    /// The offset at the bottom bound.
    public var maxOffsetY: Double
    /// Height of one row (for a carousel, of one section: cell plus its 44 pt title); with
    /// self-sizing rows, the tallest (each row's own height is `height(ofRow:)`).
    public var rowHeight: Double
    /// How many rows (or carousel sections) the tab has.
    public var rowCount: Int
    /// Carousel cells only.
    public var cellSize: Size?
    /// Self-sizing rows' heights, repeating (`RowHeight.selfSizing`); empty when every row is
    /// `rowHeight` tall.
    public var rowHeights: [Double] = []
    /// The tops of one cycle of `rowHeights` from the cycle's start, and its total height last.
    private var cycleTops: [Double] = []

    init(
        contentHeight: Double, contentInsetTop: Double, contentInsetBottom: Double, minOffsetY: Double, maxOffsetY: Double,
        rowHeight: Double, rowCount: Int, cellSize: Size?, rowHeights: [Double] = []
    ) {
        self.contentHeight = contentHeight
        self.contentInsetTop = contentInsetTop
        self.contentInsetBottom = contentInsetBottom
        self.minOffsetY = minOffsetY
        self.maxOffsetY = maxOffsetY
        self.rowHeight = rowHeight
        self.rowCount = rowCount
        self.cellSize = cellSize
        self.rowHeights = rowHeights
        cycleTops = rowHeights.isEmpty ? [] : Self.tops(rowHeights)
    }

    /// Running sums: 0, h0, h0 + h1, … and the total last.
    private static func tops(_ heights: [Double]) -> [Double] {
        var tops = [0.0]
        tops.reserveCapacity(heights.count + 1)
        for height in heights { tops.append(tops[tops.count - 1] + height) }
        return tops
    }

    /// The height of the first `count` rows of a tab whose rows repeat `heights`.
    static func contentHeight(rows count: Int, repeating heights: [Double]) -> Double {
        guard !heights.isEmpty, count > 0 else { return 0 }
        let tops = tops(heights)
        return Double(count / heights.count) * tops[heights.count] + tops[count % heights.count]
    }

    /// Whether rows differ in height (self-sizing rows).
    public var hasRowHeights: Bool { !rowHeights.isEmpty }

    /// Row `index`'s height: `rowHeight`, or its own with self-sizing rows.
    public func height(ofRow index: Int) -> Double {
        rowHeights.isEmpty ? rowHeight : rowHeights[index % rowHeights.count]
    }

    /// Where row `index` starts in the content: the sum of the heights of the rows above it.
    public func top(ofRow index: Int) -> Double {
        guard !rowHeights.isEmpty else { return Double(index) * rowHeight }
        let count = rowHeights.count
        return Double(index / count) * cycleTops[count] + cycleTops[index % count]
    }

    /// The row whose span holds content y `y` (its top inclusive), unclamped: below 0 above the
    /// content, `rowCount` or more past its end.
    public func row(atContentY y: Double) -> Int {
        guard !rowHeights.isEmpty else { return clampedInt((y / rowHeight).rounded(.down)) }
        let count = rowHeights.count, cycle = cycleTops[count]
        guard cycle > 0 else { return 0 }
        let cycles = (y / cycle).rounded(.down)
        let within = y - cycles * cycle
        // The last top at or above `within`: a binary search of the cycle's running sums.
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if cycleTops[middle] <= within { low = middle } else { high = middle - 1 }
        }
        return clampedInt(cycles * Double(count) + Double(low))
    }

    /// `offsetY` kept within the bounds.
    public func clamp(_ offsetY: Double) -> Double {
        min(max(offsetY, minOffsetY), maxOffsetY)
    }
}

/// Carousel card sizes from the child's traits (Conventions article, "Adaptive layout", after
/// Yuji Hato's "iOS Adaptive UI" talk).
package func carouselCellSize(containerWidth: Double, safeArea: EdgeInsets, childTraits: TraitCollection) -> Size {
    let isPortrait = childTraits.horizontalSizeClass == .compact && childTraits.verticalSizeClass == .regular
    let isRegularRegular = childTraits.horizontalSizeClass == .regular && childTraits.verticalSizeClass == .regular
    let perRow: Double = isPortrait ? 2 : 4
    let margin = carouselSideMargin(childTraits: childTraits) + safeArea.left + safeArea.right
    let width = (containerWidth - margin - carouselCardSpacing * perRow) / (perRow + 0.2)
    return Size(width: width, height: width * 9 / 16 + (isRegularRegular ? 120 : 80))
}

/// The carousel's side margin, split between the leading and trailing edges: wider when the
/// child is regular in both directions. Cell sizing and card placement both use it.
package func carouselSideMargin(childTraits: TraitCollection) -> Double {
    childTraits.horizontalSizeClass == .regular && childTraits.verticalSizeClass == .regular ? 60 : 12
}

/// Space after each carousel card.
package let carouselCardSpacing: Double = 24

/// Height of a carousel section's title above its cards.
package let carouselSectionTitleHeight: Double = 44

/// Everything about the container's layout that does not depend on scroll offsets.
/// Recomputed whenever the configuration or the environment changes.
public struct ContainerGeometry: Sendable, Hashable {
    /// The container's own size, W × V.
    public var size: Size
    /// The container's safe-area insets.
    public var safeArea: EdgeInsets
    /// On top or at the side.
    public var placement: HeaderPlacement
    /// H: the expanded header height.
    public var expandedHeaderHeight: Double
    /// Hc: safe-area top plus the header's minimum height.
    public var collapsedHeaderHeight: Double
    /// T: zero when the tab bar is hidden.
    public var tabBarHeight: Double
    /// True with a single tab.
    public var tabBarHidden: Bool
    /// The side header's column width; zero with the header on top.
    public var sideWidth: Double
    /// x and width of the tab bar and the pages, in container coordinates.
    public var pagesX: Double
    /// The width of the tab bar and the pages.
    public var pagesWidth: Double
    /// Left to right or mirrored.
    public var layoutDirection: LayoutDirection
    /// What pulling down past the top does.
    public var overscroll: Overscroll
    /// Each tab's scroll metrics.
    public var tabs: [TabMetrics]

    /// The geometry of `config` in `environment`.
    public init(config: ContainerConfig, environment: ContainerEnvironment) {
        let size = environment.frame.size
        let traits = environment.traits
        let safeArea = environment.safeArea
        self.size = size
        self.safeArea = safeArea
        self.layoutDirection = traits.layoutDirection
        self.overscroll = config.header.overscroll

        let compactHeight = traits.verticalSizeClass == .compact
        placement = compactHeight && config.header.compactHeightPlacement == .side ? .side : .top
        tabBarHidden = config.tabs.count == 1
        let baseBar = compactHeight ? config.tabBar.compactHeight : config.tabBar.height
        tabBarHeight = tabBarHidden ? 0 : baseBar * traits.contentSizeCategory.barScale

        switch placement {
        case .top:
            expandedHeaderHeight = config.header.height
            collapsedHeaderHeight = safeArea.top + config.header.minHeight
            sideWidth = 0
        case .side:
            // The side column never collapses: it is always at its full (the window's) height.
            expandedHeaderHeight = size.height
            collapsedHeaderHeight = size.height
            sideWidth = min(config.header.sideWidth ?? 0.35 * size.width, size.width)
        }
        pagesWidth = size.width - sideWidth
        pagesX = traits.layoutDirection == .ltr ? sideWidth : 0

        let cell = carouselCellSize(containerWidth: size.width, safeArea: safeArea, childTraits: environment.childTraits)
        let insetTop = placement == .top ? expandedHeaderHeight + tabBarHeight : tabBarHeight
        let (placement, collapsed, bar) = (placement, collapsedHeaderHeight, tabBarHeight)
        tabs = config.tabs.map { tab in
            let rowHeight: Double
            let rowCount: Int
            var cellSize: Size?
            var rowHeights: [Double] = []
            switch tab.content {
            case .list(let rows, .fixed(let height)):
                (rowCount, rowHeight) = (rows, height)
            case .list(let rows, .ratio(let ratio)):
                (rowCount, rowHeight) = (rows, ratio * size.width)
            case .list(let rows, .selfSizing(let heights)):
                // Not measured yet: UITableView's estimated row height.
                rowHeights = heights.allSatisfy { $0.isFinite && $0 > 0 } ? heights : []
                (rowCount, rowHeight) = (rows, rowHeights.max() ?? 44)
            case .carousel(let sections, _):
                (rowCount, rowHeight) = (sections, cell.height + carouselSectionTitleHeight)
                cellSize = cell
            }
            let contentHeight =
                rowHeights.isEmpty ? Double(rowCount) * rowHeight : TabMetrics.contentHeight(rows: rowCount, repeating: rowHeights)
            var pad = 0.0
            if placement == .top && config.shortContent == .extend {
                pad = max(0, size.height - safeArea.bottom - contentHeight - collapsed - bar)
            }
            let insetBottom = safeArea.bottom + pad
            let minOffset = -insetTop
            return TabMetrics(
                contentHeight: contentHeight, contentInsetTop: insetTop, contentInsetBottom: insetBottom,
                minOffsetY: minOffset, maxOffsetY: max(minOffset, contentHeight + insetBottom - size.height),
                rowHeight: rowHeight, rowCount: rowCount, cellSize: cellSize, rowHeights: rowHeights
            )
        }
    }

    /// The offset at which the header is exactly collapsed: −(Hc + T).
    public var collapsedOffsetY: Double { -(collapsedHeaderHeight + tabBarHeight) }

    /// The header height the selected tab's offset gives, before `pin` caps it at H.
    public func headerHeight(forOffset offsetY: Double) -> Double {
        guard placement == .top else { return expandedHeaderHeight }
        let raw = -(offsetY + tabBarHeight)
        let atLeastCollapsed = max(raw, collapsedHeaderHeight)
        return overscroll == .pin ? min(atLeastCollapsed, expandedHeaderHeight) : atLeastCollapsed
    }

    /// (H − h) / (H − Hc): 0 expanded, 1 collapsed, below 0 when a stretched header is taller
    /// than H. A header that cannot collapse (H == Hc) is always expanded: 0.
    public func collapseProgress(headerHeight: Double) -> Double {
        let range = expandedHeaderHeight - collapsedHeaderHeight
        return range > 0 ? (expandedHeaderHeight - headerHeight) / range : 0
    }

    /// The header height at a collapse progress, the inverse of `collapseProgress(headerHeight:)`.
    public func headerHeight(forCollapseProgress progress: Double) -> Double {
        expandedHeaderHeight - progress * (expandedHeaderHeight - collapsedHeaderHeight)
    }

    /// Where the tab bar's top is for a header this tall.
    public func tabBarTop(headerHeight: Double) -> Double {
        placement == .top ? headerHeight : 0
    }
}
