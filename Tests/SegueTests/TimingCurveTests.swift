import Testing
@testable import Segue

/// `CAMediaTimingFunction`'s named curves and the Bézier solver.
struct TimingCurveTests {
    @Test func namedCurvesUseCoreAnimationsControlPoints() {
        #expect(TimingCurve.linear == TimingCurve(controlPoints: 0, 0, 1, 1))
        #expect(TimingCurve.easeIn == TimingCurve(controlPoints: 0.42, 0, 1, 1))
        #expect(TimingCurve.easeOut == TimingCurve(controlPoints: 0, 0, 0.58, 1))
        #expect(TimingCurve.easeInEaseOut == TimingCurve(controlPoints: 0.42, 0, 0.58, 1))
        #expect(TimingCurve.easeInOut == TimingCurve.easeInEaseOut)
        #expect(TimingCurve.default == TimingCurve(controlPoints: 0.25, 0.1, 0.25, 1))
    }

    /// Progress found by dense sampling of the curve, independent of the solver under test.
    func sampled(_ c: TimingCurve, _ x: Double) -> Double {
        var best = (error: Double.infinity, y: 0.0)
        for i in 0...200_000 {
            let s = Double(i) / 200_000
            let u = 1 - s
            let bx = 3 * u * u * s * c.x1 + 3 * u * s * s * c.x2 + s * s * s
            if abs(bx - x) < best.error {
                best = (abs(bx - x), 3 * u * u * s * c.y1 + 3 * u * s * s * c.y2 + s * s * s)
            }
        }
        return best.y
    }

    @Test(arguments: [TimingCurve.easeIn, .easeOut, .easeInEaseOut, .default, TimingCurve(controlPoints: 0.2, 1.6, 0.4, 0.9)])
    func solverMatchesTheCurve(curve: TimingCurve) {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(curve.progress(at: x) - sampled(curve, x)) < 1e-4, "\(curve) at \(x)")
        }
    }

    @Test func easeInEaseOutIsSymmetric() {
        #expect(abs(TimingCurve.easeInEaseOut.progress(at: 0.5) - 0.5) < 1e-12)
        #expect(abs(TimingCurve.easeInEaseOut.progress(at: 0.2) + TimingCurve.easeInEaseOut.progress(at: 0.8) - 1) < 1e-12)
    }

    @Test func reversedCurvePlaysBackwards() {
        let curve = TimingCurve.easeOut
        for x in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(abs(curve.reversed.progress(at: x) - (1 - curve.progress(at: 1 - x))) < 1e-9)
        }
    }
}
