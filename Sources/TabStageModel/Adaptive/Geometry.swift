/// Points, in UIKit's coordinate system: y grows downward.
public struct Size: Sendable, Hashable {
    /// Horizontal extent in points.
    public var width: Double
    /// Vertical extent in points.
    public var height: Double
    /// A size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// The same size turned a quarter: portrait <-> landscape.
    public var transposed: Size { Size(width: height, height: width) }
}

/// A position in points, in whatever coordinates its owner names.
public struct Point: Sendable, Hashable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downwards.
    public var y: Double
    /// A point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned box in points; its owner names the coordinates.
public struct Rect: Sendable, Hashable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// Extent to the right of `x`.
    public var width: Double
    /// Extent below `y`.
    public var height: Double
    /// A box from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// A box at the origin with `size`.
    public init(size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }
    /// The box's width and height.
    public var size: Size { Size(width: width, height: height) }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }
    /// Whether the two share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// Safe-area style insets: top, left, bottom, right.
public struct EdgeInsets: Sendable, Hashable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the left edge.
    public var left: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the right edge.
    public var right: Double
    /// Insets in points; unspecified edges are 0.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No insets on any edge.
    public static let zero = EdgeInsets()
}
