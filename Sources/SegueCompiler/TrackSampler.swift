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
    /// `within`: as for `sampledTrack`.
    func sampledPoints(_ frame: ProjectionFrame, stillWithPlace: Bool, within allowed: Double? = nil,
                       _ points: @escaping (Double) -> [Point]) throws(ExportError) -> Animated<PointList> {
        try sampledTrack(frame, value: { PointList(points: points($0)) }, measure: { list, visit in for p in list.points { visit(p) } },
                     movesPointsStraight: true, stillWithPlace: stillWithPlace, within: allowed)
    }

    /// Keyframes of `value(t)` at times chosen so that interpolating between them strays at most
    /// the tolerance (measured on screen through `screen(t)`) at every time of a fine grid.
    /// `measure(v, visit)`: visits the points that show where `v` draws, in order (without
    /// gathering them: the walk measures values by the hundred thousand).
    /// `movesPointsStraight`: the points of an interpolated value are the interpolated points.
    /// `stillWithPlace`: nothing but the layer's placement moves the value, so where the placement
    /// never moves (`frame.placeIsStill`) neither does the value, and it is not sampled.
    /// `within`: how far interpolating may stray (the tolerance unless part of it is spent
    /// elsewhere, as by a strip's own map).
    /// `writtenSize`: how the track is written, which decides whether curved keyframes are worth
    /// it (by default, as one animation of the points `measure` visits).
    /// Throws where the motion is too fast to follow within the tolerance in
    /// `ProjectionSampler.refinementBudget` more times than the grid's.
    func sampledTrack<V: Interpolatable>(_ frame: ProjectionFrame, value: @escaping (Double) -> V,
                                         measure: @escaping (V, (Point) -> Void) -> Void, movesPointsStraight: Bool = false,
                                         stillWithPlace: Bool, within allowed: Double? = nil,
                                         writtenSize: WrittenTrackSize? = nil) throws(ExportError) -> Animated<V> {
        let base = frame.startTimes
        if frame.placeIsStill && stillWithPlace { return Animated(value(base.min() ?? 0)) }
        let screen = frame.screen, shown = frame.shown
        let sampler = ProjectionSampler(tolerance: options.leavingRoomForRounding(allowed ?? options.drawingTolerance))
        // The model on the whole grid, worked out once per time: values, their points, where
        // they land on screen, and whether the layer is shown at all; kept in one table, each
        // time's a row.
        var table = SampleTable<V>()
        func sample(_ t: Double) -> Int {
            table.append(shown: shown(t), screen: screen(t), value: value(t), measure: measure)
            return table.count - 1
        }
        let baseTimes = Set(base)
        let coarse = samplingGrid(frame, stillWithPlace: stillWithPlace)
        table.reserve(rows: 2 * coarse.count + 8)
        let tolerance = sampler.tolerance
        // Whether moving straight from row a to row b misses the model's row m at `fraction` by
        // more than `limit`.
        func misses(_ a: Int, _ b: Int, _ m: Int, fraction: Double, by limit: Double = tolerance) -> Bool {
            let truths = table.truths[table.range(m)]
            guard movesPointsStraight else {
                let guess = table.values[a].interpolated(to: table.values[b], fraction: fraction)
                return Self.strays(guess, measure: measure, from: truths, through: table.screens[m], by: limit)
            }
            return Self.straysStraight(table.points[table.range(a)], table.points[table.range(b)], at: fraction,
                                       from: truths, through: table.screens[m], by: limit)
        }
        // The farthest any of the points moves on screen from row a through m to row b.
        func travel(_ a: Int, _ m: Int, _ b: Int) -> Double {
            let ra = table.range(a), rm = table.range(m), rb = table.range(b)
            var farthest = 0.0
            for index in 0..<min(ra.count, rm.count, rb.count) {
                guard let p = table.truths[ra.lowerBound + index], let q = table.truths[rm.lowerBound + index],
                      let r = table.truths[rb.lowerBound + index] else { continue }
                farthest = max(farthest, p.distance(to: q) + q.distance(to: r))
            }
            return farthest
        }
        // The middles refinement looked at and found on the straight line: not keyframes, but
        // their rows stay, and the walk checks them too (see `midRows`).
        var middles: [(time: Double, row: Int)] = []
        let (grid, rows, unlooked) = ProjectionSampler.refined(coarse, samples: coarse.map(sample),
                                                     minimumStep: cycle * ProjectionSampler.minimumRefinedStep) { a, ra, b, rb in
            // Whether moving the points straight from a to b misses the model halfway by half the
            // tolerance: the walk then checks that time too, so a longer interval through a
            // curving stretch (a layer leaving its edge-on instant) is held to it there as well.
            let mid = (a + b) / 2
            guard shown(mid) else { return nil }
            let rm = sample(mid)
            if misses(ra, rb, rm, fraction: 0.5, by: tolerance / 2) { return rm }
            // A swing whose period is a few grid steps (a stiff spring) can cross the straight
            // line halfway and miss it a quarter of the way: where the points travel far on
            // screen between a and b, and the model may swing that fast then, the quarters are
            // looked at too (`ProjectionSampler.looksAtQuarters`).
            if ProjectionSampler.looksAtQuarters(a, b, travel: travel(ra, rm, rb) / tolerance,
                                                 pace: stillWithPlace ? frame.moving.pace(between: a, and: b) : nil) {
                // The quarter's row goes once it is looked at.
                func missesQuarter(_ fraction: Double) -> Bool {
                    let t = a + (b - a) * fraction
                    guard shown(t) else { return false }
                    defer { table.removeLast() }
                    return misses(ra, rb, sample(t), fraction: fraction)
                }
                if missesQuarter(0.25) || missesQuarter(0.75) { return rm }
            }
            middles.append((time: mid, row: rm))
            return nil
        }
        // Where refinement ran out of times to add, its intervals left are looked at halfway: the
        // walk may have to take such neighbours on trust, so moving straight between them must
        // meet the model there (and that time is checked like the other middles).
        var tooFast: ClosedRange<Double>? = nil
        for gap in unlooked {
            let mid = (gap.start + gap.end) / 2
            guard shown(mid) else { continue }
            let rm = sample(mid)
            if misses(gap.startSample, gap.endSample, rm, fraction: 0.5) {
                tooFast = min(tooFast?.lowerBound ?? gap.start, gap.start)...max(tooFast?.upperBound ?? gap.end, gap.end)
                table.removeLast()
            } else {
                middles.append((time: mid, row: rm))
            }
        }
        if let tooFast {
            throw ExportError("cannot draw \(frame.layer) in SVG within the tolerance (\(SVGFormat.decimal(options.tolerance, decimals: 3)) px): "
                + "from \(SVGFormat.decimal(tooFast.lowerBound, decimals: 4)) s to \(SVGFormat.decimal(tooFast.upperBound, decimals: 4)) s "
                + "it moves too fast for keyframes to follow; slow or damp that motion (a stiff spring with little damping swings "
                + "many times a second), or export to HTML")
        }
        // While the layer is not shown its geometry is free: it holds the nearest shown grid
        // time's value, so no degenerate (edge-on) value is interpolated from, and the walk
        // below checks the very values that are written.
        let visible = rows.map { table.shown[$0] }
        let nearest = ProjectionSampler.nearestShown(grid, visible)
        let values = nearest.map { table.values[rows[$0]] }
        let screens = rows.map { table.screens[$0] }
        // Each grid time's points (those of its nearest shown time), and, where the layer is
        // shown, its own points on screen (elsewhere nothing is checked), read in place.
        let pointRanges = nearest.map { table.range(rows[$0]) }, truthRanges = rows.map { table.range($0) }
        let midRows = Self.midRows(grid, middles)
        let size = writtenSize ?? .points(pointRanges[0].count)
        func fraction(_ a: Int, _ b: Int, _ t: Int) -> Double { (grid[t] - grid[a]) / (grid[b] - grid[a]) }
        // Chosen keyframes as written: without the keyframes a value holds through.
        func written(_ chosen: [(index: Int, curve: Easing)]) -> [Keyframe<V>] {
            ProjectionSampler.withoutHeldKeyframes(chosen.map { Keyframe(time: grid[$0.index], value: values[$0.index], curve: $0.curve) })
        }
        // The keyframes chosen from the grid, as written, given each grid time's points and
        // truths: the straight ones, or the curved ones where there are enough to try and they
        // write fewer bytes.
        func chosenKeyframes(_ pointsAt: (Int) -> UnsafeBufferPointer<Point>,
                             _ truthsAt: (Int) -> UnsafeBufferPointer<Point?>,
                             _ rowTruths: (Int) -> UnsafeBufferPointer<Point?>) -> [Keyframe<V>] {
            // `body` given the test of interpolating from a to b with `curve`: whether the drawing
            // strays beyond the tolerance at a time where the model's points are `truth`, on screen
            // through `h`. False without asking `body` where the lists differ in length.
            func testing(_ a: Int, _ b: Int, _ curve: Easing,
                         _ body: ((_ time: Double, _ truth: UnsafeBufferPointer<Point?>, _ h: Homography) -> Bool) -> Bool) -> Bool {
                // Lists of different lengths do not interpolate (a mask that changes its kind): only
                // neighbouring grid times, with nothing in between, may follow each other then.
                let starts = pointsAt(a), ends = pointsAt(b)
                guard starts.count == ends.count else { return false }
                let isLinear = curve.isLinear, span = grid[b] - grid[a]
                func strays(at time: Double, _ truth: UnsafeBufferPointer<Point?>, _ h: Homography) -> Bool {
                    let f = (time - grid[a]) / span
                    let progress = isLinear ? f : curve.progress(at: f)
                    guard movesPointsStraight else {
                        return Self.strays(values[a].interpolated(to: values[b], fraction: progress), measure: measure,
                                           from: truth, through: h, by: tolerance)
                    }
                    guard truth.count == starts.count else { return true }
                    return Self.straysStraight(starts, ends, at: progress, from: truth, through: h, by: tolerance)
                }
                return body(strays)
            }
            // Whether interpolating from a to b with `curve` stays within the tolerance at the grid
            // times in between.
            func holds(_ a: Int, _ b: Int, _ curve: Easing) -> Bool {
                testing(a, b, curve) { straysAt in
                    func strays(_ t: Int) -> Bool { visible[t] && straysAt(grid[t], truthsAt(t), screens[t]) }
                    // An interval too long strays most often near its middle: looked at first.
                    let middle = (a + b) / 2
                    if middle > a && strays(middle) { return false }
                    for t in a + 1..<b where t != middle && strays(t) { return false }
                    return true
                }
            }
            // Whether it does halfway between those grid times too, where refinement looked: between
            // two grid times that hold, the model may bulge there by up to half the tolerance (as
            // refinement allows) where the drawing is already near it.
            func confirms(_ a: Int, _ b: Int, _ curve: Easing) -> Bool {
                testing(a, b, curve) { strays in
                    for t in a..<b {
                        guard let m = midRows[t], table.shown[m] else { continue }
                        if strays((grid[t] + grid[t + 1]) / 2, rowTruths(m), table.screens[m]) { return false }
                    }
                    return true
                }
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
            // Asked of every grid time by each walk: looked up once.
            let baseFlags = grid.map(baseTimes.contains)
            let isBase = { (k: Int) in baseFlags[k] }
            let linear = sampler.keyframes(grid: grid, isBase: isBase, fit: straight, confirms: confirms)
            let straightFrames = written(linear)
            guard linear.count > 2 else { return straightFrames }
            // The curved keyframes are written only where they take fewer bytes than the straight
            // ones: their walk gives up once those it has chosen take as many already. It counts
            // them as written without the last, which the writing may yet leave out (whether it
            // does depends on the next), so the count never exceeds what the whole would write.
            let straightBytes = size.bytes(straightFrames, cycle: cycle)
            // The exact count is made only where it may say to give up: once the chosen keyframes
            // but the last (`curves` of them arriving along a curve), with none left out, take
            // `nextCount` bytes.
            var curves = 0, nextCount = straightBytes
            let bent = sampler.keyframes(grid: grid, isBase: isBase, fit: curved, confirms: confirms) { chosen in
                if chosen.count > 2 && !chosen[chosen.count - 2].curve.isLinear { curves += 1 }
                let rough = size.bytes(following: chosen.count - 2, curves: curves)
                guard rough >= nextCount else { return false }
                let sure = size.bytes(Array(written(chosen).dropLast()), cycle: cycle)
                if sure >= straightBytes { return true }
                nextCount = rough + straightBytes - sure
                return false
            }
            guard let bent else { return straightFrames }
            let curvedFrames = written(bent)
            return size.bytes(curvedFrames, cycle: cycle) < straightBytes ? curvedFrames : straightFrames
        }
        let frames = table.points.withUnsafeBufferPointer { points in
            table.truths.withUnsafeBufferPointer { truths in
                chosenKeyframes({ UnsafeBufferPointer(rebasing: points[pointRanges[$0]]) },
                                { UnsafeBufferPointer(rebasing: truths[truthRanges[$0]]) },
                                { UnsafeBufferPointer(rebasing: truths[table.range($0)]) })
            }
        }
        let track = Animated(keyframes: frames)
        return track.isConstant ? Animated(frames[0].value) : track
    }

    /// For each interval of `grid` (between index i and i + 1), the table row of its middle if
    /// refinement looked at it (`middles`, in any order) and did not split the interval there.
    private static func midRows(_ grid: [Double], _ middles: [(time: Double, row: Int)]) -> [Int?] {
        var result = [Int?](repeating: nil, count: max(grid.count - 1, 0))
        let sorted = middles.sorted { $0.time < $1.time }
        var next = 0
        for i in result.indices {
            let mid = (grid[i] + grid[i + 1]) / 2
            while next < sorted.count && sorted[next].time < mid { next += 1 }
            if next < sorted.count && sorted[next].time == mid { result[i] = sorted[next].row }
        }
        return result
    }

    /// The grid a track sampled in `frame` starts from. `stillWithPlace` (nothing but the layer's
    /// placement moves the track): no times between two base times where the placement holds
    /// (`ProjectionFrame.moving`), as it then does not move, and the walk keeps every base time.
    func samplingGrid(_ frame: ProjectionFrame, stillWithPlace: Bool) -> [Double] {
        grid(base: frame.startTimes, moving: stillWithPlace ? frame.moving : nil)
    }

    /// The base times with the grid's steps between them, only where something `moving` moves
    /// (everywhere when nil).
    func grid(base: [Double], moving: MovingSpans?) -> [Double] {
        let step = ProjectionSampler.step(cycle: cycle)
        guard let moving else { return ProjectionSampler.grid(base: base, step: step) }
        return ProjectionSampler.grid(base: base, step: step, moves: moving.moves(between:and:))
    }

    /// The times sampling a track in `frame` looks at first: the grid and the middles of its
    /// intervals.
    func lookTimes(_ frame: ProjectionFrame, stillWithPlace: Bool) -> [Double] {
        let grid = samplingGrid(frame, stillWithPlace: stillWithPlace)
        var times: [Double] = []
        times.reserveCapacity(2 * grid.count)
        for (k, t) in grid.enumerated() {
            times.append(t)
            if k + 1 < grid.count { times.append((t + grid[k + 1]) / 2) }
        }
        return times
    }

    /// The times sampling a track in `frame` looks at first (`lookTimes`) where the layer is shown.
    func shownLookTimes(_ frame: ProjectionFrame, stillWithPlace: Bool) -> [Double] {
        lookTimes(frame, stillWithPlace: stillWithPlace).filter(frame.shown)
    }

    /// Asks the model (the frame's placement and screen map; its visibility was asked for in
    /// finding `times`) at `times`, those sampling looks at first (`shownLookTimes`): the memos'
    /// tables then hold them before tracks are sampled on several threads (where a table lacks a
    /// time, each thread works it out again; see `Memo`).
    func prepareSampling(_ frame: ProjectionFrame, at times: [Double]) {
        for t in times {
            _ = frame.place(t)
            _ = frame.screen(t)
        }
    }

    /// Whether a guessed value's points (`measure`), mapped to the screen through `h`, lie more
    /// than `limit` from the model's points there (`truths`, on screen; nil behind the camera, not
    /// checked).
    private static func strays<V, Truths: RandomAccessCollection<Point?>>(
        _ guess: V, measure: (V, (Point) -> Void) -> Void, from truths: Truths, through h: Homography, by limit: Double
    ) -> Bool where Truths.Index == Int {
        var index = truths.startIndex, strayed = false
        let limitSquared = limit * limit
        measure(guess) { point in
            guard !strayed, index < truths.endIndex else { return }
            defer { index += 1 }
            if let g = h.apply(point), let truth = truths[index], g.squaredDistance(to: truth) > limitSquared { strayed = true }
        }
        return strayed
    }

    /// The same for points moved straight from `starts` to `ends`, `fraction` of the way, without
    /// listing the guesses.
    private static func straysStraight<Points: RandomAccessCollection<Point>, Truths: RandomAccessCollection<Point?>>(
        _ starts: Points, _ ends: Points, at fraction: Double, from truths: Truths, through h: Homography, by limit: Double
    ) -> Bool where Points.Index == Int, Truths.Index == Int {
        let limitSquared = limit * limit
        for i in 0..<min(starts.count, ends.count, truths.count) {
            let start = starts[starts.startIndex + i], end = ends[ends.startIndex + i]
            let guess = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
            if let g = h.apply(guess), let truth = truths[truths.startIndex + i], g.squaredDistance(to: truth) > limitSquared { return true }
        }
        return false
    }
}

/// The model at the times a sampled track looks at, a row per time, laid out in flat lists: a
/// time's points and their images on screen lie end to end with every other time's, so sampling
/// and the walk read them in place, with no list made per time.
private struct SampleTable<Value> {
    /// Whether the layer is shown.
    private(set) var shown: [Bool] = []
    /// The map from the drawing's space to the screen.
    private(set) var screens: [Homography] = []
    private(set) var values: [Value] = []
    /// Each value's points in the drawing's space.
    private(set) var points: [Point] = []
    /// The same points on screen (nil where a point falls behind the camera).
    private(set) var truths: [Point?] = []
    /// Where each row's points end.
    private var ends: [Int] = []

    /// How many rows the table makes room for, once its first row tells how many points a row
    /// holds: growing the lists row by row copied them over and over.
    private var expectedRows = 0

    var count: Int { ends.count }

    /// Makes room for about `rows` rows (the sampling grid's, and the times refinement adds).
    mutating func reserve(rows: Int) {
        expectedRows = rows
        shown.reserveCapacity(rows)
        screens.reserveCapacity(rows)
        values.reserveCapacity(rows)
        ends.reserveCapacity(rows)
    }

    /// Where row `index`'s points lie in `points` and `truths`.
    func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    /// Adds a row: `value`, its points (visited by `measure`) and their images through `screen`.
    mutating func append(shown: Bool, screen: Homography, value: Value, measure: (Value, (Point) -> Void) -> Void) {
        self.shown.append(shown)
        screens.append(screen)
        values.append(value)
        let start = points.count
        measure(value) { points.append($0) }
        if start == 0 && expectedRows > 1 {
            points.reserveCapacity(expectedRows * points.count)
            truths.reserveCapacity(expectedRows * points.count)
        }
        for index in start..<points.count { truths.append(screen.apply(points[index])) }
        ends.append(points.count)
    }

    /// Takes the last row away.
    mutating func removeLast() {
        let start = count == 1 ? 0 : ends[count - 2]
        shown.removeLast()
        screens.removeLast()
        values.removeLast()
        points.removeSubrange(start...)
        truths.removeSubrange(start...)
        ends.removeLast()
    }
}
