import Adaptive

/// Everything on screen: the window and its traits, and the container in it.
/// The root of the state tree; `reduce` composes the children's reducers.
public struct StageState: Sendable, Hashable {
    public private(set) var window: WindowEnvironment
    public private(set) var container: ContainerState

    public init(window: WindowEnvironment, container config: ContainerConfig) {
        self.window = window
        self.container = ContainerState(config: config, environment: ContainerEnvironment(window: window))
    }

    /// The callbacks UIKit sends when the container first appears.
    public var firstDisplayLifecycle: [LifecycleCallback] { Lifecycle.firstDisplay }

    /// Whether `action` can be applied now (a window that does not exist, a tab already selected…).
    public func problem(with action: StageAction) -> ActionProblem? {
        switch action {
        case .container(let action):
            return container.problem(with: action)
        case .rotate(let orientation):
            return windowProblem(orientation, window.multitasking)
        case .resize(let mode):
            return windowProblem(window.orientation, mode)
        }
    }

    private func windowProblem(_ orientation: Orientation, _ mode: Multitasking) -> ActionProblem? {
        guard case .failure(let reason) = window.device.windowSize(orientation, mode) else { return nil }
        let expected: String
        switch reason {
        case .notInPortrait: expected = "a resize to two-thirds, one-third or slide-over before rotating to portrait"
        default: expected = "multitasking: full"
        }
        return ActionProblem(reason.description, expected: expected)
    }

    public static func reduce(_ state: StageState, _ action: StageAction) -> (StageState, [StageEvent]) {
        switch action {
        case .container(let action):
            var next = state
            let (container, events) = ContainerState.reduce(state.container, action)
            next.container = container
            return (next, events.map(StageEvent.container))
        case .rotate(let orientation):
            return state.changingWindow(orientation: orientation, multitasking: state.window.multitasking)
        case .resize(let mode):
            return state.changingWindow(orientation: state.window.orientation, multitasking: mode)
        }
    }

    /// A size change: new traits, the callbacks in UIKit's order, then the container re-laid out.
    private func changingWindow(orientation: Orientation, multitasking: Multitasking) -> (StageState, [StageEvent]) {
        guard orientation != window.orientation || multitasking != window.multitasking,
              let newWindow = try? WindowEnvironment(
                  device: window.device, orientation: orientation, multitasking: multitasking,
                  settings: window.settings, traitOverride: window.traitOverride)
        else { return (self, []) }
        let traitsChanged = newWindow.traits.differsInUIKitTraits(from: window.traits)
        var events = Lifecycle.sizeChange(traitsChanged: traitsChanged).map(StageEvent.lifecycle)
        var next = self
        next.window = newWindow
        let (container, containerEvents) = ContainerState.reduce(container, .layout(ContainerEnvironment(window: newWindow)))
        next.container = container
        events += containerEvents.map(StageEvent.container)
        return (next, events)
    }
}

public enum StageAction: Sendable, Hashable {
    case container(ContainerAction)
    case rotate(Orientation)
    case resize(Multitasking)
}

public enum StageEvent: Sendable, Hashable {
    case container(ContainerEvent)
    case lifecycle(LifecycleCallback)
}
