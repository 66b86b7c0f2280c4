import Segue

/// Chooses the keyframe times of drawn geometry so that the browser's interpolation between them
/// (straight, or along a fitted `keySplines` timing) never strays from the model by more than a
/// tolerance, with as few keyframes as a greedy walk finds: from each keyframe, the next one is the
/// farthest time on a fine grid (every time where the model's segments start and end, and the
/// multiples of a step in between) such that interpolating to it stays within the tolerance at
/// every grid time in between.
struct ProjectionSampler {
    let tolerance: Double

    /// The grid's step for a clock cycle of `cycle` seconds: the largest `cycle / n`, n one of 250,
    /// 500, 1000, 2000 …, that is at most 1/200 s (three or more steps in a 60 Hz frame). Keyframes
    /// on it fall on keyTimes `k / n` of the cycle, which print in three or four decimals (cycles
    /// up to 10 s), not five.
    static func step(cycle: Double) -> Double {
        var n = 250.0
        while cycle / n > 1 / 200.0 { n *= 2 }
        return cycle / n
    }

    /// The base times (kept exactly: the model's own keyframes, visibility switches) with every
    /// multiple of `step` that falls between two of them where something moves (`moves(a, b)`).
    static func grid(base: [Double], step: Double, moves: (Double, Double) -> Bool = { _, _ in true }) -> [Double] {
        let sorted = Array(Set(base)).sorted()
        guard var previous = sorted.first else { return [] }
        var grid = [previous]
        for time in sorted.dropFirst() {
            var k = (previous / step).rounded(.down) + 1
            let fills = moves(previous, time)
            while fills && k * step < time - step * 1e-6 {
                if k * step > previous + step * 1e-6 { grid.append(k * step) }
                k += 1
            }
            grid.append(time)
            previous = time
        }
        return grid
    }

    /// The shortest interval `refined` makes, as a fraction of the clock cycle: a tenth of one
    /// unit of `keyTimes` in 5 decimals (keyframes this close are written with more, see
    /// `SMILAnimation.keyTimes`), 0.5 µs of a 0.5 s transition. A motion that lasts ten units or
    /// more (a spring of a third of a millisecond swinging to rest) is then followed in ten steps
    /// or more per unit; halving stopped at one unit, such a swing was cut into chords 4.6 px off.
    /// `refinementBudget` bounds the keyframes of motion too fast for any frame to show.
    static let minimumRefinedStep = 1e-6

    /// The most times `refined` adds to one track's grid: motion that misses at every scale down
    /// to the shortest step (a spring sweeping 100,000 pt, a layer seen nearly edge-on for long)
    /// would otherwise be cut into tens of thousands of keyframes, megabytes of SVG, and take
    /// minutes. Where the budget runs out, the intervals left are looked at halfway: a track whose
    /// straight line misses the model there by more than the tolerance is refused with a message
    /// (`TrackSampler`), as a spring flipping a layer over eight times in 0.75 s is: each flip
    /// wants refining to the finest step, and 4,000 times run out before the last flips.
    static let refinementBudget = 4_000

    /// How far, in tolerances, a point must travel on screen between neighbouring grid times for
    /// refinement to look at the quarters of their interval as well as its middle: a swing whose
    /// period is a few grid steps (a stiff spring) can cross the straight line halfway and miss it
    /// a quarter of the way. Slower motion is smooth enough over one step for halfway to tell.
    static let quarteredTravel = 16.0

    /// Whether the model may swing between `a` and `b`, moving at `pace` (radians per second,
    /// `MovingSpans.pace`), fast enough to cross the straight line from a to b halfway and miss it
    /// a quarter of the way: by more than `swingPerInterval` radians. Where each coordinate of a
    /// point curves one way only between a and b, its distance from the straight line is at most
    /// twice its distance halfway (a concave function's, zero at both ends), so refinement's test
    /// halfway, against half the tolerance, holds the whole interval to the tolerance. Where the
    /// curvature turns over, what a quarter of the way may add beyond three quarters of the
    /// halfway miss is about the travel times the square of the radians swung, over 128: for a
    /// slow swing, more than a few hundred tolerances of travel (`steadyTravel`).
    static func swingsWithin(_ a: Double, _ b: Double, pace: Double) -> Bool {
        pace * (b - a) > swingPerInterval
    }

    /// The radians a swing may turn in one interval for its middle to tell: a tenth.
    static let swingPerInterval = 0.1

    /// How far, in tolerances, the points must travel between two grid times for refinement to
    /// look at the quarters however slowly the model swings (`swingsWithin`): at a tenth of a
    /// radian a quarter of the way misses by more than the tolerance only past 8,000 of them; this
    /// leaves room for several layers turning inside each other, whose paces add up, and for
    /// perspective, which quickens a swing as it brings it nearer.
    static let steadyTravel = 400.0

    /// Whether refinement looks at the quarters of the interval from `a` to `b` as well as its
    /// middle, given how far its points travel on screen through the middle (`travel`, in
    /// tolerances) and, where only the placement moves them, how fast the placement may swing
    /// then (`pace`; nil where more than the placement moves them, which travel alone decides):
    /// where they travel more than `quarteredTravel` and the model may swing within the interval
    /// (`swingsWithin`), or they travel more than `steadyTravel`. The pace is asked for only
    /// between the two.
    static func looksAtQuarters(_ a: Double, _ b: Double, travel: Double, pace: @autoclosure () -> Double?) -> Bool {
        guard travel > quarteredTravel else { return false }
        guard travel <= steadyTravel, let pace = pace() else { return true }
        return swingsWithin(a, b, pace: pace)
    }

    /// The grid with midpoints added, halving again and again, wherever moving straight between
    /// two neighbouring grid times misses the model (halfway by half the tolerance, or a quarter
    /// of the way where the motion may swing: see `looksAtQuarters`): motion so fast (a spring's
    /// swing, a turn seen nearly edge-on) that even neighbours on the grid are too far apart,
    /// where the greedy walk would otherwise take a neighbour on trust, and check a longer
    /// interval only at the grid times on either side of such a stretch. Halving goes level by
    /// level, coarse before fine, down to `minimumStep` and within `refinementBudget` times.
    ///
    /// Each time's sample (whatever the caller works out of the model there) is made once:
    /// `samples` holds the grid's, and `split(a, sampleA, b, sampleB)` returns the midpoint's
    /// sample when moving straight from a to b misses the model (the interval is halved), nil when
    /// it does not. `unlooked`: the intervals the budget left unlooked at (each end's time and
    /// sample), where moving straight may miss the model.
    static func refined<Sample>(_ grid: [Double], samples: [Sample], minimumStep: Double,
                                split: (Double, Sample, Double, Sample) -> Sample?)
        -> (times: [Double], samples: [Sample], unlooked: [Interval<Sample>]) {
        guard grid.count > 1 else { return (grid, samples, []) }
        // Intervals are pairs of indices into `times` and `all`, which grow as midpoints are added.
        var times = grid, all = samples
        var level = grid.indices.dropLast().map { ($0, $0 + 1) }
        var unlooked: [Interval<Sample>] = []
        while !level.isEmpty {
            var next: [(Int, Int)] = []
            for (a, b) in level where times[b] - times[a] >= 2 * minimumStep {
                guard all.count - grid.count < refinementBudget else {
                    unlooked.append(Interval(start: times[a], startSample: all[a], end: times[b], endSample: all[b]))
                    continue
                }
                guard let sample = split(times[a], all[a], times[b], all[b]) else { continue }
                times.append((times[a] + times[b]) / 2)
                all.append(sample)
                next.append((a, all.count - 1))
                next.append((all.count - 1, b))
            }
            level = next
        }
        guard all.count > grid.count else { return (grid, samples, unlooked) }
        let order = times.indices.sorted { times[$0] < times[$1] }
        return (order.map { times[$0] }, order.map { all[$0] }, unlooked)
    }

    /// An interval between two times of a refined grid, with their samples.
    struct Interval<Sample> {
        let start: Double, startSample: Sample
        let end: Double, endSample: Sample
    }

    /// `probes` with times added where a layer that hides its back may turn it between two of
    /// them: `facing(t)` is how squarely it faces the viewer (the signed area of its bounds on
    /// screen; nil where a corner is behind the camera), and an interval is halved, level by level
    /// down to `minimumStep` and within `refinementBudget` times, wherever the facing changes
    /// through it by more than its least size at the ends and the middle, as when it swings
    /// through edge-on and back between two probes. Where it keeps well to one side, or changes
    /// slowly for how far it is from turning, no time is added.
    static func facingProbes(_ probes: [Double], minimumStep: Double, facing: (Double) -> Double?) -> [Double] {
        let sorted = Array(Set(probes)).sorted()
        return refined(sorted, samples: sorted.map(facing), minimumStep: minimumStep) { a, start, b, end -> Double?? in
            let middle = facing((a + b) / 2)
            guard let start, let end, let middle else { return nil }
            let change = abs(middle - start) + abs(end - middle)
            return change > min(abs(start), abs(middle), abs(end)) ? .some(middle) : nil
        }.times
    }

    /// The chosen keyframes: indices into `grid`, each with the timing of the interval that
    /// arrives at it. `fit(a, b)`: the timing with which interpolating from the sample at grid
    /// index `a` to the one at `b` stays within the tolerance at every grid time in between, or nil
    /// when none does. Every base time (`isBase`) stays a keyframe.
    /// `confirms(a, b, timing)`: whether the interval `fit` found also holds at the times between
    /// the grid's that are checked too (see `TrackSampler`); asked only of the interval the walk
    /// would take, which is shortened until it does (the walk's many trials need not ask).
    func keyframes(grid: [Double], isBase: (Int) -> Bool, fit: (Int, Int) -> Easing?,
                   confirms: (Int, Int, Easing) -> Bool = { _, _, _ in true }) -> [(index: Int, curve: Easing)] {
        keyframes(grid: grid, isBase: isBase, fit: fit, confirms: confirms, givingUpWhen: { _ in false }) ?? []
    }

    /// The same, asking `givesUp(chosen)` each time a keyframe is chosen, with those chosen so
    /// far: nil once it says true (the walk goes no further).
    func keyframes(grid: [Double], isBase: (Int) -> Bool, fit: (Int, Int) -> Easing?, confirms: (Int, Int, Easing) -> Bool,
                   givingUpWhen givesUp: ([(index: Int, curve: Easing)]) -> Bool) -> [(index: Int, curve: Easing)]? {
        guard !grid.isEmpty else { return [] }
        var result = [(index: 0, curve: Easing.linear)]
        var start = 0
        for index in grid.indices.dropFirst() where isBase(index) || index == grid.count - 1 {
            guard walk(start...index, fit: fit, confirms: confirms, into: &result, givesUp: givesUp) else { return nil }
            start = index
        }
        return result
    }

    /// The greedy walk over one interval of the grid: appends the keyframes after its start to
    /// `result`; false once `givesUp` says so.
    private func walk(_ range: ClosedRange<Int>, fit: (Int, Int) -> Easing?, confirms: (Int, Int, Easing) -> Bool,
                      into result: inout [(index: Int, curve: Easing)],
                      givesUp: ([(index: Int, curve: Easing)]) -> Bool) -> Bool {
        // The farthest end below `high` that holds by `holds`, bisecting from `good`, which does.
        func bisect(from good: (index: Int, curve: Easing), below high: Int,
                    _ holds: (Int) -> Easing?) -> (index: Int, curve: Easing) {
            var good = good, high = high
            while high - good.index > 1 {
                let mid = (good.index + high) / 2
                if let curve = holds(mid) { good = (mid, curve) } else { high = mid }
            }
            return good
        }
        var start = range.lowerBound
        while start < range.upperBound {
            // A neighbouring grid time always holds: there is nothing in between to stray.
            let neighbour = (index: start + 1, curve: fit(start, start + 1) ?? .linear)
            // Grow the step while it holds, then bisect between the last good and first bad end.
            var good = neighbour
            var step = 1
            var bad: Int? = nil
            while good.index < range.upperBound {
                let next = min(good.index + step, range.upperBound)
                if let curve = fit(start, next) {
                    good = (next, curve)
                    step *= 2
                } else {
                    bad = next
                    break
                }
            }
            if let bad { good = bisect(from: good, below: bad) { fit(start, $0) } }
            // The step found, shortened by bisection while it does not also hold between grid times.
            if good.index > start + 1 && !confirms(start, good.index, good.curve) {
                good = bisect(from: neighbour, below: good.index) { end in
                    fit(start, end).flatMap { confirms(start, end, $0) ? $0 : nil }
                }
            }
            result.append(good)
            if givesUp(result) { return false }
            start = good.index
        }
        return true
    }

    /// The keyframes without those interpolation passes through anyway: one whose value equals
    /// both its neighbours' (the value holds through it: a base time kept while a layer is hidden
    /// or at rest), and one that repeats its successor's time and value. What plays is the same at
    /// every instant; a held interval that loses a keyframe moves straight (it does not move).
    static func withoutHeldKeyframes<V>(_ frames: [Keyframe<V>]) -> [Keyframe<V>] {
        guard frames.count > 2 else { return frames }
        var kept = [frames[0]]
        var carried: Easing? = nil
        for k in 1..<frames.count - 1 {
            var frame = frames[k]
            if let curve = carried { frame.curve = curve; carried = nil }
            let next = frames[k + 1]
            if frame.value == next.value && frame.value == kept[kept.count - 1].value {
                carried = .linear
            } else if frame.value == next.value && frame.time == next.time {
                carried = frame.curve
            } else {
                kept.append(frame)
            }
        }
        var last = frames[frames.count - 1]
        if let curve = carried { last.curve = curve }
        kept.append(last)
        return kept
    }

    /// For each grid time, the nearest grid time (by time; the earlier on a tie) where `visible`
    /// holds: itself where it does, and itself too when it never does.
    static func nearestShown(_ grid: [Double], _ visible: [Bool]) -> [Int] {
        var previous = [Int?](repeating: nil, count: grid.count), next = previous
        var last: Int? = nil
        for k in grid.indices {
            if visible[k] { last = k }
            previous[k] = last
        }
        last = nil
        for k in grid.indices.reversed() {
            if visible[k] { last = k }
            next[k] = last
        }
        return grid.indices.map { k in
            switch (previous[k], next[k]) {
            case let (p?, n?): grid[k] - grid[p] <= grid[n] - grid[k] ? p : n
            case let (p?, nil): p
            case let (nil, n?): n
            case (nil, nil): k
            }
        }
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
