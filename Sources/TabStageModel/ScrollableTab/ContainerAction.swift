/// What a scenario step (or a user) does to the container.
public enum ContainerAction: Sendable, Hashable {
    /// Set the selected tab's offset, clamped to its bounds, with no animation.
    case scroll(to: Double)
    case scrollBy(Double)
    case scrollToTop
    /// `setContentOffset(_:animated: true)`: move the selected tab to `target` (clamped to its
    /// bounds) along `EasedScroll`'s curve, advanced by `tick`s like a fling.
    case animatedScroll(ScrollTarget)
    /// Select a tab, applying the no-jump tab-switch rule.
    case select(Int)
    /// A tap on a tab's button: another tab is selected as by `select`; the selected tab
    /// scrolls to its top, animated, as a tap on the selected tab does in common profile screens.
    case tap(Int)
    /// Move the finger so the offset grows by `dy`: positive scrolls the content up (a finger
    /// moving up the screen), negative pulls it down; beyond a bound the offset rubber-bands.
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

/// Where an animated scroll goes, worked out from the offset when it starts.
public enum ScrollTarget: Sendable, Hashable {
    case offset(Double)
    case by(Double)
    /// The top of the content: the smallest offset.
    case top
}

/// What the container observed while handling an action.
public enum ContainerEvent: Sendable, Hashable {
    case offsetChanged(tab: Int, from: Double, to: Double)
    case selectionChanged(from: Int, to: Int)
    case animationEnded(tab: Int)
}
