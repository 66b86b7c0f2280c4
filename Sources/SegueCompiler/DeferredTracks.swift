import Segue

/// Projected outlines and gradient ends, keyframed once the whole drawing is laid out, all at once
/// on every core. The drawing lays out their elements (attributes in place) as it goes, and each
/// track, once worked out, is written into the elements that show it. The CSS flavour, whose
/// animations are style rules kept in the order they are made, keyframes each track at once.
final class DeferredTracks {
    /// A track to be worked out once, however many elements show it.
    final class Track {
        fileprivate let compute: () -> Animated<PointList>
        fileprivate var value: Animated<PointList>?
        fileprivate var writes: [(Animated<PointList>) -> Void] = []

        fileprivate init(_ compute: @escaping () -> Animated<PointList>) {
            self.compute = compute
        }

        /// Runs `write` with the track once it is worked out: at once if it is.
        func whenReady(_ write: @escaping (Animated<PointList>) -> Void) {
            if let value { write(value) } else { writes.append(write) }
        }

        fileprivate func finish(_ value: Animated<PointList>) {
            self.value = value
            for write in writes { write(value) }
            writes = []
        }
    }

    /// Whether tracks are worked out as they are asked for.
    let isImmediate: Bool
    private var pending: [Track] = []

    init(immediate: Bool) {
        isImmediate = immediate
    }

    /// A track worked out by `compute`, now if the tracks are immediate or `now`, else when the
    /// drawing is laid out (`resolve`). `compute` must change nothing the export holds: it runs
    /// beside other tracks, with the memos read-only.
    func track(now: Bool = false, _ compute: @escaping () -> Animated<PointList>) -> Track {
        let track = Track(compute)
        if isImmediate || now { track.finish(compute()) } else { pending.append(track) }
        return track
    }

    /// Works out every pending track, on every core, then writes each into its elements, in the
    /// order the tracks were asked for.
    func resolve(with memos: MemoScope) {
        let tracks = pending
        pending = []
        let values = memos.concurrentMap(tracks) { $0.compute() }
        for (track, value) in zip(tracks, values) { track.finish(value) }
    }
}

extension SVGBuilder {
    /// The sampler of this export's projected tracks.
    var trackSampler: TrackSampler { TrackSampler(options: options, cycle: animator.clock.cycle) }

    /// Points keyframed (`TrackSampler.sampledPoints`) once the drawing is laid out, beside the
    /// other tracks; at once where nothing moves them. The memos learn the times sampling looks
    /// at first now, while they may still be written.
    func deferredPoints(_ frame: ProjectionFrame, stillWithPlace: Bool,
                        _ points: @escaping (Double) -> [Point]) -> DeferredTracks.Track {
        let sampler = trackSampler
        let isStill = frame.placeIsStill && stillWithPlace
        if !isStill && !deferred.isImmediate { sampler.prepareSampling(frame, place: frame.place) }
        return deferred.track(now: isStill) { sampler.sampledPoints(frame, stillWithPlace: stillWithPlace, points) }
    }
}
