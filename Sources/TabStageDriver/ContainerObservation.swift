/// A container a scenario can drive: a real one (a UIKit view controller, a SwiftUI view, each
/// through a thin adapter) or one in memory. It starts as the scenario's device, orientation and
/// `container` describe; the driver then calls `perform(_:)` once per step, in order.
@MainActor
public protocol DrivableContainer: AnyObject {
    /// Does what one step asks and returns when the container shows the result: after an
    /// animated scroll, a `release` or a presentation, once it has come to rest.
    /// - Throws: Anything; the driver stops there and reports it at the step.
    func perform(_ action: DrivenAction) async throws
}

/// A container whose numbers the recorder can read: the same properties a UI test would read
/// from UIKit, all optional (a container reports what it can; what it leaves nil is not
/// compared).
@MainActor
public protocol ObservableContainer: AnyObject {
    /// What the container shows now. Called after each recorded step.
    func observe() async -> ContainerObservation
}

/// A container the recorder can both drive and read.
public typealias RecordableContainer = DrivableContainer & ObservableContainer

/// One tab's scroll view, as UIScrollView reports it. Each value goes to the observed trace's
/// `container.tabs[i]`; nil is not observed.
public struct ScrollViewObservation: Sendable, Hashable {
    /// `contentOffset.y` → `contentOffsetY`.
    public var contentOffsetY: Double?
    /// `adjustedContentInset.top` (the inset the scroll view uses, whatever set it) → `contentInsetTop`.
    public var contentInsetTop: Double?
    /// `adjustedContentInset.bottom` → `contentInsetBottom`.
    public var contentInsetBottom: Double?
    /// `contentSize.height` → `contentHeight`.
    public var contentHeight: Double?

    /// A tab's numbers; leave out what the container cannot read.
    public init(
        contentOffsetY: Double? = nil, contentInsetTop: Double? = nil, contentInsetBottom: Double? = nil, contentHeight: Double? = nil
    ) {
        self.contentOffsetY = contentOffsetY
        self.contentInsetTop = contentInsetTop
        self.contentInsetBottom = contentInsetBottom
        self.contentHeight = contentHeight
    }
}

/// What is presented, as the presented view controller reports it; nil values are not observed.
public struct PresentedObservation: Sendable, Hashable {
    /// The style the presentation adapted to: `presentationController.adaptivePresentationStyle`
    /// → `presentation.style`.
    public var style: DrivenPresentationStyle?
    /// The presented view's frame in window coordinates (a sheet's visible part, a popover's
    /// content without its arrow) → `presentation.frame`.
    public var frame: DrivenRect?
    /// The sheet's resting detent → `presentation.detent`.
    public var detent: DetentObservation?

    /// A presentation; leave out what the container cannot read.
    public init(style: DrivenPresentationStyle? = nil, frame: DrivenRect? = nil, detent: DetentObservation? = nil) {
        self.style = style
        self.frame = frame
        self.detent = detent
    }
}

/// A sheet's detent as read: resting at one, or none (not a sheet, or a sheet without detents).
public enum DetentObservation: Sendable, Hashable {
    /// Not a sheet with detents (`presentation.detent` is `null`).
    case none
    /// `sheetPresentationController.selectedDetentIdentifier`.
    case resting(DrivenDetent)
}

/// Whether something is presented.
public enum PresentationObservation: Sendable, Hashable {
    /// Nothing is presented (`presentation` is `null`).
    case nothingPresented
    /// A view controller is presented.
    case presented(PresentedObservation)
}

/// The numbers a container reports after a step: each maps to one field of the trace's
/// `state`; nil (or an empty `tabs`) is not observed, and partial observation is normal.
/// Coordinates are in points; frames in the container view's coordinates unless said otherwise.
public struct ContainerObservation: Sendable, Hashable {
    /// The window's bounds size → `window.width`, `window.height`.
    public var window: DrivenSize?
    /// The window's `safeAreaInsets` → `safeArea`.
    public var safeArea: DrivenInsets?
    /// `traitCollection.horizontalSizeClass` → `traits.horizontalSizeClass`.
    public var horizontalSizeClass: DrivenSizeClass?
    /// `traitCollection.verticalSizeClass` → `traits.verticalSizeClass`.
    public var verticalSizeClass: DrivenSizeClass?
    /// `traitCollection.displayScale` → `traits.displayScale`.
    public var displayScale: Double?
    /// The header view's frame → `container.headerHeight` (its height).
    public var headerFrame: DrivenRect?
    /// The tab bar's frame → `container.tabBarTop` (its top edge) and `container.tabBarHeight`.
    public var tabBarFrame: DrivenRect?
    /// The selected tab's index, from 0 → `container.selectedTab`.
    public var selectedTab: Int?
    /// Each tab's scroll view, in tab order (nil for one not observed) → `container.tabs`.
    public var tabs: [ScrollViewObservation?]
    /// What is presented → `presentation`.
    public var presentation: PresentationObservation?

    /// An observation; leave out what the container cannot read.
    public init(
        window: DrivenSize? = nil, safeArea: DrivenInsets? = nil, horizontalSizeClass: DrivenSizeClass? = nil,
        verticalSizeClass: DrivenSizeClass? = nil,
        displayScale: Double? = nil, headerFrame: DrivenRect? = nil, tabBarFrame: DrivenRect? = nil, selectedTab: Int? = nil,
        tabs: [ScrollViewObservation?] = [], presentation: PresentationObservation? = nil
    ) {
        self.window = window
        self.safeArea = safeArea
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.headerFrame = headerFrame
        self.tabBarFrame = tabBarFrame
        self.selectedTab = selectedTab
        self.tabs = tabs
        self.presentation = presentation
    }
}
