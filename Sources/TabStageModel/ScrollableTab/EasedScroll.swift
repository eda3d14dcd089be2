import Foundation

/// An animated `setContentOffset`: UIKit publishes no curve for it, so tabstage assumes the
/// system's standard ease-in-out timing (cubic Bézier 0.42, 0, 0.58, 1) over
/// `EasedScroll.duration`. Both are assumptions, listed in the UIKit Facts article.
public struct EasedScroll: Sendable, Hashable {
    /// How long `setContentOffset(_:animated: true)` takes, in seconds (assumed).
    public static let duration = 0.3
    /// Elapsed time is a sum of 1/fps ticks; this much rounding error still counts as the end,
    /// so 0.3 s at 60 fps is exactly 18 frames.
    static let timeTolerance = 1e-9

    /// The offset it starts from.
    public var from: Double
    /// The offset it ends at.
    public var to: Double

    /// An eased scroll between two offsets.
    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }

    /// Whether `elapsed` seconds reach the end.
    public func isFinished(at elapsed: Double) -> Bool {
        elapsed >= Self.duration - Self.timeTolerance
    }

    /// The offset `elapsed` seconds in; exactly `to` once finished.
    public func offset(at elapsed: Double) -> Double {
        if isFinished(at: elapsed) { return to }
        if elapsed <= 0 { return from }
        return from + (to - from) * Self.easeInOut(elapsed / Self.duration)
    }

    /// The number of frames an animated scroll produces at `fps`: the ticks it takes to reach
    /// the duration.
    public static func frameCount(fps: Int) -> Int {
        Int((duration * Double(fps) - timeTolerance * Double(fps)).rounded(.up))
    }

    /// The rate the offset moves at `elapsed` seconds in, in points per second: 0 at both ends
    /// of the ease-in-out curve and once finished.
    public func velocity(at elapsed: Double) -> Double {
        guard !isFinished(at: elapsed), elapsed > 0 else { return 0 }
        let t = Self.curveParameter(forTimeFraction: elapsed / Self.duration)
        let dx = Self.bezierSlope(t, Self.controlX.0, Self.controlX.1)
        guard dx > 0 else { return 0 }
        return (to - from) * Self.bezierSlope(t, Self.controlY.0, Self.controlY.1) / dx / Self.duration
    }

    /// The ease-in-out timing function: the cubic Bézier through (0,0), (0.42,0), (0.58,1),
    /// (1,1), read as progress for a time fraction `x` in 0…1.
    public static func easeInOut(_ x: Double) -> Double {
        bezier(curveParameter(forTimeFraction: x), controlY.0, controlY.1)
    }

    static let controlX = (0.42, 0.58)
    static let controlY = (0.0, 1.0)

    static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }

    /// d/dt of `bezier`.
    static func bezierSlope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * p1 + 6 * (1 - t) * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve parameter whose x is the time fraction `x`: x(t) is increasing on 0…1, so
    /// bisection finds it to double precision in 60 halvings.
    static func curveParameter(forTimeFraction x: Double) -> Double {
        let x = min(max(x, 0), 1)
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(middle, controlX.0, controlX.1) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
