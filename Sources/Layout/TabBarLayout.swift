import Adaptive
import ScrollableTab

/// The tab bar: equal cells over the pages' width, the selection indicator under the selected
/// cell (interpolated while paging). `top` is in container coordinates; the frames are in the
/// bar's own coordinates.
public struct TabBarLayout: Sendable, Hashable {
    /// A single tab hides the bar (its height is then 0).
    public var isHidden: Bool
    public var top: Double
    public var height: Double
    public var background: Rect
    /// One cell per tab, in tab order (tab 0 is rightmost in right-to-left layouts).
    public var cells: [Rect]
    /// The hairline along the bar's bottom edge.
    public var separator: Rect
    public var indicator: Rect

    /// The indicator's thickness, on the bar's bottom edge.
    public static let indicatorHeight = 3.0

    init(_ container: ContainerState) {
        let geometry = container.geometry
        isHidden = geometry.tabBarHidden
        top = container.tabBarTop
        height = geometry.tabBarHeight
        background = Rect(x: geometry.pagesX, y: 0, width: geometry.pagesWidth, height: height)
        cells = geometry.tabs.indices.map { [height] index in
            let cell = geometry.indicatorFrame(tab: index)
            return Rect(x: cell.x, y: 0, width: cell.width, height: height)
        }
        separator = Rect(x: geometry.pagesX, y: height - 0.5, width: geometry.pagesWidth, height: 0.5)
        let indicator = container.indicator
        self.indicator = Rect(x: indicator.x, y: height - Self.indicatorHeight, width: indicator.width, height: Self.indicatorHeight)
    }
}
