/// Interactive paging between the selected tab and `to`.
public struct Paging: Sendable, Hashable {
    /// The tab being left.
    public var from: Int
    /// The tab being swiped to.
    public var to: Int
    /// 0 at the start, 1 when `to` fills the pages.
    public var progress: Double
    /// Paging from one tab to another at a progress.
    public init(from: Int, to: Int, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress
    }
}

/// The no-jump tab switch and interactive paging.
extension ContainerState {
    /// Where tab `tab` must be scrolled so that selecting it does not move the header:
    /// a collapsed header lets a deeper tab keep its place; otherwise the new tab is put
    /// exactly under the current header. Clamped to the tab's bounds, which with
    /// `shortContent: limit` can still move the header.
    public func offsetKeepingHeader(forTab tab: Int) -> Double {
        let metrics = geometry.tabs[tab]
        guard geometry.placement == .top else { return metrics.clamp(offsets[tab]) }
        let height = min(headerHeight, geometry.expandedHeaderHeight)
        if height <= geometry.collapsedHeaderHeight {
            return metrics.clamp(max(offsets[tab], geometry.collapsedOffsetY))
        }
        return metrics.clamp(-(height + geometry.tabBarHeight))
    }

    mutating func select(_ tab: Int, events: inout [ContainerEvent]) {
        guard offsets.indices.contains(tab), tab != selectedTab else { return }
        let target = offsetKeepingHeader(forTab: tab)
        events.append(.selectionChanged(from: selectedTab, to: tab))
        selectedTab = tab
        setOffset(tab: tab, target, events: &events)
    }

    mutating func swipe(to tab: Int, progress: Double, finish: Bool, events: inout [ContainerEvent]) {
        guard offsets.indices.contains(tab), tab != selectedTab else { return }
        guard finish else {
            paging = Paging(from: selectedTab, to: tab, progress: progress)
            return
        }
        paging = nil
        if progress >= 0.5 { select(tab, events: &events) }
    }
}
