// The names a UIKit engineer reaches for first, beside the model's own: each reads the same
// value as the longer path it names, so either spelling works.

extension PresentationState {
    /// The detent the sheet rests at, as `UISheetPresentationController.selectedDetentIdentifier`
    /// names it; nil unless it shows as a sheet (the same as `layout.detent`).
    public var detent: SheetDetent? { layout.detent }

    /// The style the presentation adapted to in this window, as `presentationStyle` reads in
    /// UIKit once it is on screen (the same as `layout.style`).
    public var style: PresentationStyle { layout.style }

    /// The presented view's frame in window coordinates (the same as `layout.frame`).
    public var frame: Rect { layout.frame }
}

extension StageState {
    /// The selected tab's index, from 0 (the same as `container.selectedTab`).
    public var selectedTab: Int { container.selectedTab }

    /// The header's current height in points (the same as `container.headerHeight`).
    public var headerHeight: Double { container.headerHeight }

    /// A tab's scroll view offset, as its `UIScrollView.contentOffset` reads: x is always 0
    /// (tabs scroll vertically), y is `container.offsets[index]`.
    ///
    /// - Parameter index: The tab's index, from 0; a programming error outside the tabs.
    /// - Returns: The tab's content offset in points.
    public func contentOffset(ofTab index: Int) -> Point {
        precondition(
            container.offsets.indices.contains(index),
            "there is no tab \(index) (expected an index from 0 to \(container.offsets.count - 1))")
        return Point(x: 0, y: container.offsets[index])
    }
}
