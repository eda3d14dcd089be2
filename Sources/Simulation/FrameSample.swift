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
    /// The tab bar's own horizontal content offset (points): 0 unless a scrollable bar has
    /// scrolled to keep the selected tab in view; it follows paging.
    public var tabBarOffsetX: Double

    public init(number: Int, fps: Int, state: StageState, measuring: some TextMeasuring) {
        let layout = StageLayout(state, measuring: measuring)
        self.number = number
        time = Double(number) / Double(fps)
        contentOffsetY = state.container.selectedOffset
        velocity = state.container.scrollVelocity
        headerHeight = layout.header.height
        collapseProgress = layout.header.collapseProgress
        tabBarOffsetX = layout.tabBar.offsetX
    }
}
