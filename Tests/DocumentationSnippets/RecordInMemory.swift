// The Record Your Own Container article's in-memory container: tabstage's own stage behind the
// two protocols, so every call and every number has its meaning written out, driven and
// checked on any machine.
// snippet:begin
import TabStageTesting
import Testing

/// The model's stage as a container: each step is the stage's step of the same name, and each
/// number is read where a UIKit container reads it.
@MainActor final class InMemoryContainer: RecordableContainer {
    var stage: Stage

    init(_ stage: Stage) { self.stage = stage }

    func perform(_ action: DrivenAction) async throws {
        let step: Stage.Step =
            switch action {
            case .scroll(let y, let animated): .scroll(to: y, animated: animated)
            case .scrollBy(let dy, let animated): .scroll(by: dy, animated: animated)
            case .scrollToTop(let animated): .scrollToTop(animated: animated)
            case .select(let tab, let animated): .select(.index(tab), animated: animated)
            case .swipe(let tab, let progress, let finish): .swipe(to: .index(tab), progress: progress, finish: finish)
            case .drag(let dy): .drag(dy: dy)
            case .release(let velocity): .release(velocity: velocity)  // runs to rest
            case .wait(let seconds): .wait(seconds: seconds)
            case .rotate(let orientation, _): .rotate(Orientation(orientation))
            case .resize(let window, .window): .resizeWindow(width: window.width, height: window.height)
            case .resize(_, let mode): .resize(Multitasking(mode))
            case .setHeader(let height, let minHeight): .setHeader(height: height, minHeight: minHeight)
            case .present(let request, _): .present(PresentationRequest(request))  // the source is already a rect
            case .selectDetent(let detent): .detent(SheetDetent(detent))
            case .dismiss: .dismiss
            }
        try stage.apply(step)
        _ = stage.takeFrames()  // the frames in between are not compared
    }

    func observe() async -> ContainerObservation {
        let state = stage.state, layout = StageLayout(state, look: stage.look, measuring: stage.measuring)
        return ContainerObservation(
            window: DrivenSize(state.window.window),  // the window's bounds
            safeArea: DrivenInsets(state.window.safeArea),  // window.safeAreaInsets
            horizontalSizeClass: DrivenSizeClass(state.window.traits.horizontalSizeClass),
            verticalSizeClass: DrivenSizeClass(state.window.traits.verticalSizeClass),
            displayScale: state.window.traits.displayScale,
            headerFrame: DrivenRect(layout.header.frame),  // in the container view
            tabBarFrame: DrivenRect(x: 0, y: layout.tabBar.top, width: layout.tabBar.background.width, height: layout.tabBar.height),
            selectedTab: state.container.selectedTab,
            tabs: zip(state.container.geometry.tabs, state.container.offsets).map { metrics, offset in
                ScrollViewObservation(
                    contentOffsetY: offset,  // contentOffset.y
                    contentInsetTop: metrics.contentInsetTop,  // adjustedContentInset.top
                    contentInsetBottom: metrics.contentInsetBottom,  // adjustedContentInset.bottom
                    contentHeight: metrics.contentHeight)  // contentSize.height
            },
            presentation: state.presentation.map {
                .presented(
                    PresentedObservation(
                        style: DrivenPresentationStyle($0.layout.style), frame: DrivenRect($0.layout.frame),
                        detent: $0.layout.detent.map { .resting(DrivenDetent($0)) } ?? DetentObservation.none))
            } ?? .nothingPresented)
    }
}

@MainActor @Test func theModelFollowsItsOwnScenario() async throws {
    let driver = try ScenarioDriver(scenario: "Examples/conformance/profile.yaml")
    let container = InMemoryContainer(try Stage(scenario: driver.scenario, measuring: TextMeasurer.shared))
    let trace = try await driver.record(driving: container)
    let conformed = try driver.check(trace, tolerance: 0)
    // 10 steps × (window 2 + safe area 4 + traits 3 + header 1 + tab bar 2 + selection 1
    // + 3 tabs × 4 + no presentation 1) = 10 × 26 = 260 values.
    #expect(conformed.compared == 260)
}
// snippet:end
