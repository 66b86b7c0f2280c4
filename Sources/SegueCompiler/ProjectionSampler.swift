import Segue

/// Chooses the keyframe times of drawn geometry so that the browser's straight-line interpolation
/// between them never strays from the model by more than a tolerance, with as few keyframes as a
/// greedy walk finds: from each keyframe, the next one is the farthest time (on a fine grid that
/// includes every time where the model's segments start and end) such that interpolating straight
/// to it stays within the tolerance at every grid time in between.
struct ProjectionSampler {
    let tolerance: Double
    /// Grid steps per second between the model's own keyframe times.
    let resolution = 240.0

    /// `error(a, b, t)`: how far, in pixels, interpolating the samples at `a` and `b` lands from the
    /// model at time `t` (a < t < b).
    func times(base: [Double], error: (Double, Double, Double) -> Double) -> [Double] {
        let sorted = Array(Set(base)).sorted()
        guard let first = sorted.first else { return [] }
        // Every model keyframe stays a keyframe: walk each interval between them on its own.
        var result = [first]
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            result += walk(Self.grid(base: [a, b], resolution: resolution), error: error).dropFirst()
        }
        return result
    }

    /// The greedy walk over one interval's grid.
    private func walk(_ grid: [Double], error: (Double, Double, Double) -> Double) -> [Double] {
        guard grid.count > 2 else { return grid }
        var result = [grid[0]]
        var start = 0
        while start < grid.count - 1 {
            // Grow the step while it holds, then bisect between the last good and first bad end.
            func holds(_ end: Int) -> Bool {
                let a = grid[start], b = grid[end]
                return (start + 1..<end).allSatisfy { error(a, b, grid[$0]) <= tolerance }
            }
            var good = start + 1
            var step = 1
            var bad: Int? = nil
            while good < grid.count - 1 {
                let next = min(good + step, grid.count - 1)
                if holds(next) {
                    good = next
                    step *= 2
                } else {
                    bad = next
                    break
                }
            }
            if var high = bad {
                while high - good > 1 {
                    let mid = (good + high) / 2
                    if holds(mid) { good = mid } else { high = mid }
                }
            }
            result.append(grid[good])
            start = good
        }
        return result
    }

    /// Grid steps between two of the model's keyframe times, however close they are.
    static let minimumSteps = 8

    /// The model's keyframe times with evenly spaced times added between them.
    static func grid(base: [Double], resolution: Double) -> [Double] {
        let sorted = Array(Set(base)).sorted()
        guard var previous = sorted.first else { return [] }
        var grid = [previous]
        for time in sorted.dropFirst() {
            // At least a few steps however short the interval: a 1 ms turn needs them as much as a long one.
            let steps = max(minimumSteps, Int(((time - previous) * resolution).rounded(.up)))
            for k in 1...steps { grid.append(previous + (time - previous) * Double(k) / Double(steps)) }
            previous = time
        }
        return grid
    }

    /// The instants where a yes/no property of time changes, found by bisection between the given
    /// sample times to `precision` seconds.
    static func switches(at samples: [Double], precision: Double = 1e-5, _ value: (Double) -> Bool) -> [Double] {
        var result: [Double] = []
        for (a, b) in zip(samples, samples.dropFirst()) where value(a) != value(b) {
            var low = a, high = b
            let start = value(a)
            while high - low > precision {
                let mid = (low + high) / 2
                if value(mid) == start { low = mid } else { high = mid }
            }
            result.append(high)
        }
        return result
    }
}
