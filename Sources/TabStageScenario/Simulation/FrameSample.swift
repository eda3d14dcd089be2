import TabStageLayout
import TabStageModel

/// The numbers of one physics frame that motion outputs show (trace `frameStates`, plots, the
/// player page), read as the layout a snapshot draws has them (`StageLayout.frameNumbers`).
package struct FrameSample: Sendable, Hashable {
    /// The frame's number across the run, from 1.
    package var number: Int
    /// Seconds since the run started: `number / fps`, computed from the two whole numbers so it
    /// never accumulates rounding.
    package var time: Double
    /// The selected tab's content offset (points).
    package var contentOffsetY: Double
    /// Points per second (see `ContainerState.scrollVelocity`).
    package var velocity: Double
    package var headerHeight: Double
    package var collapseProgress: Double
    /// The tab bar's own horizontal content offset (points): 0 unless a scrollable bar has
    /// scrolled to keep the selected tab in view; it follows paging.
    package var tabBarOffsetX: Double

    package init(number: Int, fps: Int, state: StageState, look: Look, measuring: some TextMeasuring) {
        let numbers = StageLayout.frameNumbers(state, look: look, measuring: measuring)
        self.number = number
        time = Double(number) / Double(fps)
        contentOffsetY = state.container.selectedOffset
        velocity = state.container.scrollVelocity
        headerHeight = numbers.headerHeight
        collapseProgress = numbers.collapseProgress
        tabBarOffsetX = numbers.tabBarOffsetX
    }
}
