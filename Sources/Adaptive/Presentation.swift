/// UIModalPresentationStyle, as scenario files spell it.
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case popover, formSheet, pageSheet, fullScreen, overFullScreen

    /// Styles UIKit asks the delegate to adapt in compact width; full-screen styles never adapt.
    public var adapts: Bool { self == .popover || self == .formSheet || self == .pageSheet }
    /// Whether the presenter leaves the screen (and so receives its disappearance callbacks).
    public var hidesPresenter: Bool { self == .fullScreen }
}

/// The delegate's answer to adaptivePresentationStyle(for:traitCollection:).
public enum PresentationAdaptation: String, Sendable, Hashable, CaseIterable {
    case automatic, none, fullScreen, overFullScreen, formSheet
}

public enum ArrowDirection: String, Sendable, Hashable {
    case up, down, left, right, none
}

/// What a `present` step asks for.
public struct PresentationRequest: Sendable, Hashable {
    public var style: PresentationStyle
    public var adaptation: PresentationAdaptation
    /// Popovers: the rect they point at, in window coordinates.
    public var source: Rect?
    /// Preferred content size; nil means the style's default.
    public var size: Size?

    public init(style: PresentationStyle, adaptation: PresentationAdaptation = .automatic, source: Rect? = nil, size: Size? = nil) {
        self.style = style
        self.adaptation = adaptation
        self.source = source
        self.size = size
    }
}

/// Where and how a presentation shows in a given window.
public struct PresentationLayout: Sendable, Hashable {
    public var requestedStyle: PresentationStyle
    public var style: PresentationStyle
    /// In window coordinates; a popover's frame excludes its arrow.
    public var frame: Rect
    public var arrowDirection: ArrowDirection
    /// The popover's source after the window changed (nil for other styles).
    public var source: Rect?
}

public enum PresentationRules {
    /// Popovers keep this far from the window edges, inside the safe area.
    public static let popoverMargin: Double = 10
    public static let arrowDepth: Double = 13
    public static let defaultPopoverSize = Size(width: 320, height: 480)
    public static let defaultFormSheetSize = Size(width: 540, height: 620)

    /// Apple's adaptivity rule (iOS 8–12): only compact width adapts, only popover and sheets.
    public static func resolvedStyle(_ request: PresentationRequest, horizontalSizeClass: SizeClass) -> PresentationStyle {
        guard horizontalSizeClass == .compact, request.style.adapts else { return request.style }
        switch request.adaptation {
        case .automatic, .fullScreen: return .fullScreen
        case .none: return request.style
        case .overFullScreen: return .overFullScreen
        case .formSheet: return .formSheet
        }
    }

    public static func layout(_ request: PresentationRequest, in window: Size, safeArea: EdgeInsets,
                              horizontalSizeClass: SizeClass, portraitScreenWidth: Double) -> PresentationLayout {
        let style = resolvedStyle(request, horizontalSizeClass: horizontalSizeClass)
        let whole = Rect(size: window)
        switch style {
        case .fullScreen, .overFullScreen:
            return PresentationLayout(requestedStyle: request.style, style: style, frame: whole, arrowDirection: .none, source: nil)
        case .formSheet:
            let size = request.size ?? defaultFormSheetSize
            return PresentationLayout(requestedStyle: request.style, style: style, frame: centred(size, in: whole), arrowDirection: .none, source: nil)
        case .pageSheet:
            // (assumed) iOS 12's page sheet: the window's height and the portrait screen's width.
            let size = Size(width: min(window.width, portraitScreenWidth), height: window.height)
            return PresentationLayout(requestedStyle: request.style, style: style, frame: centred(size, in: whole), arrowDirection: .none, source: nil)
        case .popover:
            let source = request.source ?? Rect(x: window.width / 2, y: window.height / 2, width: 0, height: 0)
            let (frame, arrow) = popover(size: request.size ?? defaultPopoverSize, source: source, window: window, safeArea: safeArea)
            return PresentationLayout(requestedStyle: request.style, style: style, frame: frame, arrowDirection: arrow, source: source)
        }
    }

    /// Centred in the window, never larger than it.
    static func centred(_ size: Size, in area: Rect) -> Rect {
        let width = min(size.width, area.width), height = min(size.height, area.height)
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
    }

    /// Arrow up (below the source) if it fits, else down (above it), else towards the side with
    /// more room; centred on the source along the cross axis, then clamped inside the margins.
    static func popover(size: Size, source: Rect, window: Size, safeArea: EdgeInsets) -> (Rect, ArrowDirection) {
        let area = Rect(
            x: safeArea.left + popoverMargin, y: safeArea.top + popoverMargin,
            width: max(0, window.width - safeArea.left - safeArea.right - 2 * popoverMargin),
            height: max(0, window.height - safeArea.top - safeArea.bottom - 2 * popoverMargin))
        let width = min(size.width, area.width), height = min(size.height, area.height)
        func clampX(_ x: Double, _ w: Double) -> Double { min(max(x, area.x), area.maxX - w) }
        func clampY(_ y: Double, _ h: Double) -> Double { min(max(y, area.y), area.maxY - h) }

        let below = source.maxY + arrowDepth
        if below + height <= area.maxY {
            return (Rect(x: clampX(source.midX - width / 2, width), y: below, width: width, height: height), .up)
        }
        let above = source.y - arrowDepth - height
        if above >= area.y {
            return (Rect(x: clampX(source.midX - width / 2, width), y: above, width: width, height: height), .down)
        }
        let roomLeft = source.x - arrowDepth - area.x
        let roomRight = area.maxX - source.maxX - arrowDepth
        let y = clampY(source.midY - height / 2, height)
        if roomRight >= roomLeft {
            let w = max(0, min(width, roomRight))
            return (Rect(x: source.maxX + arrowDepth, y: y, width: w, height: height), .left)
        }
        let w = max(0, min(width, roomLeft))
        return (Rect(x: source.x - arrowDepth - w, y: y, width: w, height: height), .right)
    }

    /// Where a popover's source sits after the window changes size: like a bar button, it keeps
    /// its distance to the nearer side edge and to the top, clamped inside the window.
    public static func movedSource(_ source: Rect, from old: Size, to new: Size) -> Rect {
        let fromRight = old.width - source.maxX
        var x = source.x <= fromRight ? source.x : new.width - fromRight - source.width
        x = min(max(x, 0), max(0, new.width - source.width))
        let y = min(max(source.y, 0), max(0, new.height - source.height))
        return Rect(x: x, y: y, width: source.width, height: source.height)
    }
}
