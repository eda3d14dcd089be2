import TabStageModel

/// The pages under the tab bar: the selected tab's page, or while paging both pages side by
/// side. Rows are listed only where they intersect the visible band, computed directly rather
/// than by scanning every row. Coordinates are the container's unless a field says otherwise.
package struct PagesLayout: Sendable, Hashable {
    /// Top of the visible band: the tab bar's bottom edge.
    package var visibleTop: Double
    /// The pages' area, which clips both pages while paging; nil otherwise.
    package var pagingClip: Rect?
    /// The pages drawn: one at rest, two while paging.
    package var pages: [PageLayout]
    /// The parts of the screen's side safe-area insets that fall inside the pages: rows keep
    /// their content clear of a sensor housing, as table cells do (none where the side header
    /// already covers that edge).
    package var rowInsetLeft: Double
    /// The right part of those insets.
    package var rowInsetRight: Double
    /// How far rows sit inside those insets on each side so their content keeps UIKit's
    /// readable width (`ReadableWidth`, 672 pt at Large) centred on a wide page, as a table
    /// whose cells follow the readable width lays them out; 0 when the page is narrower.
    package var readableInset: Double
    /// The rows' left edge in the page: the left safe-area part plus the readable inset.
    package var rowX: Double { rowInsetLeft + readableInset }
    /// The width rows lay out in: the page less those insets (the row's content keeps 16 pt
    /// margins inside it, so its text spans at most the readable width).
    package var rowWidth: Double
    /// UIScrollView's vertical indicator, inset by the header and tab bar above and the safe
    /// area below. Shown only while the content moves (a drag, a fling, a bounce), as UIKit
    /// fades it out at rest; nil while paging, when there is nothing to scroll or no room for it.
    package var scrollIndicator: Rect?

    init(
        _ container: ContainerState, rowContent: (Int) -> RowContent? = { _ in nil }, mirroring: Mirroring,
        textCategory: ContentSizeCategory = .L, readableCategory: ContentSizeCategory = .L,
        measuring: some TextMeasuring = FixedAdvanceMeasurer(), tabBarTop: Double? = nil
    ) {
        let geometry = container.geometry
        let size = geometry.size
        visibleTop = (tabBarTop ?? container.tabBarTop) + geometry.tabBarHeight
        let columns = Self.rowColumns(geometry, readableCategory: readableCategory)
        (rowInsetLeft, rowInsetRight, readableInset, rowWidth) = (columns.insetLeft, columns.insetRight, columns.readable, columns.width)

        let band = (top: visibleTop, bottom: size.height)
        let rowWidth = rowWidth
        let windowCategory = container.environment.traits.contentSizeCategory
        func page(tab: Int, offset: Double, shift: Double) -> PageLayout {
            let metrics = geometry.tabs[tab]
            // Self-sizing rows are drawn at the category `SelfSizingRows` measured them at (the
            // window's); rows of a fixed height at `textCategory`.
            var rowCategory = textCategory
            if case .list(_, let rowHeight) = container.config.tabs[tab].content, case .selfSizing = rowHeight {
                rowCategory = StageLayout.rowTextCategory(windowCategory, rowHeight: rowHeight)
            }
            let cards = Self.carouselCards(container, tab: tab, rowWidth: rowWidth, mirroring: mirroring)
            return PageLayout(
                tab: tab, offset: offset, x: geometry.pagesX + shift,
                rows: Self.withContent(
                    Self.visibleRows(metrics, offset: offset, band: band), content: rowContent(tab), isList: metrics.cellSize == nil,
                    rowWidth: rowWidth, textCategory: rowCategory, mirroring: mirroring,
                    displayScale: container.environment.traits.displayScale, measuring: measuring),
                cards: cards,
                cardsClip: metrics.cellSize.map { Rect(x: 0, y: carouselSectionTitleHeight, width: rowWidth, height: $0.height) },
                cardParts: metrics.cellSize.map { cell in cards.map { CarouselCardLayout(card: $0, cellWidth: cell.width) } } ?? [],
                sectionTitle: metrics.cellSize.map { _ in
                    PlacedText.leading(
                        16, in: rowWidth, baseline: carouselSectionTitleBaseline, font: TextStyle.headline.font(for: textCategory),
                        mirroring: mirroring)
                })
        }
        if let paging = container.paging {
            // The destination sits at the offset the tab switch will give it, so the header does not jump.
            let width = geometry.pagesWidth
            let towardsLater: Double = paging.to > paging.from ? 1 : -1
            let direction = mirroring.rtl ? -towardsLater : towardsLater
            pagingClip = Rect(x: geometry.pagesX, y: 0, width: width, height: size.height)
            pages = [
                page(tab: paging.from, offset: container.offsets[paging.from], shift: -direction * paging.progress * width),
                page(
                    tab: paging.to, offset: container.offsetKeepingHeader(forTab: paging.to),
                    shift: direction * (1 - paging.progress) * width),
            ]
        } else {
            pagingClip = nil
            pages = [page(tab: container.selectedTab, offset: container.selectedOffset, shift: 0)]
        }
        scrollIndicator = Self.scrollIndicator(
            container, visibleTop: visibleTop, rowInsetLeft: rowInsetLeft,
            rowInsetRight: rowInsetRight, rtl: mirroring.rtl)
    }

    /// Where rows go across a page: the parts of the screen's side safe-area insets inside the
    /// pages, the readable-width inset and the width left for the rows. The rows' 16 pt margins
    /// are the layout margins the readable column centres in. Self-sizing rows are measured
    /// at this width (`SelfSizingRows`).
    static func rowColumns(_ geometry: ContainerGeometry, readableCategory: ContentSizeCategory) -> (
        insetLeft: Double, insetRight: Double, readable: Double, width: Double
    ) {
        let pagesRight = geometry.size.width - geometry.pagesX - geometry.pagesWidth
        let insetLeft = max(0, geometry.safeArea.left - geometry.pagesX)
        let insetRight = max(0, geometry.safeArea.right - pagesRight)
        let insetWidth = max(0, geometry.pagesWidth - insetLeft - insetRight)
        let readable = ReadableWidth.extraInset(
            width: insetWidth, leading: RowContentLayout.plainMargin, trailing: RowContentLayout.plainMargin, category: readableCategory)
        return (insetLeft, insetRight, readable, max(0, insetWidth - 2 * readable))
    }

    /// Rows intersecting the band between the tab bar's bottom and the container's bottom.
    static func visibleRows(_ metrics: TabMetrics, offset: Double, band: (top: Double, bottom: Double)) -> [VisibleRow] {
        guard !metrics.hasRowHeights else { return visibleSelfSizingRows(metrics, offset: offset, band: band) }
        let height = metrics.rowHeight
        guard metrics.rowCount > 0, height > 0 else { return [] }
        let bandTop = band.top, bandBottom = band.bottom
        guard bandBottom > bandTop else { return [] }
        // A row at content y = i·height appears at i·height − offset.
        let first = max(0, clampedInt(((bandTop + offset) / height).rounded(.down)))
        let last = min(metrics.rowCount - 1, clampedInt(((bandBottom + offset) / height).rounded(.up)) - 1)
        guard first <= last else { return [] }
        return (first...last).compactMap { index in
            let top = Double(index) * height - offset
            return top < bandBottom && top + height > bandTop ? VisibleRow(index: index, top: top, height: height) : nil
        }
    }

    /// The same for rows of their own heights: from the row at the band's top (found in the
    /// rows' running sums), each at the sum of the heights above it, until the band ends.
    private static func visibleSelfSizingRows(_ metrics: TabMetrics, offset: Double, band: (top: Double, bottom: Double)) -> [VisibleRow] {
        guard metrics.rowCount > 0, band.bottom > band.top else { return [] }
        var index = max(0, metrics.row(atContentY: band.top + offset))
        var rows: [VisibleRow] = []
        while index < metrics.rowCount {
            let top = metrics.top(ofRow: index) - offset, height = metrics.height(ofRow: index)
            guard top < band.bottom else { break }
            if top + height > band.top { rows.append(VisibleRow(index: index, top: top, height: height)) }
            index += 1
        }
        return rows
    }

    /// Lays out the text of data rows drawn by a built-in template, and a list's placeholder
    /// posts when it has no data.
    static func withContent(
        _ rows: [VisibleRow], content: RowContent?, isList: Bool, rowWidth: Double,
        textCategory: ContentSizeCategory, mirroring: Mirroring, displayScale: Double = 2, measuring: some TextMeasuring
    ) -> [VisibleRow] {
        guard let content else {
            guard isList else { return rows }
            return rows.map { row in
                var row = row
                row.placeholder = PlaceholderPostLayout(
                    index: row.index, width: rowWidth, height: row.height, textCategory: textCategory, mirroring: mirroring)
                return row
            }
        }
        switch content.template {
        case .custom: return rows
        case .grid:
            return rows.map { row in
                var row = row
                row.gridCells = GridRowLayout.cells(width: rowWidth, height: row.height, mirroring: mirroring)
                return row
            }
        case .post, .plain, .media: break
        }
        return rows.map { row in
            var row = row
            if let item = content.item(row: row.index) {
                row.content = RowContentLayout(
                    content.template, item: item, width: rowWidth, height: row.height, textCategory: textCategory,
                    displayScale: displayScale, mirroring: mirroring, measuring: measuring)
            }
            return row
        }
    }

    /// A carousel section's cards, in the section's coordinates: after half the side margin,
    /// spaced as the cell formula assumes, as many as start inside the row. The last one
    /// usually runs past the row's end, cut by `cardsClip`: the peek that shows the row scrolls.
    static func carouselCards(_ container: ContainerState, tab: Int, rowWidth: Double, mirroring: Mirroring) -> [Rect] {
        guard case .carousel(_, let items) = container.config.tabs[tab].content,
            let cell = container.geometry.tabs[tab].cellSize, cell.width > 0
        else { return [] }
        let sideMargin = carouselSideMargin(childTraits: container.environment.childTraits)
        var cards: [Rect] = []
        var x = sideMargin / 2 + 12
        for _ in 0..<items where x < rowWidth {
            cards.append(
                Rect(
                    x: mirroring.x(x, width: cell.width, in: rowWidth), y: carouselSectionTitleHeight,
                    width: cell.width, height: cell.height))
            x += cell.width + carouselCardSpacing
        }
        return cards
    }

    static func scrollIndicator(_ container: ContainerState, visibleTop: Double, rowInsetLeft: Double, rowInsetRight: Double, rtl: Bool)
        -> Rect?
    {
        let geometry = container.geometry
        let size = geometry.size
        let metrics = container.selectedMetrics
        let range = metrics.maxOffsetY - metrics.minOffsetY
        guard range > 0, container.paging == nil, container.gesture != nil || container.isAnimating else { return nil }
        let trackTop = visibleTop + 3
        let trackLength = size.height - geometry.safeArea.bottom - 3 - trackTop
        guard trackLength > 8 else { return nil }
        let total = metrics.contentHeight + metrics.contentInsetTop + metrics.contentInsetBottom
        let knob = min(trackLength, max(36, trackLength * size.height / total))
        let progress = min(max((container.selectedOffset - metrics.minOffsetY) / range, 0), 1)
        let x = rtl ? geometry.pagesX + rowInsetLeft + 3 : geometry.pagesX + geometry.pagesWidth - rowInsetRight - 6
        return Rect(x: x, y: trackTop + progress * (trackLength - knob), width: 3, height: knob)
    }
}

/// One page: which tab, at which offset, where it sits horizontally.
package struct PageLayout: Sendable, Hashable {
    /// Which tab the page shows.
    package var tab: Int
    /// The tab's `contentOffsetY` as drawn.
    package var offset: Double
    /// The page's left edge in container coordinates (moves while paging).
    package var x: Double
    /// Visible rows, their tops in container coordinates.
    package var rows: [VisibleRow]
    /// Carousel tabs: the cards of every section, in a section's coordinates; empty for lists.
    package var cards: [Rect]
    /// Carousel tabs: where cards show, in a section's coordinates: the row's width, which keeps
    /// them inside the safe area as rows are; nil for lists.
    package var cardsClip: Rect?
    /// Carousel tabs: each of `cards` with its picture and caption bars; empty for lists.
    package var cardParts: [CarouselCardLayout] = []
    /// Carousel tabs: where a section's title ("Likes 1") sits, in the section's coordinates;
    /// nil for lists.
    package var sectionTitle: PlacedText?
}

/// A row on screen: which one, where its top is and how tall it is.
package struct VisibleRow: Sendable, Hashable {
    /// The row's index in its tab.
    package var index: Int
    /// The row's top in container coordinates.
    package var top: Double
    /// The row's height: the tab's `rowHeight`, or the row's own when rows size themselves
    /// (`TabMetrics.height(ofRow:)`).
    package var height: Double
    /// A data row's text and picture (built-in templates); nil otherwise.
    package var content: RowContentLayout?
    /// A placeholder post's parts (a list row without data); nil otherwise.
    package var placeholder: PlaceholderPostLayout?
    /// A grid row's cells, in the row's coordinates, by column from the leading edge; empty
    /// for other rows.
    package var gridCells: [Rect] = []
    /// A row at `top`, `height` tall.
    package init(index: Int, top: Double, height: Double) {
        self.index = index
        self.top = top
        self.height = height
    }
}
