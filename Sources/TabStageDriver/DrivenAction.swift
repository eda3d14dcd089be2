/// What one scenario step asks a real container to do, in the terms of UIKit's own calls: the
/// scenario's step with its tab titles resolved to indexes, a named popover source resolved to
/// its rect, and a rotation or resize given the window the model is in after it.
public enum DrivenAction: Sendable, Hashable {
    /// `scroll: {to: Y}`: the selected tab's `setContentOffset(CGPoint(x: 0, y: Y), animated:)`.
    /// Animated, the container returns once the animation has ended.
    case scroll(to: Double, animated: Bool)
    /// `scroll: {by: D}`: the selected tab's offset moved by `D` points, as above.
    case scrollBy(Double, animated: Bool)
    /// `scrollToTop: {}`: the selected tab at its smallest offset, `-adjustedContentInset.top`.
    case scrollToTop(animated: Bool)
    /// `select: TAB`: the tab at this index (from 0) selected; animated, a tap on its button (on
    /// the selected tab, a scroll to its top).
    case select(tab: Int, animated: Bool)
    /// `swipe: {to, progress, finish}`: interactive paging towards a tab, held at `progress`
    /// of the way, then finished (selected) or cancelled when `finish` is true.
    case swipe(toTab: Int, progress: Double, finish: Bool)
    /// `drag: {dy: D}`: the finger moves so the selected tab's offset grows by `D` points.
    case drag(dy: Double)
    /// `release: {velocity: V}`: the finger lifts at `V` points per second (the sign of the
    /// drag's `dy`); the container returns once its scroll view has come to rest.
    case release(velocity: Double)
    /// `wait: {seconds: S}`: time passes; running animations go on.
    case wait(seconds: Double)
    /// `rotate: ORIENTATION`: the window turns; `window` is its size afterwards, as the model
    /// has it (a test sets its window's frame to it).
    case rotate(DrivenOrientation, window: DrivenSize)
    /// `resize: MODE` or `resize: {width, height}`: the app's window becomes `window`
    /// (`multitasking` is `.window` for a free iPadOS 26 window of that size).
    case resize(window: DrivenSize, multitasking: DrivenMultitasking)
    /// `setHeader: {height, minHeight}`: the header's expanded or collapsed height changes; nil
    /// keeps a value.
    case setHeader(height: Double?, minHeight: Double?)
    /// `present: {…}`: a view controller presented as `request` asks; a popover's `source` is
    /// a rect in window coordinates (for `source: more`, the control's frame when the step
    /// runs, named in `sourceControl`).
    case present(DrivenPresentation, sourceControl: String?)
    /// `detent: DETENT`: the presented sheet's `selectedDetentIdentifier` set.
    case selectDetent(DrivenDetent)
    /// `dismiss: {}`: what is presented is dismissed.
    case dismiss
}

/// What the recorder compares after a step: the model tells where a container comes to rest,
/// not every frame a real app draws on the way, and a few gestures have no counterpart a test
/// can perform exactly.
public enum StepComparison: Sendable, Hashable {
    /// Every observed number, read right after the step: scrolls, selections, rotations,
    /// resizes, presentations, header changes, waits and snapshots.
    case everyField
    /// Every observed number, read once the container has come to rest: `release` (a fling's
    /// velocity curve, its snap or bounce), an animated `scroll`, `scrollToTop` or `select`. The
    /// frames in between are not compared: the model's curve is UIScrollView's published
    /// deceleration, a real app's is the system's, and a test cannot lift a finger at an exact
    /// velocity.
    case restingState
    /// Nothing is read after the step; the reason says why. A `drag` the model rubber-bands
    /// past a bound (the system's resistance curve is not the model's, and a test moves the
    /// offset, not a finger) and a `swipe` held part-way (no number the recorder reads shows
    /// the pages between two tabs). The next step is compared again.
    case notRecorded(String)
}

/// One step of a scenario as the driver runs it: the call the container gets, and what is
/// compared after it.
public struct DrivenStep: Sendable, Hashable, Codable {
    /// The scenario step's index, from 0 (the observed trace's `index`).
    public var index: Int
    /// The step as written in the scenario, on one line (`select: Media`).
    public var text: String
    /// The step's keyword (`select`, `scroll`, `snapshot`, …).
    public var keyword: String
    /// Where the step is written: `file:line:column`.
    public var location: String
    /// The line the step is written on, from 1.
    public var line: Int
    /// What the container is asked to do; nil for a `snapshot` step, which changes nothing.
    public var action: DrivenAction?
    /// What is compared after it.
    public var comparison: StepComparison

    /// A step as a plan lists it.
    public init(
        index: Int, text: String, keyword: String, location: String, line: Int, action: DrivenAction?, comparison: StepComparison
    ) {
        self.index = index
        self.text = text
        self.keyword = keyword
        self.location = location
        self.line = line
        self.action = action
        self.comparison = comparison
    }

    /// Whether the container is read after the step (false for `StepComparison.notRecorded`).
    public var isRecorded: Bool {
        if case .notRecorded = comparison { return false }
        return true
    }
}
