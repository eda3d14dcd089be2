import TabStageModel

/// A popover's arrow, drawn as UIKit draws it: `PresentationRules.arrowDepth` (13 pt) tall,
/// its flanks leaving the popover's edge tangentially and curving in (concave) up to a rounded
/// tip whose outermost point lies on the source's edge, never inside it. The arrow is part of
/// the popover's outline (`outline(of:radius:arrow:)`), so body and arrow are one shape with no
/// seam. Its base keeps clear of the popover's rounded corners (on Liquid Glass by a short
/// straight stretch of edge as well, `glassCornerClearance`), unless that would leave its tip
/// beside the source (a button in the window's corner, the popover clamped inside the margin):
/// then it points at the source's centre, as far as the edge allows, and the corner beside it
/// rounds only in the room the base leaves (`tightCorner`; on Liquid Glass less the straight
/// stretch, which keeps up to half of that room).
public struct PopoverArrow: Sendable, Hashable {
    /// Base start, tip, base end: where the flanks leave the popover's edge (in the order the
    /// outline passes them, clockwise) and the tip's outermost point.
    public var points: [Point]
    /// The arrow's direction (never `.none`).
    public var direction: ArrowDirection
    /// The corner the arrow's base runs into, and the radius left to it there; nil when the
    /// base keeps clear of every corner.
    public var tightCorner: TightCorner?
    /// The straight stretch of edge between the arrow's base and the nearer corner's arc, in
    /// points: on Liquid Glass at least `glassCornerClearance`, or half the room left beside a
    /// tightened corner when that is less; before iOS 26 whatever the source leaves (0 when the
    /// base meets the corner or the corner tightens).
    public var straightToCorner: Double

    /// A corner of the popover's frame, clockwise from the top-left one (the outline's order).
    public enum Corner: Sendable, Hashable {
        case topLeft, topRight, bottomRight, bottomLeft
    }

    /// A corner rounded less than the others, so the arrow beside it reaches its source.
    public struct TightCorner: Sendable, Hashable {
        /// Which corner.
        public var corner: Corner
        /// Its radius: the room between the arrow's base and the edge's end.
        public var radius: Double
    }

    /// Half the base's width, and the popover's corner radius the base keeps clear of.
    public static let halfBase = 13.0
    /// The popover's corner radius (before iOS 26).
    public static let cornerRadius = 13.0
    /// (assumed: a designer's review beside iOS 26 found a short straight edge between the
    /// arrow's base and the corner's curve, which no published figure gives) Liquid Glass: the
    /// straight stretch the arrow's base keeps from a corner's arc, in points (beside a
    /// tightened corner, half the room left when that is less).
    public static let glassCornerClearance = 6.0
    /// (assumed: drawn to match the shape UIKit shows) The flank's shape, in points of a local
    /// frame where `u` runs along the edge from the tip's foot and `v` outward from the edge:
    /// the first control point lies on the edge this fraction of `halfBase` in from the base
    /// point, so the flank leaves the body tangentially.
    static let flankEase = 0.55
    /// (assumed, as `flankEase`) The second control point and the end of the flank, near the
    /// tip: (u, depth − v) offsets.
    static let flankControl = (u: 1.9, v: 2.2), flankEnd = (u: 1.1, v: 0.55)

    /// The corner radius of the popover `layout` shows: `cornerRadius`, or on Liquid Glass
    /// `PresentationChrome.glassPopoverCornerRadius`.
    public static func cornerRadius(_ layout: PresentationLayout) -> Double {
        layout.material == .glass ? PresentationChrome.glassPopoverCornerRadius : cornerRadius
    }

    /// Nil for anything but a popover with an arrow.
    public init?(_ layout: PresentationLayout) {
        guard layout.style == .popover, let source = layout.source else { return nil }
        let frame = layout.frame, half = Self.halfBase, corner = Self.cornerRadius(layout)
        let direction = layout.arrowDirection
        // Along the edge the arrow leaves: the source's centre and span, the edge's ends, and
        // the corners at the low and high ends of that edge.
        let centre: Double, span: ClosedRange<Double>, low: Double, high: Double, ends: (low: Corner, high: Corner)
        switch direction {
        case .up: (centre, span, low, high, ends) = (source.midX, source.x...source.maxX, frame.x, frame.maxX, (.topLeft, .topRight))
        case .down:
            (centre, span, low, high, ends) = (source.midX, source.x...source.maxX, frame.x, frame.maxX, (.bottomLeft, .bottomRight))
        case .left: (centre, span, low, high, ends) = (source.midY, source.y...source.maxY, frame.y, frame.maxY, (.topLeft, .bottomLeft))
        case .right:
            (centre, span, low, high, ends) = (source.midY, source.y...source.maxY, frame.y, frame.maxY, (.topRight, .bottomRight))
        case .none: return nil
        }
        // Liquid Glass keeps a straight stretch between the base and the corner's arc.
        let keep = layout.material == .glass ? Self.glassCornerClearance : 0
        let lowest = low + half + corner, highest = high - half - corner
        let clearance = min(keep, max(0, (highest - lowest) / 2))
        var foot = min(max(centre, lowest + clearance), highest - clearance)
        tightCorner = nil
        straightToCorner = max(0, min(foot - lowest, highest - foot))
        if !span.contains(foot), high - low >= 2 * half {
            // Clear of the corners the tip would miss the source: it points at the source's
            // centre as far as the base stays on the edge, and the corner gives way. On Liquid
            // Glass the straight stretch stays, tightened to half the room left when that is
            // less than `glassCornerClearance`, and the corner rounds in the rest.
            foot = min(max(centre, low + half), high - half)
            let room = max(0, foot < low + half + corner ? foot - half - low : high - half - foot)
            straightToCorner = min(keep, room / 2)
            tightCorner = TightCorner(corner: foot < (low + high) / 2 ? ends.low : ends.high, radius: room - straightToCorner)
        }
        self.direction = direction
        points = [(-half, 0.0), (0, PresentationRules.arrowDepth), (half, 0)].map { Self.world($0.0, $0.1, foot, frame, direction) }
    }

    /// A point of the arrow's local frame (`u` along the clockwise outline from the tip's foot,
    /// `v` outward from the popover's edge) in window coordinates.
    private static func world(_ u: Double, _ v: Double, _ foot: Double, _ frame: Rect, _ direction: ArrowDirection) -> Point {
        switch direction {
        case .up: Point(x: foot + u, y: frame.y - v)
        case .right: Point(x: frame.maxX + v, y: foot + u)
        case .down: Point(x: foot - u, y: frame.maxY + v)
        case .left, .none: Point(x: frame.x - v, y: foot - u)
        }
    }

    /// The arrow as path commands along the popover's edge, from the base start (where the
    /// outline already is) to the base end: a cubic flank, a quadratic tip whose outermost
    /// point is `points[1]`, and the mirrored flank.
    public var pathCommands: String {
        let depth = PresentationRules.arrowDepth, half = Self.halfBase
        let c = Self.flankControl, e = Self.flankEnd
        let foot: Double, frame: Rect
        // Recover the foot and the edge from the tip: the local frame's origin.
        switch direction {
        case .up: (foot, frame) = (points[1].x, Rect(x: 0, y: points[1].y + depth, width: 0, height: 0))
        case .right: (foot, frame) = (points[1].y, Rect(x: points[1].x - depth, y: 0, width: 0, height: 0))
        case .down: (foot, frame) = (points[1].x, Rect(x: 0, y: 0, width: 0, height: points[1].y - depth))
        case .left, .none: (foot, frame) = (points[1].y, Rect(x: points[1].x + depth, y: 0, width: 0, height: 0))
        }
        func p(_ u: Double, _ v: Double) -> String {
            let point = Self.world(u, v, foot, frame, direction)
            return "\(format(point.x)) \(format(point.y))"
        }
        let ease = half * (1 - Self.flankEase)
        return "L\(p(-half, 0))C\(p(-ease, 0)) \(p(-c.u, depth - c.v)) \(p(-e.u, depth - e.v))"
            + "Q\(p(0, depth + e.v)) \(p(e.u, depth - e.v))"
            + "C\(p(c.u, depth - c.v)) \(p(ease, 0)) \(p(half, 0))"
    }

    /// The popover's outline as SVG path data, clockwise from its top-left corner: a rounded
    /// rectangle (`radius` at every corner, at most half the shorter side, less at the arrow's
    /// `tightCorner`) with `arrow`, if any, drawn into the edge it leaves from.
    public static func outline(of frame: Rect, radius: Double, arrow: PopoverArrow?) -> String {
        let full = min(radius, frame.width / 2, frame.height / 2)
        func r(_ corner: Corner) -> Double {
            guard let tight = arrow?.tightCorner, tight.corner == corner else { return full }
            return min(full, tight.radius)
        }
        let (tl, tr, br, bl) = (r(.topLeft), r(.topRight), r(.bottomRight), r(.bottomLeft))
        func cmds(_ direction: ArrowDirection) -> String { arrow?.direction == direction ? arrow!.pathCommands : "" }
        func a(_ r: Double) -> String { r > 0 ? "A\(format(r)) \(format(r)) 0 0 1 " : "L" }
        let (x, y, maxX, maxY) = (format(frame.x), format(frame.y), format(frame.maxX), format(frame.maxY))
        return "M\(format(frame.x + tl)) \(y)" + cmds(.up) + "H\(format(frame.maxX - tr))" + a(tr) + "\(maxX) \(format(frame.y + tr))"
            + cmds(.right) + "V\(format(frame.maxY - br))" + a(br) + "\(format(frame.maxX - br)) \(maxY)"
            + cmds(.down) + "H\(format(frame.x + bl))" + a(bl) + "\(x) \(format(frame.maxY - bl))"
            + cmds(.left) + "V\(format(frame.y + tl))" + a(tl) + "\(format(frame.x + tl)) \(y)Z"
    }
}

/// A coordinate in path data: at most two decimals (as the painter writes numbers).
private func format(_ value: Double) -> String { decimalText(value, decimals: 2) }
