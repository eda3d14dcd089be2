import TabStageModel

// The driver's plain values and the model's, one to one: the planner writes the model's values
// into a plan, and an in-memory container built on the model reads them back. The raw names are
// the same on both sides (`pageSheet`, `two-thirds`), so every conversion is total.

extension DrivenSize {
    /// The model's size.
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

extension Size {
    /// The driver's size.
    public init(_ size: DrivenSize) { self.init(width: size.width, height: size.height) }
}

extension DrivenRect {
    /// The model's rect.
    public init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension Rect {
    /// The driver's rect.
    public init(_ rect: DrivenRect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension DrivenInsets {
    /// The model's insets.
    public init(_ insets: EdgeInsets) { self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right) }
}

extension DrivenSizeClass {
    /// The model's size class.
    public init(_ sizeClass: SizeClass) { self = sizeClass == .compact ? .compact : .regular }
}

extension DrivenOrientation {
    /// The model's orientation.
    public init(_ orientation: Orientation) { self = orientation == .portrait ? .portrait : .landscape }
}

extension Orientation {
    /// The driver's orientation.
    public init(_ orientation: DrivenOrientation) { self = orientation == .portrait ? .portrait : .landscape }
}

extension DrivenMultitasking {
    /// The model's multitasking mode.
    public init(_ mode: Multitasking) { self = Self(rawValue: mode.rawValue)! }
}

extension Multitasking {
    /// The driver's multitasking mode.
    public init(_ mode: DrivenMultitasking) { self = Self(rawValue: mode.rawValue)! }
}

extension DrivenPresentationStyle {
    /// The model's presentation style.
    public init(_ style: PresentationStyle) { self = Self(rawValue: style.rawValue)! }
}

extension DrivenDetent {
    /// The model's detent.
    public init(_ detent: SheetDetent) { self = detent == .medium ? .medium : .large }
}

extension SheetDetent {
    /// The driver's detent.
    public init(_ detent: DrivenDetent) { self = detent == .medium ? .medium : .large }
}

extension DrivenPresentation {
    /// What a model request asks UIKit for (its presented content is the app's own, not a UIKit property).
    public init(_ request: PresentationRequest) {
        self.init(
            style: DrivenPresentationStyle(request.style), adaptation: DrivenAdaptation(rawValue: request.adaptation.rawValue)!,
            source: request.source.map(DrivenRect.init), size: request.size.map(DrivenSize.init),
            detents: request.sheet.detents.map(DrivenDetent.init), selectedDetent: request.sheet.selectedDetent.map(DrivenDetent.init),
            grabber: request.sheet.grabber, largestUndimmedDetent: request.sheet.largestUndimmedDetent.map(DrivenDetent.init),
            edgeAttachedInCompactHeight: request.sheet.edgeAttachedInCompactHeight,
            widthFollowsPreferredContentSize: request.sheet.widthFollowsPreferredContentSize,
            placement: DrivenPlacement(rawValue: request.placement.rawValue)!)
    }
}

extension PresentationRequest {
    /// The model's request for a driven presentation.
    public init(_ presentation: DrivenPresentation) {
        self.init(
            style: PresentationStyle(rawValue: presentation.style.rawValue)!,
            adaptation: PresentationAdaptation(rawValue: presentation.adaptation.rawValue)!, source: presentation.source.map(Rect.init),
            size: presentation.size.map(Size.init),
            sheet: SheetOptions(
                detents: presentation.detents.map(SheetDetent.init), selectedDetent: presentation.selectedDetent.map(SheetDetent.init),
                grabber: presentation.grabber, largestUndimmedDetent: presentation.largestUndimmedDetent.map(SheetDetent.init),
                edgeAttachedInCompactHeight: presentation.edgeAttachedInCompactHeight,
                widthFollowsPreferredContentSize: presentation.widthFollowsPreferredContentSize))
        placement = SheetPlacement(rawValue: presentation.placement.rawValue)!
    }
}
