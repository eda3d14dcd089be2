/// Why a container action cannot be applied in the current state. A value, not words: the
/// scenario layer says it in the file's terms, with the step's location.
public enum ContainerProblem: Error, Sendable, Hashable {
    /// `select` or `swipe` to an index outside the `tabCount` tabs.
    case noSuchTab(Int, tabCount: Int)
    /// `swipe` to the tab that is already selected.
    case swipeToSelectedTab(Int)
    /// `setHeader` would make the expanded height H smaller than the collapsed height Hc.
    case headerBelowCollapsedHeight(height: Double, collapsedHeight: Double)
}

/// Measures self-sizing rows (`RowHeight.selfSizing`): given the container laid out in its
/// environment (its geometry and traits; the rows still at their previous heights), the
/// heights of each self-sizing tab's rows by tab index. The model knows no content, so whoever
/// does (the scenario's loader, with the look and the text widths) hands one to `reduce`,
/// which calls it whenever the container's size changes.
public typealias RowSizing = (ContainerState) -> [Int: [Double]]

/// The container's whole state: plain values, changed only by `reduce`.
public struct ContainerState: Sendable, Hashable {
    /// What the container was configured with.
    public internal(set) var config: ContainerConfig
    /// Where it sits and what it is told about its surroundings.
    public internal(set) var environment: ContainerEnvironment
    /// Derived from `config` and `environment`; kept in step with them.
    public internal(set) var geometry: ContainerGeometry
    /// The tab shown.
    public internal(set) var selectedTab: Int
    /// `contentOffsetY` of every tab, hidden ones included.
    public internal(set) var offsets: [Double]
    /// The finger on the scroll view, while there is one.
    public internal(set) var gesture: DragGesture?
    /// A fling, bounce or eased scroll in progress.
    public internal(set) var animation: ScrollAnimation?
    /// An interactive swipe between tabs in progress.
    public internal(set) var paging: Paging?
    /// Each tab's collapse progress while the header sits at the side, restored when it returns on top.
    public internal(set) var progressBeforeSide: [Double]?

    /// A container at rest on its first tab, its self-sizing rows measured by `sizingRows` when
    /// given (nil keeps the heights `config` gives).
    public init(config: ContainerConfig, environment: ContainerEnvironment, sizingRows: RowSizing?) {
        guard let sizingRows else {
            self.init(config: config, environment: environment)
            return
        }
        let unmeasured = ContainerState(config: config, environment: environment)
        self.init(config: config.sizingRows(sizingRows(unmeasured)), environment: environment)
    }

    /// A container at rest on its first tab, every tab at its top (the header expanded).
    public init(config: ContainerConfig, environment: ContainerEnvironment) {
        self.config = config
        self.environment = environment
        self.geometry = ContainerGeometry(config: config, environment: environment)
        self.selectedTab = 0
        self.offsets = geometry.tabs.map(\.minOffsetY)
        if geometry.placement == .side { progressBeforeSide = offsets.map { _ in 0 } }
    }

    /// The selected tab's scroll metrics.
    public var selectedMetrics: TabMetrics { geometry.tabs[selectedTab] }
    /// The selected tab's `contentOffsetY`.
    public var selectedOffset: Double { offsets[selectedTab] }
    /// Whether time still moves the content (ticks advance it).
    public var isAnimating: Bool { animation != nil }

    /// The header's current height (may exceed H with `overscroll: stretch`).
    public var headerHeight: Double { geometry.headerHeight(forOffset: selectedOffset) }
    /// 0 expanded, 1 collapsed, below 0 when stretched.
    public var collapseProgress: Double { geometry.collapseProgress(headerHeight: headerHeight) }
    /// Where the tab bar's top is, in container coordinates.
    public var tabBarTop: Double { geometry.tabBarTop(headerHeight: headerHeight) }

    /// Whether `action` can be applied; the reducer itself ignores actions it cannot apply.
    public func problem(with action: ContainerAction) -> ContainerProblem? {
        switch action {
        case .select(let tab), .tap(let tab), .swipe(let tab, _, _):
            if !offsets.indices.contains(tab) {
                return .noSuchTab(tab, tabCount: offsets.count)
            }
            if case .swipe = action, tab == selectedTab {
                return .swipeToSelectedTab(tab)
            }
        case .setHeader(let height, let minHeight):
            var header = config.header
            header.height = height ?? header.height
            header.minHeight = minHeight ?? header.minHeight
            let collapsed = environment.safeArea.top + header.minHeight
            if header.height < collapsed {
                return .headerBelowCollapsedHeight(height: header.height, collapsedHeight: collapsed)
            }
        default:
            break
        }
        return nil
    }

    /// Pure transition: the new state and what changed.
    ///
    /// - Parameters:
    ///   - state: The container before the action.
    ///   - action: What happens.
    ///   - sizingRows: Measures the self-sizing rows again when the size changes (`.layout`);
    ///     nil keeps their heights.
    /// - Returns: The new state and the events it caused.
    public static func reduce(_ state: ContainerState, _ action: ContainerAction, sizingRows: RowSizing? = nil) -> (
        ContainerState, [ContainerEvent]
    ) {
        var next = state
        var events: [ContainerEvent] = []
        switch action {
        case .drag, .release, .tick:
            break
        case .swipe:
            next.endGesture(events: &events)
        default:
            next.endGesture(events: &events)
            next.paging = nil
        }
        switch action {
        case .scroll(let target):
            next.setOffset(tab: next.selectedTab, next.selectedMetrics.clamp(target), events: &events)
        case .scrollBy(let delta):
            next.setOffset(tab: next.selectedTab, next.selectedMetrics.clamp(next.selectedOffset + delta), events: &events)
        case .scrollToTop:
            next.setOffset(tab: next.selectedTab, next.selectedMetrics.minOffsetY, events: &events)
        case .animatedScroll(let target):
            next.startEasedScroll(to: target)
        case .select(let tab):
            next.select(tab, events: &events)
        case .tap(let tab):
            if tab == next.selectedTab { next.startEasedScroll(to: .top) } else { next.select(tab, events: &events) }
        case .drag(let dy):
            next.drag(dy, events: &events)
        case .release(let velocity):
            next.release(velocity, events: &events)
        case .tick(let seconds):
            next.advance(seconds, events: &events)
        case .swipe(let tab, let progress, let finish):
            next.swipe(to: tab, progress: min(max(progress, 0), 1), finish: finish, events: &events)
        case .setHeader(let height, let minHeight):
            next.setHeader(height: height, minHeight: minHeight, events: &events)
        case .layout(let environment):
            next.relayout(in: environment, sizingRows: sizingRows, events: &events)
        }
        return (next, events)
    }

    /// Every offset change goes through here, so each one is reported once.
    mutating func setOffset(tab: Int, _ value: Double, events: inout [ContainerEvent]) {
        let old = offsets[tab]
        guard old != value else { return }
        offsets[tab] = value
        events.append(.offsetChanged(tab: tab, from: old, to: value))
    }
}

extension ContainerState {
    /// This state showing what a real container reported instead: another selected tab and
    /// other content offsets, taken as they are (not clamped, so an offset the model would
    /// never reach is drawn where it was seen). For `tabstage conform --report`'s picture of
    /// the observed numbers; nothing of the model's own run goes through here.
    ///
    /// - Parameters:
    ///   - selectedTab: The tab shown; ignored outside the container's tabs.
    ///   - offsets: `contentOffsetY` by tab index; indexes outside the tabs are ignored.
    /// - Returns: The state with those values in place of the model's; a swipe in progress
    ///   ends when another tab is selected.
    package func substituting(selectedTab: Int?, offsets: [Int: Double]) -> ContainerState {
        var next = self
        if let selectedTab, self.offsets.indices.contains(selectedTab), selectedTab != self.selectedTab {
            next.selectedTab = selectedTab
            next.paging = nil
        }
        for (tab, offset) in offsets where self.offsets.indices.contains(tab) && offset.isFinite { next.offsets[tab] = offset }
        return next
    }
}

extension ContainerState {
    /// The container at rest in `environment` on the same tab with the same configuration:
    /// every tab at its top (the header expanded), no finger, animation or swipe. What a
    /// full-content snapshot lays out in its taller window.
    package func atRestAtTop(in environment: ContainerEnvironment) -> ContainerState {
        var container = ContainerState(config: config, environment: environment)
        container.selectedTab = selectedTab
        return container
    }

    /// How tall the container must be to show the selected tab's every row, the way a scroll
    /// view expanded to its content height shows them: the inset above the content (H + T with
    /// the header on top, T beside it), the rows, and the bottom safe area (without the padding
    /// `shortContent: extend` adds in a window taller than the content).
    package var fullContentHeight: Double {
        let metrics = selectedMetrics
        return metrics.contentInsetTop + metrics.contentHeight + geometry.safeArea.bottom
    }
}
