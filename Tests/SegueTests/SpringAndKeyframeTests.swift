import Foundation
import Testing
@testable import Segue

/// Springs (UIKit's and Core Animation's parameters) and `animateKeyframes`.
struct SpringAndKeyframeTests {
    @Test func physicalParametersGiveFrequencyAndDampingRatio() {
        let s = SpringCurve(mass: 2, stiffness: 200, damping: 10, initialVelocity: 0, duration: 1)
        #expect(abs(s.angularFrequency - 10) < 1e-12)              // sqrt(200 / 2)
        #expect(abs(s.dampingRatio - 10 / (2 * 20)) < 1e-12)       // 10 / (2·sqrt(400))
    }

    @Test(arguments: [(0.7, 0.7, 1.0), (0.3, 0.0, 0.5), (1.0, 0.0, 0.8), (1.0, 2.0, 1.0)])
    func closedFormSolvesTheOscillator(ratio: Double, velocity: Double, duration: Double) {
        let s = SpringCurve(uiKitDuration: duration, dampingRatio: ratio, initialVelocity: velocity)
        // x'' + 2ζω₀x' + ω₀²x = 0, x(0) = 1, x'(0) = −v, checked by finite differences.
        let h = 1e-4, w = s.angularFrequency, z = s.dampingRatio
        #expect(abs(s.displacement(at: 0) - 1) < 1e-12)
        #expect(abs((s.displacement(at: h) - s.displacement(at: -h)) / (2 * h) + velocity) < 1e-3)
        for t in stride(from: 0.05, to: duration, by: 0.1) {
            let x = s.displacement(at: t)
            let v = (s.displacement(at: t + h) - s.displacement(at: t - h)) / (2 * h)
            let a = (s.displacement(at: t + h) - 2 * x + s.displacement(at: t - h)) / (h * h)
            #expect(abs(a + 2 * z * w * v + w * w * x) < 1e-3 * max(1, w * w))
        }
    }

    @Test(arguments: [0.7, 0.4, 1.0])
    func uiKitSpringSettlesWithinItsDuration(ratio: Double) {
        // The stiffness is chosen so the oscillation's envelope, ((ζω₀ − v)/ω_d)·e^(−ζω₀d) (critically
        // damped: e^(−ω₀d)((ω₀ − v)d + 1)), is 0.001 of the distance at the end of the duration.
        let v = 0.7
        let s = SpringCurve(uiKitDuration: 1, dampingRatio: ratio, initialVelocity: v)
        let w = s.angularFrequency, z = s.dampingRatio
        let envelope = z < 1
            ? (z * w - v) / (w * (1 - z * z).squareRoot()) * exp(-z * w)
            : exp(-w) * ((w - v) + 1)
        #expect(abs(envelope - 0.001) < 1e-9)
        #expect(abs(s.displacement(at: 1)) < 0.01)
        #expect(s.progress(at: 0) == 0 && s.progress(at: 1) == 1)
    }

    @Test func underdampedSpringsOvershoot() {
        let s = SpringCurve(uiKitDuration: 1, dampingRatio: 0.3, initialVelocity: 0)
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map(s.progress).max()!
        #expect(peak > 1.2)
        let critical = SpringCurve(uiKitDuration: 1, dampingRatio: 1, initialVelocity: 0)
        #expect(stride(from: 0.0, through: 1.0, by: 0.01).map(critical.progress).max()! <= 1 + 1e-9)
    }

    @Test func subcurveIsTheSameCurveCut() {
        let c = TimingCurve.easeInEaseOut
        let (f0, f1) = (0.2, 0.65)
        let sub = c.subcurve(from: f0, to: f1)
        let p0 = c.progress(at: f0), p1 = c.progress(at: f1)
        for k in 0...10 {
            let u = Double(k) / 10
            let expected = (c.progress(at: f0 + (f1 - f0) * u) - p0) / (p1 - p0)
            #expect(abs(sub.progress(at: u) - expected) < 1e-6, "at \(u)")
        }
    }

    @Test func keyframesFollowTheirPartOfTheOverallCurve() throws {
        // UIView.animateKeyframes over 1 s with UIKit's default ease-in-ease-out; a keyframe from
        // relative time 0.5 to 1 moves x from 0 to 100.
        let timeline = try Transition("k", duration: 1) { t in
            let box = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
            t.add(box)
            t.animateKeyframes {
                t.addKeyframe(relativeStartTime: 0.5, relativeDuration: 0.5) { box.position = Point(x: 100, y: 5) }
            }
        }.timeline()
        let position = try #require(timeline.layer("box")?.position)
        let curve = TimingCurve.easeInEaseOut
        for t in [0.3, 0.5, 0.6, 0.75, 0.9, 1.0] {
            let local = curve.progress(at: t)               // the keyframe animation's own time
            let expected = 5 + 95 * min(max((local - 0.5) / 0.5, 0), 1)
            #expect(abs(position.value(at: t).x - expected) < 1e-6, "at \(t)")
        }
    }

    @Test func keyframesMustLieWithinTheAnimation() {
        var line = 0
        let t = Transition("k") { t in
            t.animateKeyframes {
                line = #line + 1
                t.addKeyframe(relativeStartTime: 0.8, relativeDuration: 0.5) { t.to.opacity = 0 }
            }
        }
        #expect(throws: DiagnosticError.self) { try t.timeline() }
        do { _ = try t.timeline() } catch {
            #expect(error.diagnostics.first?.location?.line == line)
            #expect(error.diagnostics.first?.message.contains("must lie within 0...1") == true)
        }
    }

    @Test func addKeyframeOutsideAnimateKeyframesIsReported() {
        let t = Transition("k") { t in t.addKeyframe(relativeStartTime: 0, relativeDuration: 1) { t.to.opacity = 0 } }
        do { _ = try t.timeline() } catch {
            #expect(error.diagnostics.first?.message.contains("inside t.animateKeyframes") == true)
        }
    }

    @Test func springAnimationsUseTheSpringCurve() throws {
        let timeline = try Transition("s", duration: 1) { t in
            t.animate(usingSpringWithDamping: 0.7, initialSpringVelocity: 0.7) { t.to.opacity = 0 }
        }.timeline()
        let opacity = try #require(timeline.layer("to")?.opacity)
        let spring = SpringCurve(uiKitDuration: 1, dampingRatio: 0.7, initialVelocity: 0.7)
        for t in [0.1, 0.3, 0.5, 0.8] {
            #expect(abs(opacity.value(at: t) - (1 - spring.progress(at: t))) < 1e-12)
        }
    }
}
