/// UIViewController callbacks, spelled as the trace writes them.
public enum LifecycleCallback: String, Sendable, Hashable, CaseIterable {
    case viewDidLoad
    case viewWillAppear
    case traitCollectionDidChange
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case viewDidAppear
    case viewWillDisappear
    case viewDidDisappear
    case willTransition = "willTransition(to:with:)"
    case viewWillTransition = "viewWillTransition(to:with:)"
}

/// UIKit's callback orders as the talk "iOS Adaptive UI" (2018) lists them.
public enum Lifecycle {
    /// The callbacks of a controller's first display, in order.
    public static let firstDisplay: [LifecycleCallback] = [
        .viewDidLoad, .viewWillAppear, .traitCollectionDidChange,
        .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewDidAppear,
    ]

    /// A controller coming on screen.
    public static let appearance: [LifecycleCallback] = [.viewWillAppear, .viewDidAppear]
    /// A controller leaving the screen.
    public static let disappearance: [LifecycleCallback] = [.viewWillDisappear, .viewDidDisappear]

    /// A size change: with new traits (iPhone rotation) or keeping them (iPad full-screen rotation).
    public static func sizeChange(traitsChanged: Bool) -> [LifecycleCallback] {
        traitsChanged
            ? [.willTransition, .viewWillTransition, .traitCollectionDidChange, .viewWillLayoutSubviews, .viewDidLayoutSubviews]
            : [.viewWillTransition, .viewWillLayoutSubviews, .viewDidLayoutSubviews]
    }
}
