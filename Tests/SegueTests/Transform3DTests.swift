import Foundation
import Testing
@testable import Segue

/// Core Animation's matrix conventions: row vectors, translation in m41..m43, CATransform3D* semantics.
struct Transform3DTests {
    func apply(_ t: Transform3D, _ x: Double, _ y: Double, _ z: Double = 0) -> (Double, Double, Double) {
        let w = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
        return ((x * t.m11 + y * t.m21 + z * t.m31 + t.m41) / w,
                (x * t.m12 + y * t.m22 + z * t.m32 + t.m42) / w,
                (x * t.m13 + y * t.m23 + z * t.m33 + t.m43) / w)
    }

    @Test func positiveZRotationTurnsClockwiseOnScreen() {
        // UIKit: y grows downwards, so rotating (1, 0) by +90° lands on (0, 1), below the origin.
        let (x, y, _) = apply(Transform3D(rotationAngle: .pi / 2), 1, 0)
        #expect(abs(x) < 1e-12 && abs(y - 1) < 1e-12)
    }

    @Test func yRotationMatchesCATransform3DMakeRotation() {
        // CATransform3DMakeRotation(a, 0, 1, 0): m11 = cos a, m13 = -sin a, m31 = sin a, m33 = cos a.
        let a = 0.3
        let t = Transform3D(rotationAngle: a, x: 0, y: 1, z: 0)
        #expect(abs(t.m11 - cos(a)) < 1e-15 && abs(t.m13 + sin(a)) < 1e-15)
        #expect(abs(t.m31 - sin(a)) < 1e-15 && abs(t.m33 - cos(a)) < 1e-15)
    }

    @Test func concatAppliesTheFirstTransformFirst() {
        // CATransform3DConcat(scale 2, translate 10): (1, 1) → (2, 2) → (12, 2).
        let t = Transform3D(scaleX: 2, y: 2).concatenating(Transform3D(translationX: 10, y: 0))
        let (x, y, _) = apply(t, 1, 1)
        #expect(x == 12 && y == 2)
    }

    @Test func translatedByAppliesTheTranslationBeforeTheTransform() {
        // CATransform3DTranslate(scale 2, 10, 0) = translate(10) · scale 2: (1, 0) → (11, 0) → (22, 0).
        let t = Transform3D(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(apply(t, 1, 0).0 == 22)
    }

    @Test func m34GivesPerspective() {
        // A point 100 pt towards the viewer (z = +100) seen with m34 = -1/500 is magnified by 1/(1 - 100/500).
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        let (x, _, _) = apply(t, 10, 0, 100)
        #expect(abs(x - 12.5) < 1e-12)
    }

    @Test(arguments: 0..<40)
    func decompositionRoundTrips(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var t = Transform3D(scaleX: r(0.2...3), y: r(0.2...3), z: r(0.2...3))
            .concatenating(Transform3D(rotationAngle: r(-3...3), x: r(-1...1), y: r(-1...1), z: r(-1...1)))
            .concatenating(Transform3D(translationX: r(-100...100), y: r(-100...100), z: r(-100...100)))
        if seed % 2 == 0 { t.m34 = -1 / r(300...3000) }
        let back = Transform3D(t.decomposed()!)
        #expect(back.isApproximately(t, tolerance: 1e-9), "\(t) became \(back)")
    }

    @Test func interpolatingScaleIsLinearInScale() {
        let mid = Transform3D(scale: 0.7).interpolated(to: .identity, fraction: 0.5)
        #expect(mid.isApproximately(Transform3D(scale: 0.85), tolerance: 1e-12))
    }

    @Test func interpolatingZRotationIsLinearInAngle() {
        let a = Transform3D(rotationAngle: 0.2), b = Transform3D(rotationAngle: 1.4)
        let mid = a.interpolated(to: b, fraction: 0.25)
        #expect(mid.isApproximately(Transform3D(rotationAngle: 0.5), tolerance: 1e-12))
    }
}

/// A small deterministic generator (SplitMix64) so randomised tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
