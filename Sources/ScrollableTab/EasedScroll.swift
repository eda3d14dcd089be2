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

    public var from: Double
    public var to: Double

    public init(from: Double, to: Double) {
        self.from = from
        self.to = to
    }

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

    /// The ease-in-out timing function: the cubic Bézier through (0,0), (0.42,0), (0.58,1),
    /// (1,1), read as progress for a time fraction `x` in 0…1.
    public static func easeInOut(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        let (x1, y1, x2, y2) = (0.42, 0.0, 0.58, 1.0)
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        // x(t) is increasing on 0…1: bisection finds t to double precision in 60 halvings.
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, y1, y2)
    }
}
