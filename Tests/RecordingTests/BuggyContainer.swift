import TabStageLayout
import TabStageModel
import TabStageRecording
import TabStageScenario

/// The bugs teams report most in their own containers, one at a time.
enum KnownBug: String, CaseIterable, Sendable {
    /// A tab switch puts the new tab at its own remembered offset instead of under the header
    /// as it is: the header jumps to wherever that offset puts it.
    case tabSwitchJumps
    /// Short content keeps its natural bottom inset (`shortContent: limit`): a tab with a few
    /// rows cannot scroll far enough to keep the header collapsed.
    case shortContentCannotCollapse
    /// Each tab's bottom inset is the safe area's only: the app's tab bar is forgotten, so the
    /// last rows end under it.
    case insetForgetsTabBar
    /// A rotation puts the selected tab back at its top instead of keeping its content in place.
    case rotationLosesOffset
    /// A popover stays a popover in a compact window (the adaptive presentation delegate
    /// answers `.none`).
    case popoverStaysPopover
}

/// The model's container with one known bug switched on: each bug is the model doing
/// something else at the bug's step (a different step after it, a different configuration or
/// request), or, for the inset, reporting the inset the buggy container sets. Everything else
/// is `ModelContainer`.
@MainActor
final class BuggyContainer: RecordableContainer {
    let bug: KnownBug
    private let model: ModelContainer
    /// The app tab bar's share of the bottom inset when the container appeared (its top to the
    /// window's bottom, less the safe area): what `insetForgetsTabBar` leaves out.
    private let appTabBarShare: Double

    init(scenario: Scenario, bug: KnownBug) throws {
        self.bug = bug
        var scenario = scenario
        if bug == .shortContentCannotCollapse { scenario.container.shortContent = .limit }
        model = try ModelContainer(scenario: scenario)
        let state = model.stage.state
        let layout = StageLayout(state, look: model.stage.look, measuring: model.stage.measuring)
        appTabBarShare = layout.appTabBar.map { state.window.window.height - $0.frame.y - state.window.safeArea.bottom } ?? 0
    }

    func perform(_ action: DrivenAction) async throws {
        switch (bug, action) {
        case (.tabSwitchJumps, .select(let tab, animated: false)) where tab != model.stage.state.container.selectedTab:
            let ownOffset = model.stage.state.container.offsets[tab]
            try model.apply(ModelContainer.step(action))
            try model.apply(.scroll(to: ownOffset))
        case (.rotationLosesOffset, .rotate):
            try model.apply(ModelContainer.step(action))
            try model.apply(.scrollToTop())
        case (.popoverStaysPopover, .present(var request, let control)) where request.style == .popover:
            request.adaptation = .none
            try await model.perform(.present(request, sourceControl: control))
        default:
            try await model.perform(action)
        }
    }

    func observe() async -> ContainerObservation {
        var observation = await model.observe()
        if bug == .insetForgetsTabBar {
            let share = appTabBarShare
            observation.tabs = observation.tabs.map { tab in
                guard var tab else { return nil }
                tab.contentInsetBottom = tab.contentInsetBottom.map { $0 - share }
                return tab
            }
        }
        return observation
    }
}
