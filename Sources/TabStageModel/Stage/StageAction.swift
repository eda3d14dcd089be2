/// Why a stage action cannot be applied in the current state. A value, not words: the
/// scenario layer says it in the file's terms, with the step's location.
public enum ActionProblem: Error, Sendable, Hashable {
    case container(ContainerProblem)
    /// `rotate` or `resize` to a window this device does not offer.
    case windowUnavailable(MultitaskingUnavailable)
    /// `present` while something is presented (in the style it adapted to).
    case alreadyPresented(PresentationStyle)
    /// `dismiss` or `detent` with nothing presented.
    case nothingPresented
    /// `detent` naming a detent the presented sheet does not offer.
    case detentUnavailable(SheetDetent, offered: [SheetDetent])
    /// `detent` naming the detent the sheet already rests at.
    case detentAlreadySelected(SheetDetent)
}

/// Everything a scenario step can do to the stage.
public enum StageAction: Sendable, Hashable {
    case container(ContainerAction)
    case rotate(Orientation)
    case resize(Multitasking)
    /// Resizes the app to an iPadOS 26 window of this size (`resize: {width, height}`).
    case resizeWindow(Size)
    case present(PresentationRequest)
    /// Rests the presented sheet at another of its detents (selectedDetentIdentifier).
    case selectDetent(SheetDetent)
    case dismiss
}

/// What an action caused, for the trace: offset and selection changes, lifecycle callbacks.
public enum StageEvent: Sendable, Hashable {
    case container(ContainerEvent)
    /// A callback of the container (the presenter).
    case lifecycle(LifecycleCallback)
    /// A callback of the presented view controller.
    case presentedLifecycle(LifecycleCallback)
}
