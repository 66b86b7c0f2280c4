import Foundation
import Segue

/// Keyframes for geometry SVG cannot replay exactly (projections of 3D layers): as few as keep the
/// drawing within the tolerance of the model, between which SMIL interpolates straight or along a
/// fitted `keySplines` timing, whichever writes fewer bytes. A value (the export's options and
/// clock cycle), so that tracks can be sampled beside the writing and on several threads.
struct TrackSampler {
    let options: SVGOptions
    /// The clock cycle keyframe times are fractions of.
    let cycle: Double

    /// A polygon's or a gradient's points, keyframed: interpolating a point list moves each point
    /// straight, so guesses are made from the points themselves.
    func sampledPoints(_ frame: ProjectionFrame, stillWithPlace: Bool,
                       _ points: @escaping (Double) -> [Point]) -> Animated<PointList> {
        sampledTrack(frame, value: { PointList(points: points($0)) }, measure: { $0.points }, movesPointsStraight: true,
                     stillWithPlace: stillWithPlace)
    }

    /// Keyframes of `value(t)` at times chosen so that interpolating between them strays at most
    /// the tolerance (measured on screen through `screen(t)`) at every time of a fine grid.
    /// `movesPointsStraight`: the points of an interpolated value are the interpolated points.
    /// `stillWithPlace`: nothing but the layer's placement moves the value, so where the placement
    /// never moves (`frame.placeIsStill`) neither does the value, and it is not sampled.
    func sampledTrack<V: Interpolatable>(_ frame: ProjectionFrame, value: @escaping (Double) -> V,
                                         measure: @escaping (V) -> [Point], movesPointsStraight: Bool = false,
                                         stillWithPlace: Bool) -> Animated<V> {
        let base = frame.startTimes
        if frame.placeIsStill && stillWithPlace { return Animated(value(base.min() ?? 0)) }
        let screen = frame.screen, shown = frame.shown
        // Leave room for rounding the written coordinates (half a unit of the last decimal, both axes).
        let rounding = 0.5 * pow(10, -Double(options.decimals)) * 2.squareRoot()
        let sampler = ProjectionSampler(tolerance: max(options.tolerance - rounding, options.tolerance / 2))
        // The model on the whole grid, worked out once per time: values, their points, where
        // they land on screen, and whether the layer is shown at all.
        func sample(_ t: Double) -> TrackSample<V> {
            let v = value(t)
            let h = screen(t), points = measure(v)
            return TrackSample(shown: shown(t), screen: h, value: v, points: points, onScreen: points.map { h.apply($0) })
        }
        let baseTimes = Set(base)
        let coarse = samplingGrid(frame)
        let tolerance = sampler.tolerance
        // Whether moving straight from sample a to sample b misses the model's sample m at
        // `fraction` by more than `limit`.
        func misses(_ sa: TrackSample<V>, _ sb: TrackSample<V>, _ m: TrackSample<V>, fraction: Double, by limit: Double = tolerance) -> Bool {
            guard movesPointsStraight else {
                return Self.strays(measure(sa.value.interpolated(to: sb.value, fraction: fraction)), from: m.onScreen, through: m.screen, by: limit)
            }
            return Self.straysStraight(sa.points, sb.points, at: fraction, from: m.onScreen, through: m.screen, by: limit)
        }
        let (grid, samples) = ProjectionSampler.refined(coarse, samples: coarse.map(sample),
                                                        minimumStep: cycle * ProjectionSampler.minimumRefinedStep) { a, sa, b, sb in
            // Whether moving the points straight from a to b misses the model halfway by half the
            // tolerance: the walk then checks that time too, so a longer interval through a
            // curving stretch (a layer leaving its edge-on instant) is held to it there as well.
            let mid = (a + b) / 2
            guard shown(mid) else { return nil }
            let sm = sample(mid)
            if misses(sa, sb, sm, fraction: 0.5, by: tolerance / 2) { return sm }
            // A swing whose period is a few grid steps (a stiff spring) can cross the straight
            // line halfway and miss it a quarter of the way: where the points travel far on
            // screen between a and b, the quarters are looked at too.
            guard Self.travel(sa, sm, sb) > ProjectionSampler.quarteredTravel * tolerance else { return nil }
            for fraction in [0.25, 0.75] {
                let t = a + (b - a) * fraction
                if shown(t) && misses(sa, sb, sample(t), fraction: fraction) { return sm }
            }
            return nil
        }
        // While the layer is not shown its geometry is free: it holds the nearest shown grid
        // time's value, so no degenerate (edge-on) value is interpolated from, and the walk
        // below checks the very values that are written.
        let visible = samples.map(\.shown)
        let nearest = ProjectionSampler.nearestShown(grid, visible)
        let values = nearest.map { samples[$0].value }
        let screens = samples.map(\.screen)
        // Each grid time's points (those of its nearest shown time), and, where the layer is
        // shown, its own points on screen (elsewhere nothing is checked): laid end to end, so the
        // walk reads them without copying a list per grid time.
        let points = Lists(nearest.lazy.map { samples[$0].points })
        let truths = Lists(samples.lazy.map(\.onScreen))
        let pointCount = points.range(0).count
        func fraction(_ a: Int, _ b: Int, _ t: Int) -> Double { (grid[t] - grid[a]) / (grid[b] - grid[a]) }
        // The keyframes chosen from the grid, given each grid time's points and truths.
        func chosenKeyframes(_ pointsAt: (Int) -> UnsafeBufferPointer<Point>,
                             _ truthsAt: (Int) -> UnsafeBufferPointer<Point?>) -> [(index: Int, curve: Easing)] {
            // Whether interpolating from a to b with `curve` stays within the tolerance in between.
            func holds(_ a: Int, _ b: Int, _ curve: Easing) -> Bool {
                // Lists of different lengths do not interpolate (a mask that changes its kind): only
                // neighbouring grid times, with nothing in between, may follow each other then.
                let starts = pointsAt(a), ends = pointsAt(b)
                guard starts.count == ends.count else { return false }
                let isLinear = curve.isLinear, span = grid[b] - grid[a]
                // Whether the drawing strays beyond the tolerance at grid time t.
                func strays(_ t: Int) -> Bool {
                    guard visible[t] else { return false }
                    let f = (grid[t] - grid[a]) / span
                    let progress = isLinear ? f : curve.progress(at: f)
                    let truth = truthsAt(t), h = screens[t]
                    guard movesPointsStraight else {
                        return Self.strays(measure(values[a].interpolated(to: values[b], fraction: progress)), from: truth, through: h, by: tolerance)
                    }
                    guard truth.count == starts.count else { return true }
                    return Self.straysStraight(starts, ends, at: progress, from: truth, through: h, by: tolerance)
                }
                // An interval too long strays most often near its middle: looked at first.
                let middle = (a + b) / 2
                if middle > a && strays(middle) { return false }
                for t in a + 1..<b where t != middle && strays(t) { return false }
                return true
            }
            func straight(_ a: Int, _ b: Int) -> Easing? { holds(a, b, .linear) ? .linear : nil }
            func curved(_ a: Int, _ b: Int) -> Easing? {
                if holds(a, b, .linear) { return .linear }
                var fit = SplineTiming.Fit()
                let starts = pointsAt(a), ends = pointsAt(b)
                for t in a + 1..<b where visible[t] {
                    fit.add(fraction: fraction(a, b, t), progress: SplineTiming.progress(from: starts, to: ends, at: pointsAt(t)))
                }
                guard let curve = fit.curve.map(Easing.bezier), holds(a, b, curve) else { return nil }
                return curve
            }
            let isBase = { (k: Int) in baseTimes.contains(grid[k]) }
            let linear = sampler.keyframes(grid: grid, isBase: isBase, fit: straight)
            var chosen = linear
            if linear.count > 2 {
                let splined = sampler.keyframes(grid: grid, isBase: isBase, fit: curved)
                if Self.bytes(splined, points: pointCount) < Self.bytes(linear, points: pointCount) { chosen = splined }
            }
            return chosen
        }
        let chosen = points.withItems { pointsAt in truths.withItems { truthsAt in chosenKeyframes(pointsAt, truthsAt) } }
        let frames = ProjectionSampler.withoutHeldKeyframes(chosen.map { Keyframe(time: grid[$0.index], value: values[$0.index], curve: $0.curve) })
        let track = Animated(keyframes: frames)
        return track.isConstant ? Animated(frames[0].value) : track
    }

    /// The grid a track sampled in `frame` starts from.
    func samplingGrid(_ frame: ProjectionFrame) -> [Double] {
        ProjectionSampler.grid(base: frame.startTimes, step: ProjectionSampler.step(cycle: cycle))
    }

    /// Asks the model (the frame's placement, screen map and visibility) at every time sampling a
    /// track in `frame` looks at first, the grid and the middles of its intervals: the memos' tables
    /// then hold them before tracks are sampled on several threads (a time a table lacks then
    /// takes a slower, locked path; see `Memo`).
    func prepareSampling(_ frame: ProjectionFrame) {
        func ask(_ t: Double) {
            guard frame.shown(t) else { return }
            _ = frame.place(t)
            _ = frame.screen(t)
        }
        let grid = samplingGrid(frame)
        for (k, t) in grid.enumerated() {
            ask(t)
            if k + 1 < grid.count { ask((t + grid[k + 1]) / 2) }
        }
    }

    /// Whether a guessed point, mapped to the screen through `h`, lies more than `limit` from the
    /// model's point there (`truths`, on screen; nil behind the camera, not checked).
    private static func strays(_ guesses: [Point], from truths: some Collection<Point?>, through h: Homography, by limit: Double) -> Bool {
        for (guess, truth) in zip(guesses, truths) {
            if let g = h.apply(guess), let truth, g.distance(to: truth) > limit { return true }
        }
        return false
    }

    /// The same for points moved straight from `starts` to `ends`, `fraction` of the way, without
    /// listing the guesses.
    private static func straysStraight<Points: RandomAccessCollection<Point>, Truths: RandomAccessCollection<Point?>>(
        _ starts: Points, _ ends: Points, at fraction: Double, from truths: Truths, through h: Homography, by limit: Double
    ) -> Bool where Points.Index == Int, Truths.Index == Int {
        for i in 0..<min(starts.count, ends.count, truths.count) {
            let start = starts[starts.startIndex + i], end = ends[ends.startIndex + i]
            let guess = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            if let g = h.apply(guess), let truth = truths[truths.startIndex + i], g.distance(to: truth) > limit { return true }
        }
        return false
    }

    /// The farthest any of the points moves on screen from `a` through `m` to `b`.
    private static func travel<V>(_ a: TrackSample<V>, _ m: TrackSample<V>, _ b: TrackSample<V>) -> Double {
        var farthest = 0.0
        for index in 0..<min(a.onScreen.count, m.onScreen.count, b.onScreen.count) {
            guard let p = a.onScreen[index], let q = m.onScreen[index], let r = b.onScreen[index] else { continue }
            farthest = max(farthest, p.distance(to: q) + q.distance(to: r))
        }
        return farthest
    }

    /// About how many bytes an animation with these keyframes writes: each keyframe's points and
    /// key time, and, when any interval is curved, a `keySplines` entry per interval.
    static func bytes(_ keyframes: [(index: Int, curve: Easing)], points: Int) -> Int {
        let curved = keyframes.dropFirst().contains { !$0.curve.isLinear }
        return keyframes.count * (points * 11 + 7) + (curved ? (keyframes.count - 1) * 10 + 30 : 0)
            + keyframes.dropFirst().filter { !$0.curve.isLinear }.count * 8
    }
}

/// The model at one time of a sampled track's grid.
private struct TrackSample<Value> {
    let shown: Bool
    /// The map from the drawing's space to the screen.
    let screen: Homography
    let value: Value
    /// The value's points in the drawing's space.
    let points: [Point]
    /// The same points on screen (nil where a point falls behind the camera).
    let onScreen: [Point?]
}

/// Lists laid end to end in one array, each read by its range: a walk over many short lists of
/// points reads them without copying (retaining) a list at every step.
private struct Lists<Element> {
    private var items: [Element] = []
    private var ends: [Int] = []

    init<S: Sequence>(_ lists: S) where S.Element == [Element] {
        for list in lists {
            items += list
            ends.append(items.count)
        }
    }

    /// Where the list at `index` lies in `items`.
    func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    /// Runs `body` with a reader of the list at an index, in place.
    func withItems<Result>(_ body: ((Int) -> UnsafeBufferPointer<Element>) -> Result) -> Result {
        items.withUnsafeBufferPointer { all in body { UnsafeBufferPointer(rebasing: all[range($0)]) } }
    }
}
