import Foundation

/// UIScrollView's rubber band: a finger `distance` beyond a bound shows as a smaller overshoot
/// that never reaches the viewport length: (1 − 1/(x·c/V + 1))·V with c = 0.55.
public enum RubberBand {
    /// UIScrollView's rubber-band coefficient c.
    public static let coefficient = 0.55

    /// How far content shows past a bound when pulled `distance` beyond it.
    public static func overshoot(forDistance distance: Double, viewport: Double) -> Double {
        guard distance > 0, viewport > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / viewport + 1)) * viewport
    }

    /// The inverse: how far past the bound the finger is for a shown overshoot.
    public static func distance(forOvershoot overshoot: Double, viewport: Double) -> Double {
        guard overshoot > 0, viewport > 0 else { return 0 }
        let fraction = min(overshoot / viewport, 1 - 1e-12)
        return overshoot / (coefficient * (1 - fraction))
    }
}

/// Deceleration after a fling: the velocity is multiplied by `rate` every millisecond.
public struct Deceleration: Sendable, Hashable {
    /// The offset the fling starts at.
    public var start: Double
    /// Points per second, positive when the offset grows.
    public var velocity: Double
    /// The velocity factor per millisecond (0.998 normal, 0.99 fast).
    public var rate: Double

    /// A fling from `start` at `velocity` with `rate`.
    public init(start: Double, velocity: Double, rate: Double) {
        self.start = start
        self.velocity = velocity
        self.rate = rate
    }

    /// 1000·ln d: the exponent per second (negative).
    private var k: Double { 1000 * log(rate) }

    /// The offset `t` seconds after the release.
    public func position(at t: Double) -> Double { start + velocity * (exp(k * t) - 1) / k }
    /// The velocity `t` seconds after the release.
    public func velocity(at t: Double) -> Double { velocity * exp(k * t) }

    /// Where it would come to rest: y0 − v / (1000·ln d).
    public var rest: Double { start - velocity / k }

    /// When |v(t)| falls below 0.5 pt/s, the point at which UIKit stops animating.
    public var stopTime: Double {
        abs(velocity) <= 0.5 ? 0 : log(0.5 / abs(velocity)) / k
    }

    /// The initial velocity that comes to rest exactly at `target`.
    public static func velocity(from start: Double, restingAt target: Double, rate: Double) -> Double {
        -(target - start) * 1000 * log(rate)
    }

    /// The first time the offset reaches `bound`, if it does before stopping.
    public func time(reaching bound: Double) -> Double? {
        guard velocity != 0 else { return nil }
        let argument = 1 + (bound - start) * k / velocity
        guard argument > 0, argument <= 1 else { return nil }
        let t = log(argument) / k
        return t <= stopTime ? t : nil
    }
}

/// The bounce back onto a bound: a critically damped spring (stiffness 100, mass 1) whose
/// displacement is shown through the rubber band, so it never leaves the envelope.
public struct Bounce: Sendable, Hashable {
    /// The spring's stiffness.
    public static let stiffness = 100.0
    /// The spring's mass.
    public static let mass = 1.0
    static var omega: Double { (stiffness / mass).squareRoot() }

    /// The bound it settles on.
    public var bound: Double
    /// +1 when beyond the maximum offset, −1 when beyond the minimum.
    public var outward: Double
    /// Finger-space distance past the bound at t = 0 (positive outward).
    public var distance: Double
    /// Finger-space velocity at t = 0 (positive outward).
    public var velocity: Double
    /// The viewport length the rubber band scales by.
    public var viewport: Double
    /// Settled when the shown overshoot is below half a device pixel.
    public var tolerance: Double

    func distance(at t: Double) -> Double {
        (distance + (velocity + Self.omega * distance) * t) * exp(-Self.omega * t)
    }

    func velocity(at t: Double) -> Double {
        let b = velocity + Self.omega * distance
        return (b - Self.omega * (distance + b * t)) * exp(-Self.omega * t)
    }

    /// The offset `t` seconds into the bounce.
    public func offset(at t: Double) -> Double {
        let x = distance(at: t)
        let shown = x > 0 ? RubberBand.overshoot(forDistance: x, viewport: viewport) : x
        return bound + outward * shown
    }

    /// Close enough to the bound and no longer moving away from it.
    public func isSettled(at t: Double) -> Bool {
        abs(offset(at: t) - bound) < tolerance && distance(at: t) * velocity(at: t) <= 0
    }
}
