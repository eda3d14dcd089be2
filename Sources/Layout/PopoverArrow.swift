import Adaptive
import Presentation

/// A popover's arrow: a triangle on the popover's edge facing its source, its tip on the
/// source's edge, its base just inside the popover (so no seam shows), kept clear of the
/// popover's rounded corners.
public struct PopoverArrow: Sendable, Hashable {
    /// Base start, tip, base end.
    public var points: [Point]

    /// Half the base's width, and the popover's corner radius the base keeps clear of.
    public static let halfBase = 13.0
    /// The popover's corner radius (before iOS 26).
    public static let cornerRadius = 13.0

    /// The corner radius of the popover `layout` shows: `cornerRadius`, or on Liquid Glass
    /// `PresentationChrome.glassPopoverCornerRadius`.
    public static func cornerRadius(_ layout: PresentationLayout) -> Double {
        layout.material == .glass ? PresentationChrome.glassPopoverCornerRadius : cornerRadius
    }

    /// Nil for anything but a popover with an arrow.
    public init?(_ layout: PresentationLayout) {
        guard layout.style == .popover, let source = layout.source else { return nil }
        let frame = layout.frame, depth = PresentationRules.arrowDepth, half = Self.halfBase, corner = Self.cornerRadius(layout)
        func along(_ value: Double, _ low: Double, _ high: Double) -> Double { min(max(value, low + half + corner), high - half - corner) }
        switch layout.arrowDirection {
        case .up:
            let x = along(source.midX, frame.x, frame.maxX)
            points = [Point(x: x - half, y: frame.y + 1), Point(x: x, y: frame.y - depth), Point(x: x + half, y: frame.y + 1)]
        case .down:
            let x = along(source.midX, frame.x, frame.maxX)
            points = [Point(x: x - half, y: frame.maxY - 1), Point(x: x, y: frame.maxY + depth), Point(x: x + half, y: frame.maxY - 1)]
        case .left:
            let y = along(source.midY, frame.y, frame.maxY)
            points = [Point(x: frame.x + 1, y: y - half), Point(x: frame.x - depth, y: y), Point(x: frame.x + 1, y: y + half)]
        case .right:
            let y = along(source.midY, frame.y, frame.maxY)
            points = [Point(x: frame.maxX - 1, y: y - half), Point(x: frame.maxX + depth, y: y), Point(x: frame.maxX - 1, y: y + half)]
        case .none:
            return nil
        }
    }
}
