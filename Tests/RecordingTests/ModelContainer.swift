import TabStageLayout
import TabStageModel
import TabStageRecording
import TabStageRendering
import TabStageScenario

/// A container in memory built from tabstage's own model: what `DrivableContainer` and
/// `ObservableContainer` mean, written out. Each `DrivenAction` is the model's step of the
/// same name, and each observed number is read where a UIKit container would read it: the
/// selected tab's scroll view offset and adjusted insets, the header's and the tab bar's
/// frames, the window's safe area and traits, the presented controller's style, frame and
/// detent. Driven through a scenario it must agree with the model at every step.
@MainActor
final class ModelContainer: RecordableContainer {
    private(set) var stage: Stage

    /// A container as the scenario's first window shows it.
    init(scenario: Scenario) throws {
        stage = try Stage(scenario: scenario, measuring: TextMeasurer.shared)
    }

    func perform(_ action: DrivenAction) async throws {
        try apply(Self.step(action))
    }

    /// Applies one model step (the buggy container adds its own after it).
    func apply(_ step: Stage.Step) throws {
        try stage.apply(step)
        _ = stage.takeFrames()  // the frames in between are not compared
    }

    /// The model's step for each action: the inverse of the driver's plan.
    static func step(_ action: DrivenAction) -> Stage.Step {
        switch action {
        case .scroll(let offset, let animated): .scroll(to: offset, animated: animated)
        case .scrollBy(let delta, let animated): .scroll(by: delta, animated: animated)
        case .scrollToTop(let animated): .scrollToTop(animated: animated)
        case .select(let tab, let animated): .select(.index(tab), animated: animated)
        case .swipe(let tab, let progress, let finish): .swipe(to: .index(tab), progress: progress, finish: finish)
        case .drag(let dy): .drag(dy: dy)
        case .release(let velocity): .release(velocity: velocity)
        case .wait(let seconds): .wait(seconds: seconds)
        // The model turns the device; a UI test sets its window to `window` instead.
        case .rotate(let orientation, _): .rotate(Orientation(orientation))
        case .resize(let window, .window): .resizeWindow(width: window.width, height: window.height)
        case .resize(_, let mode): .resize(Multitasking(mode))
        case .setHeader(let height, let minHeight): .setHeader(height: height, minHeight: minHeight)
        // The source is already a rect in window coordinates.
        case .present(let request, _): .present(PresentationRequest(request))
        case .selectDetent(let detent): .detent(SheetDetent(detent))
        case .dismiss: .dismiss
        }
    }

    func observe() async -> ContainerObservation {
        observation(of: stage.state)
    }

    /// Every number a UIKit container reports, read from the model's state and its layout.
    func observation(of state: StageState) -> ContainerObservation {
        let layout = StageLayout(state, look: stage.look, measuring: stage.measuring)
        let traits = state.window.traits
        let container = state.container
        let tabs: [ScrollViewObservation?] = zip(container.geometry.tabs, container.offsets).map { metrics, offset in
            ScrollViewObservation(
                contentOffsetY: offset, contentInsetTop: metrics.contentInsetTop, contentInsetBottom: metrics.contentInsetBottom,
                contentHeight: metrics.contentHeight)
        }
        let presentation: PresentationObservation =
            state.presentation.map { presented in
                .presented(
                    PresentedObservation(
                        style: DrivenPresentationStyle(presented.layout.style), frame: DrivenRect(presented.layout.frame),
                        detent: presented.layout.detent.map { DetentObservation.resting(DrivenDetent($0)) } ?? DetentObservation.none))
            } ?? .nothingPresented
        return ContainerObservation(
            window: DrivenSize(state.window.window), safeArea: DrivenInsets(state.window.safeArea),
            horizontalSizeClass: DrivenSizeClass(traits.horizontalSizeClass), verticalSizeClass: DrivenSizeClass(traits.verticalSizeClass),
            displayScale: traits.displayScale, headerFrame: DrivenRect(layout.header.frame),
            tabBarFrame: DrivenRect(
                x: layout.tabBar.background.x, y: layout.tabBar.top, width: layout.tabBar.background.width, height: layout.tabBar.height),
            selectedTab: container.selectedTab, tabs: tabs, presentation: presentation)
    }
}
