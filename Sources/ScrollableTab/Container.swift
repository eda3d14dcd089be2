import Adaptive

/// What a scenario step (or a user) does to the container.
public enum ContainerAction: Sendable, Hashable {
    /// Set the selected tab's offset, clamped to its bounds, with no animation.
    case scroll(to: Double)
    case scrollBy(Double)
    case scrollToTop
    /// Select a tab, applying the no-jump tab-switch rule.
    case select(Int)
}

/// What the container observed while handling an action.
public enum ContainerEvent: Sendable, Hashable {
    case offsetChanged(tab: Int, from: Double, to: Double)
    case selectionChanged(from: Int, to: Int)
}

/// The container's whole state: plain values, changed only by `reduce`.
public struct ContainerState: Sendable, Hashable {
    public private(set) var config: ContainerConfig
    public private(set) var environment: ContainerEnvironment
    /// Derived from `config` and `environment`; kept in step with them.
    public private(set) var geometry: ContainerGeometry
    public private(set) var selectedTab: Int
    /// `contentOffsetY` of every tab, hidden ones included.
    public private(set) var offsets: [Double]

    public init(config: ContainerConfig, environment: ContainerEnvironment) {
        self.config = config
        self.environment = environment
        self.geometry = ContainerGeometry(config: config, environment: environment)
        self.selectedTab = 0
        self.offsets = geometry.tabs.map(\.minOffsetY)
    }

    public var selectedMetrics: TabMetrics { geometry.tabs[selectedTab] }
    public var selectedOffset: Double { offsets[selectedTab] }

    /// The header's current height (may exceed H with `overscroll: stretch`).
    public var headerHeight: Double { geometry.headerHeight(forOffset: selectedOffset) }
    public var collapseProgress: Double { geometry.collapseProgress(headerHeight: headerHeight) }
    public var tabBarTop: Double { geometry.tabBarTop(headerHeight: headerHeight) }
    public var isCollapsed: Bool { min(headerHeight, geometry.expandedHeaderHeight) <= geometry.collapsedHeaderHeight }

    /// Pure transition: the new state and what changed.
    public static func reduce(_ state: ContainerState, _ action: ContainerAction) -> (ContainerState, [ContainerEvent]) {
        var next = state
        var events: [ContainerEvent] = []
        switch action {
        case .scroll(let target):
            next.setOffset(tab: state.selectedTab, state.selectedMetrics.clamp(target), events: &events)
        case .scrollBy(let delta):
            next.setOffset(tab: state.selectedTab, state.selectedMetrics.clamp(state.selectedOffset + delta), events: &events)
        case .scrollToTop:
            next.setOffset(tab: state.selectedTab, state.selectedMetrics.minOffsetY, events: &events)
        case .select(let tab):
            guard state.offsets.indices.contains(tab), tab != state.selectedTab else { break }
            let target = state.offsetKeepingHeader(forTab: tab)
            next.selectedTab = tab
            events.append(.selectionChanged(from: state.selectedTab, to: tab))
            next.setOffset(tab: tab, target, events: &events)
        }
        return (next, events)
    }

    /// Where tab `tab` must be scrolled so that selecting it does not move the header:
    /// a collapsed header lets a deeper tab keep its place; otherwise the new tab is put
    /// exactly under the current header. Clamped to the tab's bounds, which with
    /// `shortContent: limit` can still move the header.
    public func offsetKeepingHeader(forTab tab: Int) -> Double {
        let metrics = geometry.tabs[tab]
        guard geometry.placement == .top else { return metrics.clamp(offsets[tab]) }
        let height = min(headerHeight, geometry.expandedHeaderHeight)
        let target: Double
        if height <= geometry.collapsedHeaderHeight {
            target = max(offsets[tab], geometry.collapsedOffsetY)
        } else {
            target = -(height + geometry.tabBarHeight)
        }
        return metrics.clamp(target)
    }

    private mutating func setOffset(tab: Int, _ value: Double, events: inout [ContainerEvent]) {
        let old = offsets[tab]
        guard old != value else { return }
        offsets[tab] = value
        events.append(.offsetChanged(tab: tab, from: old, to: value))
    }
}
