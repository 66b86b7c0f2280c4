import Foundation

/// A damped harmonic oscillator as a timing curve, evaluated in closed form: the displacement from
/// the target starts at 1 with velocity `-initialVelocity` and obeys `x'' + 2ζω₀x' + ω₀²x = 0`.
/// Progress is `1 - x`. The segment lasts `duration` seconds; the spring is cut there (as
/// `CASpringAnimation.duration` cuts it) and the value lands on its target.
public struct SpringCurve: Hashable, Codable, Sendable, CustomStringConvertible {
    /// ω₀ = sqrt(stiffness / mass), in radians per second.
    public var angularFrequency: Double
    /// ζ = damping / (2·sqrt(stiffness·mass)); below 1 the spring overshoots and oscillates.
    public var dampingRatio: Double
    /// In whole distances per second, as UIKit's `initialSpringVelocity`.
    public var initialVelocity: Double
    /// Seconds the segment lasts.
    public var duration: Double
    /// True when the curve is played backwards (a derived pop).
    public var isReversed: Bool

    /// `CASpringAnimation`'s parameters, cut after `duration` seconds.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, duration: Double) {
        angularFrequency = (stiffness / mass).squareRoot()
        dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        self.initialVelocity = initialVelocity
        self.duration = duration
        isReversed = false
    }

    /// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`: mass 1,
    /// and the stiffness chosen so the oscillation's envelope decays to 0.001 of the distance at the
    /// end of `duration` (the derivation Framer published for matching UIKit's springs);
    /// damping = 2ζ·sqrt(stiffness). ζ is clamped to (0, 1] as UIKit clamps it.
    public init(uiKitDuration duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let zeta = min(max(dampingRatio, 1e-6), 1)
        angularFrequency = Self.settlingFrequency(duration: duration, dampingRatio: zeta, velocity: initialVelocity)
        self.dampingRatio = zeta
        self.initialVelocity = initialVelocity
        self.duration = duration
        isReversed = false
    }

    /// Progress at a fraction of `duration`.
    public func progress(at fraction: Double) -> Double {
        if isReversed { return 1 - forward(1 - fraction) }
        return forward(fraction)
    }

    private func forward(_ fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        return 1 - displacement(at: fraction * duration)
    }

    /// The distance still to go, as a fraction of the whole, `t` seconds in.
    public func displacement(at t: Double) -> Double {
        let w0 = angularFrequency, z = dampingRatio, v = initialVelocity
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            return exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v) / wd * sin(wd * t))
        } else if z == 1 {
            return exp(-w0 * t) * (1 + (w0 - v) * t)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w0 * (z - root), r2 = -w0 * (z + root)
            let a = (-v - r2) / (r1 - r2)
            return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
        }
    }

    /// The curve played backwards.
    public var reversedInTime: SpringCurve {
        var r = self
        r.isReversed.toggle()
        return r
    }

    /// ω₀ such that the envelope `((ζω₀ − v)/ω_d)·e^(−ζω₀d)` (or, critically damped,
    /// `e^(−ω₀d)((ω₀ − v)d + 1)`) falls to 0.001 at `duration`.
    static func settlingFrequency(duration d: Double, dampingRatio z: Double, velocity v: Double) -> Double {
        let epsilon = 0.001
        func f(_ w0: Double) -> Double {
            if z < 1 {
                let wd = w0 * (1 - z * z).squareRoot()
                return epsilon - (z * w0 - v) / wd * exp(-z * w0 * d)
            }
            return exp(-w0 * d) * ((w0 - v) * d + 1) - epsilon
        }
        // f is positive for a stiff spring; come down from a stiff one to the first sign change.
        var high = 1000 / d
        var low = high
        while low > 1e-6 / d {
            low = high / 1.25
            if (f(low) < 0) != (f(high) < 0) { break }
            high = low
        }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if (f(mid) < 0) == (f(high) < 0) { high = mid } else { low = mid }
        }
        return (low + high) / 2
    }

    public var description: String {
        "spring(ω₀ \(angularFrequency), ζ \(dampingRatio), v \(initialVelocity), \(duration) s)"
    }
}
