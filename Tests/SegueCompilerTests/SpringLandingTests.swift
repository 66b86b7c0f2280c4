import Segue
@testable import SegueCompiler
import Testing

/// A spring is cut at its segment's end, a few thousandths of the way short of its target for
/// UIKit's springs (more for a loose one), and the model jumps there. Sampled into straight
/// pieces within a tolerance finer than that jump, the pieces land where the spring is cut and
/// jump with it, rather than halving toward the end (16 keyframes crowded before the cut).
struct SpringLandingTests {
    /// A loose UIKit spring, cut over 0.001 of the way short of its target.
    static let loose = Easing.spring(SpringCurve(uiKitDuration: 1, dampingRatio: 0.3, initialVelocity: 0))
    /// A critically damped Core Animation spring given time to settle: cut 4·10⁻⁸ short.
    static let settled = Easing.spring(SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0, duration: 2))

    static func move(_ curve: Easing) -> Animated<Double> {
        Animated(keyframes: [Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 100, curve: curve)])
    }

    /// The farthest the sampled track lies from the model at 20,001 instants.
    static func worstStray(_ sampled: Animated<Double>, _ model: Animated<Double>) -> Double {
        (0...20_000).map { Double($0) / 20_000 }.map { abs(sampled.value(at: $0) - model.value(at: $0)) }.max() ?? 0
    }

    @Test func theLooseSpringIsCutFurtherOffThanTheTolerance() {
        #expect(1 - EasingSampler.cut(of: Self.loose) > 0.001)
        #expect(EasingSampler.lands(Self.loose, tolerance: 0.0005))
        #expect(!EasingSampler.lands(Self.settled, tolerance: 0.0005))
    }

    @Test func aSpringCutShortLandsWhereItIsCutAndJumps() {
        let model = Self.move(Self.loose)
        let sampled = model.withSpringsSampled(tolerance: 0.0005)
        let frames = sampled.keyframes
        // The last piece ends at the cut, at the segment's end, and the value jumps from there.
        #expect(frames.suffix(2).map(\.time) == [1, 1])
        #expect(abs(frames[frames.count - 2].value - 100 * EasingSampler.cut(of: Self.loose)) < 1e-9)
        #expect(frames.last?.value == 100)
        // No keyframes crowded before the cut: the spring has settled there.
        #expect(frames.filter { $0.time > 0.9 && $0.time < 1 }.count <= 2, "\(frames.map(\.time))")
        let stray = Self.worstStray(sampled, model)
        #expect(stray <= 0.05, "strayed \(stray) of 100")
    }

    @Test func aSpringCutWithinTheToleranceEndsOnItsTarget() {
        let model = Self.move(Self.settled)
        let sampled = model.withSpringsSampled(tolerance: 0.0005)
        #expect(sampled.keyframes.filter { $0.time == 1 }.map(\.value) == [100])
        #expect(Self.worstStray(sampled, model) <= 0.05)
    }

    @Test func aCSSEasingLandsWithTwoStopsAtTheEnd() {
        let easing = CSSFormat.easing(Self.loose, tolerance: 0.0005)
        let stops = easing.dropFirst("linear(".count).dropLast().split(separator: ",")
        #expect(stops.suffix(2).map { $0.split(separator: " ").last.map(String.init) } == ["100%", "100%"])
        #expect(stops.last == "1 100%")
        let cut = EasingSampler.cut(of: Self.loose)
        #expect(stops[stops.count - 2] == "\(SVGFormat.number(cut, decimals: 4)) 100%")
        // Stops after 90 %: the spring has settled, so only the landing.
        let late = stops.filter { Double($0.split(separator: " ")[1].dropLast())! > 90 }
        #expect(late.count <= 3, "\(easing)")
    }
}
