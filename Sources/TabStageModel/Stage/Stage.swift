/// A presented view controller: what was asked for and how it shows in the current window.
public struct PresentationState: Sendable, Hashable {
    /// What the `present` step asked for.
    public var request: PresentationRequest
    /// How it shows in the current window.
    public var layout: PresentationLayout
}

/// Everything on screen: the window and its traits, an optional split view around the
/// container, the container, and an optional presentation above it. The root of the state
/// tree; `reduce` composes the children's reducers.
public struct StageState: Sendable, Hashable {
    /// The window the stage lives in.
    public private(set) var window: WindowEnvironment
    /// The split view, when the container is its secondary column.
    public private(set) var split: SplitConfig?
    /// The tab container.
    public private(set) var container: ContainerState
    /// The presented controller, while there is one.
    public private(set) var presentation: PresentationState?
    /// The app's own tab bar around the container, when the scenario has one: its bottom
    /// inset is part of the container's safe area, and scrolling may minimize it.
    public private(set) var appTabBar: AppTabBarState?

    /// A stage at rest: the container in the window (or the split view's secondary column).
    ///
    /// - Parameters:
    ///   - window: The window and its traits.
    ///   - config: The container's configuration.
    ///   - split: The split view the container is the secondary column of, if any.
    ///   - appTabBar: The app's tab bar the container is a tab of, if any.
    ///   - sizingRows: Measures the container's self-sizing rows (`RowHeight.selfSizing`) in
    ///     its first environment; nil keeps the heights `config` gives.
    public init(
        window: WindowEnvironment, container config: ContainerConfig, split: SplitConfig? = nil,
        appTabBar: AppTabBarConfig? = nil, sizingRows: RowSizing? = nil
    ) {
        self.window = window
        self.split = split
        let container = ContainerState(
            config: config, environment: Self.containerEnvironment(window, split, hasAppTabBar: appTabBar != nil),
            sizingRows: sizingRows)
        self.container = container
        self.appTabBar = appTabBar.map { AppTabBarState(config: $0, tab: container.selectedTab, offset: container.selectedOffset) }
    }

    /// The minimize behaviour the app tab bar follows in this window (`never` before iOS 26 and
    /// on iPad).
    public var appTabBarBehavior: TabBarMinimizeBehavior? {
        appTabBar.map { AppTabBarState.effectiveBehavior($0.config.minimizeBehavior, in: window) }
    }

    /// The callbacks UIKit sends when the container first appears.
    public var firstDisplayLifecycle: [LifecycleCallback] { Lifecycle.firstDisplay }

    /// The split view's columns in the current window; nil without a split view.
    public var splitLayout: SplitLayout? {
        split.map { SplitLayout($0, in: window) }
    }

    /// The container fills the window, or the split view's secondary column; its safe area
    /// loses the side the primary column covers, and its bottom includes an app tab bar.
    static func containerEnvironment(_ window: WindowEnvironment, _ split: SplitConfig?, hasAppTabBar: Bool) -> ContainerEnvironment {
        var environment = containerEnvironment(window, split)
        if hasAppTabBar { environment.safeArea.bottom = AppTabBarMetrics.bottomInset(in: window) }
        return environment
    }

    private static func containerEnvironment(_ window: WindowEnvironment, _ split: SplitConfig?) -> ContainerEnvironment {
        guard let split else { return ContainerEnvironment(window: window) }
        let layout = SplitLayout(split, in: window)
        var safeArea = window.safeArea
        if let primary = layout.primaryFrame, !layout.collapsed {
            if primary.x == 0 { safeArea.left = 0 } else { safeArea.right = 0 }
        }
        return ContainerEnvironment(
            frame: layout.secondaryFrame, safeArea: safeArea, traits: window.traits, childTraits: window.childTraits)
    }

    /// Whether `action` can be applied now (a window that does not exist, a tab already selected…).
    public func problem(with action: StageAction) -> ActionProblem? {
        switch action {
        case .container(let action):
            return container.problem(with: action).map(ActionProblem.container)
        case .rotate(let orientation):
            return windowProblem(orientation, window.multitasking, size: window.rotatedWindowSize(orientation))
        case .resize(let mode):
            return windowProblem(window.orientation, mode)
        case .resizeWindow(let size):
            return windowProblem(window.orientation, .window, size: size)
        case .present:
            guard let presentation else { return nil }
            return .alreadyPresented(presentation.layout.style)
        case .dismiss:
            return presentation == nil ? .nothingPresented : nil
        case .selectDetent(let detent):
            guard let sheet = presentation?.request.sheet else { return .nothingPresented }
            if !sheet.detents.contains(detent) { return .detentUnavailable(detent, offered: sheet.detents) }
            return sheet.restingDetent == detent ? .detentAlreadySelected(detent) : nil
        }
    }

    private func windowProblem(_ orientation: Orientation, _ mode: Multitasking, size: Size? = nil) -> ActionProblem? {
        guard case .failure(let reason) = window.device.windowFrame(orientation, mode, size: size, on: window.settings.iOSVersion)
        else { return nil }
        return .windowUnavailable(reason)
    }

    /// The root reducer: applies an action and returns the new state and the events it caused.
    ///
    /// - Parameters:
    ///   - state: The stage before the action.
    ///   - action: What happens: a container action, a rotation, a resize, a presentation.
    ///   - sizingRows: Measures the container's self-sizing rows again when its size changes;
    ///     nil keeps their heights.
    /// - Returns: The new state and the events it caused (offset and selection changes,
    ///   lifecycle callbacks). `problem(with:)` says beforehand whether an action can apply.
    public static func reduce(_ state: StageState, _ action: StageAction, sizingRows: RowSizing? = nil) -> (StageState, [StageEvent]) {
        switch action {
        case .container(let action):
            var next = state
            let (container, events) = ContainerState.reduce(state.container, action, sizingRows: sizingRows)
            next.container = container
            switch action {
            case .layout, .setHeader:
                // The offsets move to keep the content in place: nobody scrolled.
                next.appTabBar?.restart(offset: container.selectedOffset, tab: container.selectedTab)
            default:
                if let behavior = state.appTabBarBehavior {
                    next.appTabBar?.follow(offset: container.selectedOffset, tab: container.selectedTab, behavior: behavior)
                }
            }
            return (next, events.map(StageEvent.container))
        case .rotate(let orientation):
            return state.changingWindow(
                orientation: orientation, multitasking: state.window.multitasking, size: state.window.rotatedWindowSize(orientation),
                sizingRows: sizingRows)
        case .resize(let mode):
            return state.changingWindow(orientation: state.window.orientation, multitasking: mode, sizingRows: sizingRows)
        case .resizeWindow(let size):
            return state.changingWindow(orientation: state.window.orientation, multitasking: .window, size: size, sizingRows: sizingRows)
        case .present(let request):
            guard state.presentation == nil else { return (state, []) }
            var next = state
            let layout = state.layoutPresentation(request)
            next.presentation = PresentationState(request: request, layout: layout)
            var events = Lifecycle.firstDisplay.map(StageEvent.presentedLifecycle)
            if layout.style.hidesPresenter { events += Lifecycle.disappearance.map(StageEvent.lifecycle) }
            return (next, events)
        case .selectDetent(let detent):
            guard var presentation = state.presentation, state.problem(with: action) == nil else { return (state, []) }
            var next = state
            presentation.request.sheet.selectedDetent = detent
            presentation.layout = state.layoutPresentation(presentation.request)
            next.presentation = presentation
            return (next, [])
        case .dismiss:
            guard let presentation = state.presentation else { return (state, []) }
            var next = state
            next.presentation = nil
            let events = presentation.layout.style.hidesPresenter ? Lifecycle.appearance.map(StageEvent.lifecycle) : []
            return (next, events)
        }
    }

    /// Presentation adaptivity reads the presenting controller's (the window's) traits and the
    /// scenario's iOS release.
    private func layoutPresentation(_ request: PresentationRequest) -> PresentationLayout {
        PresentationRules.layout(request, in: PresentationEnvironment(window))
    }

    /// A size change: new traits, the callbacks in UIKit's order, the container re-laid out and
    /// any presentation re-resolved (a popover may become full screen, or back).
    private func changingWindow(orientation: Orientation, multitasking: Multitasking, size: Size? = nil, sizingRows: RowSizing?) -> (
        StageState, [StageEvent]
    ) {
        guard
            orientation != window.orientation || multitasking != window.multitasking
                || (multitasking == .window && size != window.window),
            let newWindow = try? WindowEnvironment(
                device: window.device, orientation: orientation, multitasking: multitasking, windowSize: size,
                settings: window.settings, traitOverride: window.traitOverride)
        else { return (self, []) }
        let traitsChanged = newWindow.traits.differsInUIKitTraits(from: window.traits)
        let sizeChange = Lifecycle.sizeChange(traitsChanged: traitsChanged)
        var events = sizeChange.map(StageEvent.lifecycle)
        var next = self
        next.window = newWindow
        let (container, containerEvents) = ContainerState.reduce(
            container, .layout(Self.containerEnvironment(newWindow, split, hasAppTabBar: appTabBar != nil)), sizingRows: sizingRows)
        next.container = container
        next.appTabBar?.restart(offset: container.selectedOffset, tab: container.selectedTab)
        events += containerEvents.map(StageEvent.container)
        if var presentation {
            presentation.request.source = presentation.request.source.map {
                PresentationRules.movedSource($0, from: window.window, to: newWindow.window)
            }
            let wasHiding = presentation.layout.style.hidesPresenter
            presentation.layout = next.layoutPresentation(presentation.request)
            next.presentation = presentation
            events += sizeChange.map(StageEvent.presentedLifecycle)
            let hides = presentation.layout.style.hidesPresenter
            if hides != wasHiding {
                events += (hides ? Lifecycle.disappearance : Lifecycle.appearance).map(StageEvent.lifecycle)
            }
        }
        return (next, events)
    }
}

extension StageState {
    /// The same stage around another container state (see `ContainerState.substituting`), for
    /// `tabstage conform --report`'s picture of the observed numbers.
    package func replacingContainer(_ container: ContainerState) -> StageState {
        var next = self
        next.container = container
        return next
    }
}

extension StageState {
    /// Why `expandedToContent()` cannot draw this state: a presentation covers the container
    /// (dismiss it first), or a swipe between tabs is under way. Nil when it can.
    public var fullContentProblem: String? {
        if let presentation { return "a \(presentation.layout.style.rawValue) presentation covers the container" }
        if container.paging != nil { return "a swipe between tabs is under way" }
        return nil
    }

    /// The window's height for a full-content picture: the window's top down to the container,
    /// the container as tall as the selected tab's content (`ContainerState.fullContentHeight`),
    /// and whatever of the window lies below the container; never less than the window.
    public var fullContentHeight: Double {
        let frame = container.environment.frame
        let below = window.window.height - frame.y - frame.height
        return max(window.window.height, frame.y + container.fullContentHeight + below)
    }

    /// The stage as a full-content snapshot draws it, as a long screenshot: the window as tall as
    /// `fullContentHeight` with the same width, traits and safe area (the status bar and
    /// header on top, the app's tab bar at the bottom; no sensor housing or home indicator is
    /// drawn on it), the container laid out in it at rest on the selected tab, at
    /// its top with the header expanded, so every row of the tab is on screen. Paparazzi's, Roborazzi's and SnapshotPreviews'
    /// expanded renders do the same: the scroll view grows to its content's height.
    /// Check `fullContentProblem` first: a presentation is dropped and a swipe settled here.
    public func expandedToContent() -> StageState {
        var next = self
        var window = self.window
        let height = fullContentHeight
        window.window.height = height
        window.frame.height = height
        window.expandedToContent = true
        next.window = window
        next.presentation = nil
        let environment = Self.containerEnvironment(window, split, hasAppTabBar: appTabBar != nil)
        next.container = container.atRestAtTop(in: environment)
        next.appTabBar?.restart(offset: next.container.selectedOffset, tab: next.container.selectedTab)
        return next
    }
}
