import Adaptive

/// What a scenario step (or a user) does to the container.
public enum ContainerAction: Sendable, Hashable {
    /// Set the selected tab's offset, clamped to its bounds, with no animation.
    case scroll(to: Double)
    case scrollBy(Double)
    case scrollToTop
    /// Select a tab, applying the no-jump tab-switch rule.
    case select(Int)
    /// Move the finger so the offset grows by `dy` (rubber-banding beyond the bounds).
    case drag(dy: Double)
    /// Lift the finger with a velocity (pt/s, positive = offset growing): fling, snap or bounce.
    case release(velocity: Double)
    /// Advance a running scroll animation by `seconds`: time is explicit, there are no timers.
    case tick(seconds: Double)
    /// Interactive paging towards a tab; `finish` completes (progress ≥ 0.5) or cancels it.
    case swipe(to: Int, progress: Double, finish: Bool)
    /// Change the header at run time; nil keeps the current value.
    case setHeader(height: Double?, minHeight: Double?)
    /// The container was laid out in a new environment (rotation, window resize).
    case layout(ContainerEnvironment)
}

/// What the container observed while handling an action.
public enum ContainerEvent: Sendable, Hashable {
    case offsetChanged(tab: Int, from: Double, to: Double)
    case selectionChanged(from: Int, to: Int)
    case animationEnded(tab: Int)
}

/// A finger on the selected tab's scroll view.
public struct DragGesture: Sendable, Hashable {
    public var tab: Int
    /// Where the offset would be without the rubber band.
    public var fingerOffset: Double
}

/// A fling or bounce in progress, as a pure function of elapsed time.
public struct ScrollAnimation: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        /// Decelerating towards `final`; `hit` is when and where it meets a bound first.
        case decelerating(Deceleration, final: Double, hit: BoundHit?)
        /// Springing back onto a bound; `start` is the elapsed time the bounce began.
        case bouncing(Bounce, start: Double)
    }

    public struct BoundHit: Sendable, Hashable {
        public var time: Double
        public var bound: Double
        public var outward: Double
    }

    public var tab: Int
    public var elapsed: Double
    public var phase: Phase
}

/// Interactive paging between the selected tab and `to`.
public struct Paging: Sendable, Hashable {
    public var from: Int
    public var to: Int
    public var progress: Double
    public init(from: Int, to: Int, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress
    }
}

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

/// The container's whole state: plain values, changed only by `reduce`.
public struct ContainerState: Sendable, Hashable {
    public private(set) var config: ContainerConfig
    public private(set) var environment: ContainerEnvironment
    /// Derived from `config` and `environment`; kept in step with them.
    public private(set) var geometry: ContainerGeometry
    public private(set) var selectedTab: Int
    /// `contentOffsetY` of every tab, hidden ones included.
    public private(set) var offsets: [Double]
    public private(set) var gesture: DragGesture?
    public private(set) var animation: ScrollAnimation?
    public private(set) var paging: Paging?
    /// Each tab's collapse progress while the header sits at the side, restored when it returns on top.
    public private(set) var progressBeforeSide: [Double]?

    public init(config: ContainerConfig, environment: ContainerEnvironment) {
        self.config = config
        self.environment = environment
        self.geometry = ContainerGeometry(config: config, environment: environment)
        self.selectedTab = 0
        self.offsets = geometry.tabs.map(\.minOffsetY)
        if geometry.placement == .side { progressBeforeSide = offsets.map { _ in 1 } }
    }

    public var selectedMetrics: TabMetrics { geometry.tabs[selectedTab] }
    public var selectedOffset: Double { offsets[selectedTab] }
    public var isAnimating: Bool { animation != nil }

    /// The header's current height (may exceed H with `overscroll: stretch`).
    public var headerHeight: Double { geometry.headerHeight(forOffset: selectedOffset) }
    public var collapseProgress: Double { geometry.collapseProgress(headerHeight: headerHeight) }
    public var tabBarTop: Double { geometry.tabBarTop(headerHeight: headerHeight) }

    /// The selection indicator; while paging, interpolated between the two tabs' cells.
    public var indicator: (x: Double, width: Double) {
        let from = geometry.indicatorFrame(tab: paging?.from ?? selectedTab)
        guard let paging else { return from }
        let to = geometry.indicatorFrame(tab: paging.to)
        return (from.x + (to.x - from.x) * paging.progress, from.width + (to.width - from.width) * paging.progress)
    }

    /// Whether `action` can be applied; the reducer itself ignores actions it cannot apply.
    public func problem(with action: ContainerAction) -> ContainerProblem? {
        switch action {
        case .select(let tab), .swipe(let tab, _, _):
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
    public static func reduce(_ state: ContainerState, _ action: ContainerAction) -> (ContainerState, [ContainerEvent]) {
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
        case .select(let tab):
            next.select(tab, events: &events)
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
            next.relayout(in: environment, events: &events)
        }
        return (next, events)
    }

    // MARK: tab switch

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

    private mutating func select(_ tab: Int, events: inout [ContainerEvent]) {
        guard offsets.indices.contains(tab), tab != selectedTab else { return }
        let target = offsetKeepingHeader(forTab: tab)
        events.append(.selectionChanged(from: selectedTab, to: tab))
        selectedTab = tab
        setOffset(tab: tab, target, events: &events)
    }

    private mutating func swipe(to tab: Int, progress: Double, finish: Bool, events: inout [ContainerEvent]) {
        guard offsets.indices.contains(tab), tab != selectedTab else { return }
        guard finish else {
            paging = Paging(from: selectedTab, to: tab, progress: progress)
            return
        }
        paging = nil
        if progress >= 0.5 { select(tab, events: &events) }
    }

    // MARK: gestures and physics

    /// Inside the bounds finger and shown offsets are the same; beyond a bound the part past it
    /// goes through the rubber band (`mapping` one way or its inverse).
    private func pastBounds(_ offset: Double, _ metrics: TabMetrics, _ mapping: (Double, Double) -> Double) -> Double {
        let viewport = geometry.size.height
        if offset < metrics.minOffsetY { return metrics.minOffsetY - mapping(metrics.minOffsetY - offset, viewport) }
        if offset > metrics.maxOffsetY { return metrics.maxOffsetY + mapping(offset - metrics.maxOffsetY, viewport) }
        return offset
    }

    private func shownOffset(finger: Double, metrics: TabMetrics) -> Double {
        pastBounds(finger, metrics) { RubberBand.overshoot(forDistance: $0, viewport: $1) }
    }

    private func fingerOffset(shown: Double, metrics: TabMetrics) -> Double {
        pastBounds(shown, metrics) { RubberBand.distance(forOvershoot: $0, viewport: $1) }
    }

    private mutating func drag(_ dy: Double, events: inout [ContainerEvent]) {
        paging = nil
        animation = nil  // a touch stops a running fling where it is
        let tab = gesture?.tab ?? selectedTab
        let metrics = geometry.tabs[tab]
        let finger = (gesture?.fingerOffset ?? fingerOffset(shown: offsets[tab], metrics: metrics)) + dy
        gesture = DragGesture(tab: tab, fingerOffset: finger)
        setOffset(tab: tab, shownOffset(finger: finger, metrics: metrics), events: &events)
    }

    /// The finger lifts: out of bounds it bounces back; otherwise it decelerates, snapping a
    /// partly collapsed header to the nearer end when `header.snap` is on.
    private mutating func release(_ velocity: Double, events: inout [ContainerEvent]) {
        paging = nil
        let tab = gesture?.tab ?? selectedTab
        gesture = nil
        let metrics = geometry.tabs[tab]
        let offset = offsets[tab]
        let viewport = geometry.size.height
        let tolerance = 0.5 / max(environment.traits.displayScale, 1)
        if offset < metrics.minOffsetY || offset > metrics.maxOffsetY {
            let outward: Double = offset > metrics.maxOffsetY ? 1 : -1
            let bound = outward > 0 ? metrics.maxOffsetY : metrics.minOffsetY
            let bounce = Bounce(
                bound: bound, outward: outward,
                distance: RubberBand.distance(forOvershoot: abs(offset - bound), viewport: viewport),
                velocity: outward * velocity, viewport: viewport, tolerance: tolerance)
            animation = ScrollAnimation(tab: tab, elapsed: 0, phase: .bouncing(bounce, start: 0))
            return
        }
        let rate = config.decelerationRate.factor
        var deceleration = Deceleration(start: offset, velocity: velocity, rate: rate)
        var final = deceleration.rest
        if let target = snapTarget(restingAt: deceleration.rest, metrics: metrics) {
            final = target
            deceleration.velocity = Deceleration.velocity(from: offset, restingAt: target, rate: rate)
        }
        guard deceleration.velocity != 0 else { return }
        var hit: ScrollAnimation.BoundHit?
        if final > metrics.maxOffsetY || final < metrics.minOffsetY {
            let outward: Double = final > metrics.maxOffsetY ? 1 : -1
            let bound = outward > 0 ? metrics.maxOffsetY : metrics.minOffsetY
            if let time = deceleration.time(reaching: bound) {
                hit = ScrollAnimation.BoundHit(time: time, bound: bound, outward: outward)
            }
            final = metrics.clamp(final)  // stops within a quarter point of the bound anyway
        }
        animation = ScrollAnimation(tab: tab, elapsed: 0, phase: .decelerating(deceleration, final: final, hit: hit))
    }

    /// With `header.snap`, a rest point that leaves the header partly collapsed moves to the
    /// nearer end (a tie collapses).
    private func snapTarget(restingAt rest: Double, metrics: TabMetrics) -> Double? {
        guard config.header.snap, geometry.placement == .top else { return nil }
        let expanded = -(geometry.expandedHeaderHeight + geometry.tabBarHeight)
        let collapsed = geometry.collapsedOffsetY
        guard rest > expanded, rest < collapsed else { return nil }
        return metrics.clamp(rest - expanded < collapsed - rest ? expanded : collapsed)
    }

    /// A bounce that has not settled after this long is put on its bound: the spring is by
    /// then e^-50 of its start, far below a pixel.
    static let maximumBounceDuration = 5.0

    private mutating func advance(_ seconds: Double, events: inout [ContainerEvent]) {
        guard var running = animation, seconds > 0 else { return }
        running.elapsed += seconds
        let tab = running.tab
        var settledAt: Double?
        var offset = offsets[tab]
        if case .decelerating(let deceleration, let final, let hit) = running.phase {
            if let hit, running.elapsed >= hit.time {
                let bounce = Bounce(
                    bound: hit.bound, outward: hit.outward, distance: 0,
                    velocity: hit.outward * deceleration.velocity(at: hit.time), viewport: geometry.size.height,
                    tolerance: 0.5 / max(environment.traits.displayScale, 1))
                running.phase = .bouncing(bounce, start: hit.time)
            } else if running.elapsed >= deceleration.stopTime {
                settledAt = final
            } else {
                offset = deceleration.position(at: running.elapsed)
            }
        }
        if case .bouncing(let bounce, let start) = running.phase {
            let t = running.elapsed - start
            if bounce.isSettled(at: t) || t >= Self.maximumBounceDuration {
                settledAt = bounce.bound
            } else {
                offset = bounce.offset(at: t)
            }
        }
        if let settledAt {
            animation = nil
            setOffset(tab: tab, settledAt, events: &events)
            events.append(.animationEnded(tab: tab))
        } else {
            animation = running
            setOffset(tab: tab, offset, events: &events)
        }
    }

    /// Any other action lifts the finger: the dragged tab settles inside its bounds at once.
    private mutating func endGesture(events: inout [ContainerEvent]) {
        if let gesture {
            self.gesture = nil
            setOffset(tab: gesture.tab, geometry.tabs[gesture.tab].clamp(offsets[gesture.tab]), events: &events)
        }
        if let running = animation {
            animation = nil
            let final: Double
            switch running.phase {
            case .decelerating(_, let end, _): final = end
            case .bouncing(let bounce, _): final = bounce.bound
            }
            setOffset(tab: running.tab, geometry.tabs[running.tab].clamp(final), events: &events)
        }
    }

    // MARK: geometry changes

    /// Header changes keep content attached below the tab bar: each tab moves by the change
    /// in the header height its offset gives, h_old − h_new.
    private mutating func setHeader(height: Double?, minHeight: Double?, events: inout [ContainerEvent]) {
        var newConfig = config
        newConfig.header.height = height ?? config.header.height
        newConfig.header.minHeight = minHeight ?? config.header.minHeight
        let old = geometry
        let new = ContainerGeometry(config: newConfig, environment: environment)
        config = newConfig
        geometry = new
        for tab in offsets.indices {
            let y = offsets[tab]
            let moved = y + old.headerHeight(forOffset: y) - new.headerHeight(forOffset: y)
            setOffset(tab: tab, new.tabs[tab].clamp(moved), events: &events)
        }
    }

    /// A size change: a collapsed header stays collapsed with the row at the tab bar's bottom
    /// edge kept there (same row, same fraction); otherwise the collapse progress is kept and
    /// the content stays attached below the tab bar. Then every tab is clamped.
    private mutating func relayout(in newEnvironment: ContainerEnvironment, events: inout [ContainerEvent]) {
        let old = geometry
        let new = ContainerGeometry(config: config, environment: newEnvironment)
        let anchors = offsets.indices.map { anchor(tab: $0, in: old) }
        environment = newEnvironment
        geometry = new
        progressBeforeSide = new.placement == .side ? anchors.map(\.progress) : nil
        for tab in offsets.indices {
            let rowScale = old.tabs[tab].rowHeight > 0 ? new.tabs[tab].rowHeight / old.tabs[tab].rowHeight : 1
            let contentAtEdge = anchors[tab].contentAtEdge * rowScale
            let y: Double
            switch new.placement {
            case .top:
                let header = new.collapsedHeaderHeight + anchors[tab].progress * (new.expandedHeaderHeight - new.collapsedHeaderHeight)
                y = contentAtEdge - (header + new.tabBarHeight)
            case .side:
                y = contentAtEdge - new.tabBarHeight
            }
            setOffset(tab: tab, new.tabs[tab].clamp(y), events: &events)
        }
    }

    /// A tab's position independent of layout: the content y at the tab bar's bottom edge and
    /// the header's collapse progress (0 whenever that content is scrolled under the bar).
    private func anchor(tab: Int, in geometry: ContainerGeometry) -> (contentAtEdge: Double, progress: Double) {
        let y = offsets[tab]
        switch geometry.placement {
        case .top:
            let header = min(max(-(y + geometry.tabBarHeight), geometry.collapsedHeaderHeight), geometry.expandedHeaderHeight)
            let progress = min(max(geometry.collapseProgress(headerHeight: header), 0), 1)
            return (y + header + geometry.tabBarHeight, progress)
        case .side:
            let content = y + geometry.tabBarHeight
            return (content, content > 0 ? 0 : progressBeforeSide?[tab] ?? 1)
        }
    }

    private mutating func setOffset(tab: Int, _ value: Double, events: inout [ContainerEvent]) {
        let old = offsets[tab]
        guard old != value else { return }
        offsets[tab] = value
        events.append(.offsetChanged(tab: tab, from: old, to: value))
    }
}
