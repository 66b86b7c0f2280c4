import Segue

/// Projected outlines, gradient ends and strip maps, keyframed once the whole drawing is laid out,
/// all at once on every core. The drawing lays out their elements (attributes in place) as it
/// goes, and each track, once worked out, is written into the elements that show it. The CSS
/// flavour, whose animations are style rules kept in the order they are made, keyframes each
/// track at once.
final class DeferredTracks {
    /// A track to be worked out once, however many elements show it.
    final class Track<Value> {
        private var value: Value?
        private var writes: [(Value) -> Void] = []

        fileprivate init() {}

        /// Runs `write` with the track once it is worked out: at once if it is.
        func whenReady(_ write: @escaping (Value) -> Void) {
            if let value { write(value) } else { writes.append(write) }
        }

        /// Keeps the worked-out track (on any thread; the writes wait for `finish`).
        fileprivate func keep(_ value: Value) {
            self.value = value
        }

        fileprivate func finish() {
            guard let value else { return }
            for write in writes { write(value) }
            writes = []
        }
    }

    /// Whether tracks are worked out as they are asked for.
    private let isImmediate: Bool
    /// Each pending track's work, which returns why it failed (nil when it did not), and what
    /// then writes it.
    private var pending: [(work: () -> ExportError?, finish: () -> Void)] = []
    /// Why the first track to fail, in the order they were asked for, failed.
    private var failure: ExportError?

    init(immediate: Bool) {
        isImmediate = immediate
    }

    /// A track worked out by `compute`, now if the tracks are immediate or `now`, else when the
    /// drawing is laid out (`resolve`). `compute` must change nothing the export holds: it runs
    /// beside other tracks, and calls memos (`MemoScope.concurrentMap`). Where it throws, the
    /// track is never written, and `resolve` throws.
    func track<Value>(now: Bool = false, _ compute: @escaping () throws(ExportError) -> Value) -> Track<Value> {
        let track = Track<Value>()
        let work = { () -> ExportError? in
            do throws(ExportError) { track.keep(try compute()) } catch { return error }
            return nil
        }
        if isImmediate || now {
            if let error = work() { failure = failure ?? error }
        } else {
            pending.append((work: work, finish: track.finish))
        }
        return track
    }

    /// Has the memos behind `frame` learn the times sampling a track in it looks at first
    /// (`TrackSampler.shownLookTimes`), while they may still be written
    /// (`TrackSampler.prepareSampling`); nothing when tracks are worked out as they are asked for.
    func prepare(_ frame: ProjectionFrame, at times: @autoclosure () -> [Double], with sampler: TrackSampler) {
        if !isImmediate { sampler.prepareSampling(frame, at: times()) }
    }

    /// Works out every pending track, on every core, then writes each into its elements, in the
    /// order the tracks were asked for; again for the tracks those writes ask for (a layer's
    /// strips, once it is cut into them), until none is left. Throws why the first track that
    /// could not be worked out failed (in the order they were asked for).
    func resolve(with memos: MemoScope) throws(ExportError) {
        while !pending.isEmpty && failure == nil {
            let jobs = pending
            pending = []
            let failures = memos.concurrentMap(jobs) { $0.work() }
            if let first = failures.lazy.compactMap({ $0 }).first { failure = first }
            for job in jobs { job.finish() }
        }
        if let failure { throw failure }
    }
}

extension SVGBuilder {
    /// The sampler of this export's projected tracks.
    var trackSampler: TrackSampler { TrackSampler(options: options, cycle: animator.clock.cycle) }

    /// Points keyframed (`TrackSampler.sampledPoints`) once the drawing is laid out, beside the
    /// other tracks; at once where nothing moves them. The memos learn the times sampling looks
    /// at first now, while they may still be written. `cut`: how the outline's curves were cut,
    /// which leaves the keyframes part of the tolerance, and may have found those times already.
    /// `then`: what to make of the keyframed points, beside them (on any thread).
    func deferredPoints<Value>(_ frame: ProjectionFrame, stillWithPlace: Bool, cut: OutlineFlattening.Cut? = nil,
                               _ points: @escaping (Double) -> [Point],
                               then: @escaping (Animated<PointList>) -> Value) -> DeferredTracks.Track<Value> {
        let sampler = trackSampler
        let isStill = frame.placeIsStill && stillWithPlace
        if !isStill {
            deferred.prepare(frame, at: cut?.lookTimes ?? sampler.shownLookTimes(frame, stillWithPlace: stillWithPlace), with: sampler)
        }
        return deferred.track(now: isStill) { () throws(ExportError) in then(try sampler.sampledPoints(frame, stillWithPlace: stillWithPlace, within: cut?.allowed, points)) }
    }

    /// The keyframed points alone.
    func deferredPoints(_ frame: ProjectionFrame, stillWithPlace: Bool, cut: OutlineFlattening.Cut? = nil,
                        _ points: @escaping (Double) -> [Point]) -> DeferredTracks.Track<Animated<PointList>> {
        deferredPoints(frame, stillWithPlace: stillWithPlace, cut: cut, points) { $0 }
    }

    /// A polygon's outline keyframed (`deferredPoints`), with its SMIL `points` animation worked
    /// out beside it, on every core (nil when the animator writes CSS, whose rules it keeps in
    /// order itself).
    func deferredOutline(_ frame: ProjectionFrame, stillWithPlace: Bool, cut: OutlineFlattening.Cut? = nil,
                         _ points: @escaping (Double) -> [Point]) -> DeferredTracks.Track<KeyframedOutline> {
        let decimals = options.decimals
        let animation = animator.usesCSS ? nil : animator.smilAnimation("points") { (list: PointList) in list.svg(decimals: decimals) }
        return deferredPoints(frame, stillWithPlace: stillWithPlace, cut: cut, points) { track in
            KeyframedOutline(points: track, animation: animation?(track))
        }
    }
}

/// A projected outline's keyframed points and, in SMIL, the animation of a polygon's `points`.
struct KeyframedOutline {
    let points: Animated<PointList>
    let animation: PreparedSMILAnimation?
}
