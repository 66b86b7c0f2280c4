import Foundation
import Testing
@testable import Segue
@testable import SegueCompiler

/// Where a curve carries a value furthest beyond its keyframes (`Easing.overshootFractions`), the
/// instants at which `KeyframeStates` measures how far a layer reaches besides its keyframe times.
struct OvershootTests {
    /// Curves that stay within 0...1 have no overshoot to look at.
    @Test func curvesWithinTheirEndsHaveNone() {
        #expect(Easing.linear.overshootFractions.isEmpty)
        #expect(Easing.bezier(.easeInEaseOut).overshootFractions.isEmpty)
        let critical = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0, duration: 1)
        #expect(critical.dampingRatio == 1)
        #expect(Easing.spring(critical).overshootFractions.isEmpty)
    }

    /// An undamped spring goes twice as far as its target half a period in, when ω₀t = π.
    @Test func anUndampedSpringPeaksHalfAPeriodIn() throws {
        let spring = SpringCurve(mass: 1, stiffness: 1000, damping: 0, initialVelocity: 0, duration: 0.125)
        let fractions = Easing.spring(spring).overshootFractions
        let peak = try #require(fractions.first)
        #expect(fractions.count == 1)
        #expect(abs(peak - .pi / spring.angularFrequency / 0.125) < 1e-6, "\(peak)")
        #expect(abs(spring.progress(at: peak) - 2) < 1e-9)
    }

    /// A curve that pulls back first and then overshoots has both extremes, each where its
    /// progress is furthest out (checked against a fine scan).
    @Test func aCurveLeavingBothEndsHasBothExtremes() throws {
        let curve = TimingCurve(controlPoints: 0.4, -0.8, 0.6, 1.8)
        let fractions = Easing.bezier(curve).overshootFractions
        try #require(fractions.count == 2)
        let scan = (0...100_000).map { Double($0) / 100_000 }
        let highest = scan.map(curve.progress).max() ?? 0, lowest = scan.map(curve.progress).min() ?? 0
        #expect(abs(curve.progress(at: fractions[0]) - highest) < 1e-9 && highest > 1)
        #expect(abs(curve.progress(at: fractions[1]) - lowest) < 1e-9 && lowest < 0)
    }

    /// A fast spring swinging many times is looked at closely enough to find its first, highest
    /// swing, not a lower one.
    @Test func aFastSpringsHighestSwingIsFound() throws {
        let spring = SpringCurve(mass: 1, stiffness: 1e6, damping: 20, initialVelocity: 0, duration: 1)
        let peak = try #require(Easing.spring(spring).overshootFractions.first)
        let halfPeriod = .pi / (spring.angularFrequency * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot())
        #expect(abs(peak - halfPeriod) < 1e-6, "\(peak) against \(halfPeriod)")
    }

    /// A track gives the times of its overshooting segments' extremes, in seconds.
    @Test func aTrackGivesItsOvershootsInSeconds() {
        let spring = SpringCurve(mass: 1, stiffness: 1000, damping: 0, initialVelocity: 0, duration: 0.125)
        let track = Animated(keyframes: [
            Keyframe(time: 0, value: 0.0), Keyframe(time: 0.125, value: 0.0),
            Keyframe(time: 0.25, value: 10.0, curve: .spring(spring)),
            Keyframe(time: 0.5, value: 20.0, curve: .bezier(.easeInEaseOut))
        ])
        let times = track.overshootTimes
        #expect(times.count == 1)
        #expect(abs((times.first ?? 0) - (0.125 + .pi / spring.angularFrequency)) < 1e-7, "\(times)")
    }
}
