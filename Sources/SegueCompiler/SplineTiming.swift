import Segue

/// A SMIL `keySplines` / CSS `cubic-bezier()` timing for one keyframe interval, fitted to how far
/// along the straight path between the interval's two values the model is at each time in between.
/// One timing curve serves all the values of an animation's interval (every point of a polygon),
/// so it fits where they all move along nearly straight lines with the same varying speed.
enum SplineTiming {
    /// The least-squares fit of one interval's timing, gathered one sample (time fraction in
    /// 0…1, progress along the path) at a time, as the sampler walks the interval. The control
    /// points' x are fixed at 1/3 and 2/3 (printed as 0.33 and 0.67), which makes the curve's
    /// progress a cubic polynomial of time with y1 and y2 as its free weights; those are fitted by
    /// least squares, kept in 0…1 as SMIL requires, and rounded to two decimals.
    struct Fit {
        // progress ≈ c1·y1 + c2·y2 + f³ with c1 = 3(1−f)²f, c2 = 3(1−f)f².
        private var s11 = 0.0, s12 = 0.0, s22 = 0.0, r1 = 0.0, r2 = 0.0
        private var count = 0

        /// One sample: at time fraction f of the interval, the model is p of the way along the path.
        mutating func add(fraction f: Double, progress p: Double) {
            let c1 = 3 * (1 - f) * (1 - f) * f, c2 = 3 * (1 - f) * f * f
            let rest = p - f * f * f
            s11 += c1 * c1; s12 += c1 * c2; s22 += c2 * c2
            r1 += c1 * rest; r2 += c2 * rest
            count += 1
        }

        /// The fitted timing; nil for fewer than two samples or when they do not determine it.
        var curve: TimingCurve? {
            let det = s11 * s22 - s12 * s12
            guard count >= 2, abs(det) > 1e-12 else { return nil }
            func clean(_ y: Double) -> Double { (min(max(y, 0), 1) * 100).rounded() / 100 }
            let y1 = clean((r1 * s22 - r2 * s12) / det), y2 = clean((r2 * s11 - r1 * s12) / det)
            return TimingCurve(controlPoints: 0.33, y1, 0.67, y2)
        }
    }

    /// How far along the straight path from `start` to `end` the points `at` are, by least squares
    /// over all points (0 at `start`, 1 at `end`).
    static func progress(from start: some Collection<Point>, to end: some Collection<Point>, at points: some Collection<Point>) -> Double {
        var along = 0.0, length = 0.0
        for ((a, b), p) in zip(zip(start, end), points) {
            let dx = b.x - a.x, dy = b.y - a.y
            along += (p.x - a.x) * dx + (p.y - a.y) * dy
            length += dx * dx + dy * dy
        }
        return length > 0 ? along / length : 0
    }
}
