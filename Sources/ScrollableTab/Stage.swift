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

    public static func reduce(_ state: StageState, _ action: StageAction) -> (StageState, [StageEvent]) {
        var next = state
        switch action {
        case .container(let action):
            let (container, events) = ContainerState.reduce(state.container, action)
            next.container = container
            return (next, events.map(StageEvent.container))
        }
    }
}

public enum StageAction: Sendable, Hashable {
    case container(ContainerAction)
}

public enum StageEvent: Sendable, Hashable {
    case container(ContainerEvent)
    case lifecycle(LifecycleCallback)
}
