/// A finger on the selected tab's scroll view.
public struct DragGesture: Sendable, Hashable {
    /// The tab being dragged.
    public var tab: Int
    /// Where the offset would be without the rubber band.
    public var fingerOffset: Double
}

/// A fling or bounce in progress, as a pure function of elapsed time.
public struct ScrollAnimation: Sendable, Hashable {
    /// Which motion is running.
    public enum Phase: Sendable, Hashable {
        /// Decelerating towards `final`; `hit` is when and where it meets a bound first.
        case decelerating(Deceleration, final: Double, hit: BoundHit?)
        /// Springing back onto a bound; `start` is the elapsed time the bounce began.
        case bouncing(Bounce, start: Double)
        /// `setContentOffset(_:animated: true)`: along a fixed curve to a target.
        case easing(EasedScroll)
    }

    /// When and where a fling meets a bound and turns into a bounce.
    public struct BoundHit: Sendable, Hashable {
        /// Seconds into the fling.
        public var time: Double
        /// The offset bound it meets.
        public var bound: Double
        /// Which way is outward from the bound: +1 or −1.
        public var outward: Double
    }

    /// The tab that moves.
    public var tab: Int
    /// Seconds since the motion started.
    public var elapsed: Double
    /// The motion running.
    public var phase: Phase
}

/// Dragging, releasing (fling, snap, bounce) and advancing time.
extension ContainerState {
    /// Inside the bounds finger and shown offsets are the same; beyond a bound the part past it
    /// goes through the rubber band (`mapping` one way or its inverse).
    func pastBounds(_ offset: Double, _ metrics: TabMetrics, _ mapping: (Double, Double) -> Double) -> Double {
        let viewport = geometry.size.height
        if offset < metrics.minOffsetY { return metrics.minOffsetY - mapping(metrics.minOffsetY - offset, viewport) }
        if offset > metrics.maxOffsetY { return metrics.maxOffsetY + mapping(offset - metrics.maxOffsetY, viewport) }
        return offset
    }

    func shownOffset(finger: Double, metrics: TabMetrics) -> Double {
        pastBounds(finger, metrics) { RubberBand.overshoot(forDistance: $0, viewport: $1) }
    }

    func fingerOffset(shown: Double, metrics: TabMetrics) -> Double {
        pastBounds(shown, metrics) { RubberBand.distance(forOvershoot: $0, viewport: $1) }
    }

    mutating func drag(_ dy: Double, events: inout [ContainerEvent]) {
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
    mutating func release(_ velocity: Double, events: inout [ContainerEvent]) {
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
    func snapTarget(restingAt rest: Double, metrics: TabMetrics) -> Double? {
        guard config.header.snap, geometry.placement == .top else { return nil }
        let expanded = -(geometry.expandedHeaderHeight + geometry.tabBarHeight)
        let collapsed = geometry.collapsedOffsetY
        guard rest > expanded, rest < collapsed else { return nil }
        return metrics.clamp(rest - expanded < collapsed - rest ? expanded : collapsed)
    }

    /// A bounce that has not settled after this long is put on its bound: the spring is by
    /// then e^-50 of its start, far below a pixel.
    static let maximumBounceDuration = 5.0

    mutating func advance(_ seconds: Double, events: inout [ContainerEvent]) {
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
        if case .easing(let eased) = running.phase {
            if eased.isFinished(at: running.elapsed) {
                settledAt = eased.to
            } else {
                offset = eased.offset(at: running.elapsed)
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

    /// Starts an animated scroll of the selected tab; none when it is already at the target
    /// (UIKit does not animate a move of zero points).
    mutating func startEasedScroll(to target: ScrollTarget) {
        let metrics = selectedMetrics
        let from = selectedOffset
        let to: Double
        switch target {
        case .offset(let y): to = metrics.clamp(y)
        case .by(let delta): to = metrics.clamp(from + delta)
        case .top: to = metrics.minOffsetY
        }
        guard to != from else { return }
        animation = ScrollAnimation(tab: selectedTab, elapsed: 0, phase: .easing(EasedScroll(from: from, to: to)))
    }

    /// Any other action lifts the finger: the dragged tab settles inside its bounds at once.
    mutating func endGesture(events: inout [ContainerEvent]) {
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
            case .easing(let eased): final = eased.to
            }
            setOffset(tab: running.tab, geometry.tabs[running.tab].clamp(final), events: &events)
        }
    }
}

extension ContainerState {
    /// How fast the shown content offset moves, in points per second (positive scrolls content
    /// up): the running fling's or bounce's rate of change, 0 when nothing animates (a drag
    /// moves by its steps, not at a rate). Bounces are differentiated through the rubber band.
    public var scrollVelocity: Double {
        guard let running = animation else { return 0 }
        switch running.phase {
        case .decelerating(let deceleration, _, _):
            return deceleration.velocity(at: running.elapsed)
        case .bouncing(let bounce, let start):
            let t = running.elapsed - start
            let distance = bounce.distance(at: t), velocity = bounce.velocity(at: t)
            guard distance > 0, bounce.viewport > 0 else { return bounce.outward * velocity }
            // d/dx of (1 − 1/(x·c/V + 1))·V is c/(x·c/V + 1)².
            let stretch = distance * RubberBand.coefficient / bounce.viewport + 1
            return bounce.outward * velocity * RubberBand.coefficient / (stretch * stretch)
        case .easing(let eased):
            return eased.velocity(at: running.elapsed)
        }
    }
}
