import TabStageModel

extension StageLayout {
    /// The room a header that sizes itself to its text (`height: fit`) leaves below its lowest
    /// profile element: the profile's 16 pt side margin, kept at the bottom too (assumed: a
    /// self-sizing header's bottom constraint; Apple documents no value for this layout).
    public static let fittedHeaderBottomMargin = 16.0

    /// The expanded height (safe-area top included, whole points) at which `stage`'s header holds
    /// all of its profile (avatar, name, handle, bio, counts, button) with
    /// `fittedHeaderBottomMargin` to spare, at the window's Dynamic Type size: what a
    /// self-sizing header under Auto Layout settles on. Never less than the collapsed height in
    /// either orientation (the larger safe-area top plus `minHeight`).
    ///
    /// It lays the header out once, expanded and on top, through the same `HeaderLayout` that
    /// draws it, with the text sized as `look` says (`HeaderContent.sizesToFitText` lifts the
    /// XXXL cap), and solves for the height whose profile ends at the bottom less the margin:
    /// the profile keeps its distances from the cover's bottom, and a header sized to its text
    /// keeps its banner at 3:1 as the X banner does, so every point added is room below it. A header at the side in this window is measured
    /// as it would lie on top of it.
    ///
    /// - Parameters:
    ///   - stage: The stage whose window, split view, app tab bar and container are measured;
    ///     its header's own height does not change the answer.
    ///   - look: The header's content and theme (style and fonts).
    ///   - measuring: The text widths (Raster's `TextMeasurer.shared` for what is rendered).
    /// - Returns: The expanded height `H` in points, a whole number.
    public static func fittingHeaderHeight(_ stage: StageState, look: Look, measuring: some TextMeasuring) -> Double {
        var config = stage.container.config
        config.header.compactHeightPlacement = .top
        let probe = StageState(window: stage.window, container: config, split: stage.split, appTabBar: stage.appTabBar?.config)
        let layout = StageLayout(probe, look: look, measuring: measuring)
        let header = layout.header
        // Never below the collapsed height in either orientation, as a scenario's own height.
        let device = stage.window.device
        let collapsed = max(device.portraitSafeArea.top, device.landscapeSafeArea.top, probe.window.safeArea.top) + config.header.minHeight
        let lowest = header.elements(rtl: false).filter { $0.layer == .profile || $0.name == "avatar" }.map(\.frame.maxY).max()
        guard let lowest else { return collapsed.rounded(.up) }
        return max(Double(header.expandedHeightHolding(lowest + fittedHeaderBottomMargin)), collapsed.rounded(.up))
    }
}
