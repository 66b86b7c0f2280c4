extension TimingCurve {
    /// The part of this curve between two time fractions, rescaled to a curve of its own: what a
    /// keyframe inside `UIView.animateKeyframes` follows when the whole animation has this curve.
    /// Cutting a cubic Bézier gives a cubic Bézier, so the result is exact.
    public func subcurve(from f0: Double, to f1: Double) -> TimingCurve {
        guard f1 > f0 else { return .linear }
        let s0 = parameter(forX: min(max(f0, 0), 1)), s1 = parameter(forX: min(max(f1, 0), 1))
        func point(_ s: Double) -> (Double, Double) { (Self.bezier(s, x1, x2), Self.bezier(s, y1, y2)) }
        func velocity(_ s: Double) -> (Double, Double) { (Self.derivative(s, x1, x2), Self.derivative(s, y1, y2)) }
        // The cut's end points and tangents give its control points: Q1 = Q0 + (s1−s0)/3·B'(s0), Q2 = Q3 − (s1−s0)/3·B'(s1).
        let q0 = point(s0), q3 = point(s1)
        let h = (s1 - s0) / 3
        let v0 = velocity(s0), v1 = velocity(s1)
        let q1 = (q0.0 + h * v0.0, q0.1 + h * v0.1)
        let q2 = (q3.0 - h * v1.0, q3.1 - h * v1.1)
        let dx = q3.0 - q0.0, dy = q3.1 - q0.1
        guard dx > 0, dy != 0 else { return .linear }
        return TimingCurve(controlPoints: (q1.0 - q0.0) / dx, (q1.1 - q0.1) / dy, (q2.0 - q0.0) / dx, (q2.1 - q0.1) / dy)
    }

    /// The time fraction at which the curve reaches `progress` (the curve must not turn back).
    public func fraction(forProgress progress: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if self.progress(at: mid) < progress { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
