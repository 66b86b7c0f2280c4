import Foundation
import Segue

extension Easing {
    /// How fast the curve swings, as the angular frequency (radians per whole segment) of the
    /// fastest swing its progress p(x) could be part of: the largest of |p′|, |p″|^½ and |p‴|^⅓
    /// over the segment (each is the frequency of a sine of unit amplitude with that derivative).
    /// 1 for a linear curve. A spring: its natural frequency (or, overdamped, its faster decay
    /// rate) and its initial velocity, over the seconds it lasts.
    var pace: Double {
        switch self {
        case .bezier(let curve): curve.pace
        case .spring(let spring): spring.pace
        }
    }
}

extension SpringCurve {
    /// `Easing.pace` of a spring: its natural frequency (overdamped, the rate of its faster
    /// decay, ω₀(ζ + √(ζ² − 1))) and its initial velocity, over the seconds it lasts.
    var pace: Double {
        let z = dampingRatio
        let fastest = angularFrequency * max(1, z + max(z * z - 1, 0).squareRoot())
        return duration * (fastest + abs(initialVelocity))
    }
}

extension TimingCurve {
    /// `Easing.pace` of a Bézier curve, from its progress at `paceSteps` + 1 evenly spaced
    /// fractions and its first three differences there (a cubic's derivatives change slowly
    /// enough between them, and where the curve starts or ends vertically they come out large,
    /// as they are).
    var pace: Double {
        if isLinear { return 1 }
        let n = Self.paceSteps, h = 1 / Double(n)
        let p = (0...n).map { progress(at: Double($0) * h) }
        var pace = 0.0
        for k in 0..<n {
            pace = max(pace, abs(p[k + 1] - p[k]) / h)
            if k + 2 <= n { pace = max(pace, (abs(p[k + 2] - 2 * p[k + 1] + p[k]) / (h * h)).squareRoot()) }
            if k + 3 <= n { pace = max(pace, cbrt(abs(p[k + 3] - 3 * p[k + 2] + 3 * p[k + 1] - p[k]) / (h * h * h))) }
        }
        return pace
    }

    /// The steps `pace` samples a curve at.
    static let paceSteps = 32
}
