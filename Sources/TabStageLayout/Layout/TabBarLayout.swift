import TabStageModel

/// The tab bar. `fill`: equal cells across the bar. `scrollable`: each tab its title's width plus
/// 16 pt on each side, laid out from the leading edge in a bar with its own horizontal offset
/// that keeps the selected tab centred when it can. Tabs keep clear of the side safe areas, as
/// the rows do; the background runs under them. `top` is in container coordinates, the frames
/// are in the bar's own coordinates (x as the container's, y from the bar's top).
public struct TabBarLayout: Sendable, Hashable {
    /// A single tab hides the bar (its height is then 0).
    public var isHidden: Bool
    /// The bar's top edge in container coordinates (it follows the header).
    public var top: Double
    /// The bar's height (0 when hidden).
    public var height: Double
    /// `fill` or `scrollable`: what `automatic` resolved to.
    public var mode: TabBarMode
    /// The bar's background, across the pages' width.
    public var background: Rect
    /// The span tabs lay out in: the bar less the side safe areas.
    public var contentFrame: Rect
    /// The bar's horizontal content offset (0 in `fill`).
    public var offsetX: Double
    /// One cell per tab, in tab order, after the offset (tab 0 is rightmost in right-to-left layouts).
    public var cells: [Rect]
    /// Each tab's title as drawn: whole, or truncated with "…" in a `fill` cell too narrow for it.
    package var titles: [FittedText]
    /// The titles' font: subheadline semibold, scaled with Dynamic Type up to AX1. Every title
    /// is measured in it (the selected one draws in it; the others draw in subheadline regular,
    /// which is narrower), so frames do not move when the selection does.
    public var font: TextFont
    /// The titles' size in points.
    public var fontSize: Double { font.size }
    /// The hairline along the bar's bottom edge.
    public var separator: Rect
    /// The selected tab's underline.
    public var indicator: Rect

    /// The indicator's thickness, on the bar's bottom edge.
    public static let indicatorHeight = 3.0
    /// X style: the indicator is as wide as the selected title, 4 pt tall, with round ends.
    public static let xIndicatorHeight = 4.0
    /// Space on each side of a title: what a `fill` cell must leave and a scrollable tab adds.
    public static let titlePadding = 16.0
    /// Tab titles: subheadline (15 pt at the default Dynamic Type size), semibold when selected.
    public static let style = TextStyle.subheadline

    /// Where tab `index`'s title is drawn, in the bar's coordinates: centred in its cell, its
    /// baseline centring the line on the bar's middle.
    package func titleOrigin(_ index: Int) -> Point {
        let cell = cells[index]
        return Point(x: cell.x + cell.width / 2, y: LaidOutElement.centredBaseline(middle: height / 2, size: fontSize))
    }

    init(
        _ container: ContainerState, textCategory: ContentSizeCategory, measuring: some TextMeasuring, top topSeen: Double? = nil,
        style: ThemeStyle = .standard
    ) {
        let geometry = container.geometry
        let size = geometry.size
        let safeArea = geometry.safeArea
        let rtl = geometry.layoutDirection == .rtl
        isHidden = geometry.tabBarHidden
        top = topSeen ?? container.tabBarTop
        height = geometry.tabBarHeight
        background = Rect(x: geometry.pagesX, y: 0, width: geometry.pagesWidth, height: height)
        separator = Rect(x: geometry.pagesX, y: height - 0.5, width: geometry.pagesWidth, height: 0.5)
        let insetLeft = max(0, safeArea.left - geometry.pagesX)
        let insetRight = max(0, safeArea.right - (size.width - geometry.pagesX - geometry.pagesWidth))
        let span = max(0, geometry.pagesWidth - insetLeft - insetRight)
        contentFrame = Rect(x: geometry.pagesX + insetLeft, y: 0, width: span, height: height)
        font = Self.style.font(for: textCategory).emphasized

        let font = font, padding = Self.titlePadding
        let count = container.config.tabs.count
        // Semibold is the wider weight: frames do not move when the selection does.
        let titleWidths = container.config.tabs.map { measuring.width(of: $0.title, font: font) }
        let cellWidth = span / Double(max(count, 1))
        switch container.config.tabBar.layout {
        case .fill: mode = .fill
        case .scrollable: mode = .scrollable
        case .automatic: mode = titleWidths.allSatisfy { $0 + 2 * padding <= cellWidth + 0.001 } ? .fill : .scrollable
        }

        // Frames in the bar's content coordinates (0 at the content's left edge).
        var content: [(x: Double, width: Double)]
        let contentWidth: Double
        switch mode {
        case .scrollable:
            let widths = titleWidths.map { $0 + 2 * padding }
            contentWidth = max(span, widths.reduce(0, +))
            var leading = 0.0
            content = widths.map { width in
                defer { leading += width }
                return (rtl ? contentWidth - leading - width : leading, width)
            }
            titles = container.config.tabs.map {
                FittedText($0.title, font: font, available: .infinity, measuring: measuring)
            }
        default:
            contentWidth = span
            content = (0..<count).map { index in
                let column = rtl ? count - 1 - index : index
                return (Double(column) * cellWidth, cellWidth)
            }
            titles = container.config.tabs.map {
                FittedText($0.title, font: font, available: max(0, cellWidth - 2 * padding), measuring: measuring)
            }
        }

        // The offset that centres a tab, clamped to the content; lerped while paging.
        let maxOffset = contentWidth - span
        func centring(_ tab: Int) -> Double {
            guard content.indices.contains(tab) else { return 0 }
            return min(max(content[tab].x + content[tab].width / 2 - span / 2, 0), maxOffset)
        }
        let from = container.paging?.from ?? container.selectedTab
        var offset = centring(from)
        // X: the indicator spans the title (as measured, semibold), centred in its cell.
        let titled: (Int) -> (x: Double, width: Double) = { tab in
            guard style == .x else { return content[tab] }
            let width = min(titleWidths[tab], content[tab].width)
            return (content[tab].x + (content[tab].width - width) / 2, width)
        }
        var selected = content.indices.contains(from) ? titled(from) : (x: 0, width: 0)
        if let paging = container.paging, content.indices.contains(paging.to) {
            let t = paging.progress, to = titled(paging.to)
            offset += (centring(paging.to) - offset) * t
            selected = (selected.x + (to.x - selected.x) * t, selected.width + (to.width - selected.width) * t)
        }
        offsetX = offset
        let originX = contentFrame.x - offset
        let barHeight = height
        cells = content.map { Rect(x: originX + $0.x, y: 0, width: $0.width, height: barHeight) }
        let thickness = style == .x ? Self.xIndicatorHeight : Self.indicatorHeight
        indicator = Rect(x: originX + selected.x, y: height - thickness, width: selected.width, height: thickness)
    }
}
