import Layout
import Stage

/// The numbers of one physics frame that motion outputs show (trace `frameStates`, plots, the
/// player page), read from the same layout a snapshot draws.
public struct FrameSample: Sendable, Hashable {
    /// The frame's number across the run, from 1.
    public var number: Int
    /// Seconds since the run started: `number / fps`, computed from the two whole numbers so it
    /// never accumulates rounding.
    public var time: Double
    /// The selected tab's content offset (points).
    public var contentOffsetY: Double
    /// Points per second (see `ContainerState.scrollVelocity`).
    public var velocity: Double
    public var headerHeight: Double
    public var collapseProgress: Double
    /// The tab bar's selection indicator's x (points), which follows paging.
    public var tabBarOffsetX: Double

    public init(number: Int, fps: Int, state: StageState) {
        let layout = StageLayout(state)
        self.number = number
        time = Double(number) / Double(fps)
        contentOffsetY = state.container.selectedOffset
        velocity = state.container.scrollVelocity
        headerHeight = layout.header.height
        collapseProgress = layout.header.collapseProgress
        tabBarOffsetX = layout.tabBar.indicator.x
    }
}
