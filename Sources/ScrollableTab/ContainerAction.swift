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
