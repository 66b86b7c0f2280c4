import Foundation
import Segue

extension Easing {
    /// The time fractions inside the segment where the progress is furthest beyond its ends: where
    /// it is largest, if that is above 1, and where it is smallest, if that is below 0. Empty for a
    /// curve that stays within 0...1 (a value moved by it stays between its keyframes' values,
    /// which a property linear in the progress reaches at the ends): a Bézier curve whose control
    /// points lie in the unit square (`fitsKeySplines`) stays within it.
    ///
    /// Found from the progress at evenly spaced fractions, at least eight to a swing of the curve
    /// (`pace`), then narrowed by golden-section search around the best of them.
    var overshootFractions: [Double] {
        if bezier?.fitsKeySplines == true { return [] }
        let steps = min(max(Self.overshootSteps, Int(min(pace, 1e9) * 8 / (2 * .pi))), Self.overshootStepLimit)
        let h = 1 / Double(steps)
        let progress = (0...steps).map { self.progress(at: Double($0) * h) }
        var result: [Double] = []
        if let high = progress.indices.max(by: { progress[$0] < progress[$1] }), progress[high] > 1 {
            result.append(narrowed(around: Double(high) * h, step: h) { self.progress(at: $0) })
        }
        if let low = progress.indices.min(by: { progress[$0] < progress[$1] }), progress[low] < 0 {
            result.append(narrowed(around: Double(low) * h, step: h) { -self.progress(at: $0) })
        }
        return result
    }

    /// The fewest fractions `overshootFractions` looks at, and the most.
    static let overshootSteps = 64, overshootStepLimit = 1 << 16

    /// Where `f` is largest within a step either side of `x` (and within 0...1), by golden-section
    /// search to a millionth of the step.
    private func narrowed(around x: Double, step: Double, _ f: (Double) -> Double) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = max(x - step, 0), b = min(x + step, 1)
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = f(c), fd = f(d)
        while b - a > step * 1e-6 {
            if fc > fd {
                (b, d, fd) = (d, c, fc)
                c = b - ratio * (b - a)
                fc = f(c)
            } else {
                (a, c, fc) = (c, d, fd)
                d = a + ratio * (b - a)
                fd = f(d)
            }
        }
        let best = (a + b) / 2
        return f(best) >= f(x) ? best : x
    }
}

extension Animated {
    /// The times, inside segments whose curves overshoot, where each such segment's value is
    /// furthest beyond its keyframes (`Easing.overshootFractions`).
    var overshootTimes: [Double] {
        zip(keyframes, keyframes.dropFirst()).flatMap { from, to -> [Double] in
            guard to.time > from.time, from.value != to.value else { return [] }
            return to.curve.overshootFractions.map { from.time + (to.time - from.time) * $0 }
        }
    }
}
