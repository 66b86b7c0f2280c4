import Segue

/// Projected outlines, gradient ends and strip maps, keyframed on the other cores as the drawing is
/// laid out, and on every core once it is. The drawing lays out their elements (attributes in
/// place) as it goes, and each track, once worked out, is written into the elements that show it,
/// in the order the tracks were asked for, by the thread that writes the document, while the other
/// cores go on with the tracks still to do. A track's work may hand parts of itself to the other
/// cores as tracks of their own (a layer's strips, once it is cut into them: `Handoff`). The CSS
/// flavour, whose animations are style rules kept in the order they are made, keyframes each track
/// at once.
final class DeferredTracks {
    /// A track to be worked out once, however many elements show it.
    final class Track<Value> {
        /// What the track is, once worked out: written by the thread that works it out, read by the
        /// writing thread once its work is done (`TrackBoard`), or at once for a track worked out
        /// as it was asked for.
        fileprivate var value: Value?
        private var writes: [(Value) -> Void] = []
        /// Whether its writes are done (or it was worked out as it was asked for): a write asked
        /// for now is made at once. On the writing thread only.
        private var isWritten = false

        fileprivate init() {}

        fileprivate init(value: Value?) {
            self.value = value
            isWritten = true
        }

        /// Runs `write` with the track once it is worked out: at once if it is written already.
        func whenReady(_ write: @escaping (Value) -> Void) {
            if isWritten {
                if let value { write(value) }
            } else {
                writes.append(write)
            }
        }

        /// Makes the writes asked for so far (on the writing thread, once the work is done).
        fileprivate func finish() {
            isWritten = true
            guard let value else { return }
            for write in writes { write(value) }
            writes = []
        }
    }

    /// What a track's work hands to the other cores: tracks of its own, written after it, in the
    /// order it asked for them. Used by the work's own thread only.
    final class Handoff {
        private unowned let owner: DeferredTracks
        /// The tracks handed off so far, their work on the board.
        fileprivate var handed: [Entry] = []
        /// Why the first track worked out at once failed.
        fileprivate var failure: ExportError?

        fileprivate init(_ owner: DeferredTracks) {
            self.owner = owner
        }

        /// A track worked out by `compute`, on whichever core takes it (at once if the tracks are
        /// immediate or `now`), and written after the track handing it off. `compute` must change
        /// nothing the export holds. Where it throws, the track is never written, and the
        /// export fails.
        func track<Value>(now: Bool = false, _ compute: @escaping () throws(ExportError) -> Value) -> Track<Value> {
            if owner.isImmediate || now {
                let (track, error) = DeferredTracks.settled(compute)
                failure = failure ?? error
                return track
            }
            let (track, job) = DeferredTracks.job(compute)
            handed.append(Entry(job: job, finish: track.finish, handed: nil))
            owner.board.add(job)
            return track
        }
    }

    /// A track in the order of writes: its work, and what writes it once done; then the tracks its
    /// work handed off.
    fileprivate struct Entry {
        let job: TrackBoard.Job
        let finish: () -> Void
        let handed: Handoff?
    }

    /// Whether tracks are worked out as they are asked for.
    fileprivate let isImmediate: Bool
    /// The export's memos, and the helpers that work on the tracks beside its thread.
    private let memos: MemoScope
    /// The work of the tracks asked for and not yet written.
    fileprivate let board = TrackBoard()
    /// The tracks to write, in order, from the first not written yet.
    private var order: [Entry] = []
    /// Why the first track to fail, in the order they were asked for, failed.
    private var failure: ExportError?

    init(immediate: Bool, memos: MemoScope) {
        isImmediate = immediate
        self.memos = memos
    }

    /// Starts the other cores' threads ahead of the first track, which they then wait for (a
    /// thread takes a while to come): on the writing thread, where projected drawing is about to
    /// be laid out. Nothing when the tracks are worked out at once.
    func prepareHelpers() {
        guard !isImmediate else { return }
        memos.startHelpers(board.help)
    }

    /// A track worked out by `compute`, now if the tracks are immediate or `now`, else on whichever
    /// core takes it first: another core's, as the drawing is laid out, or any once it is
    /// (`resolve`). `compute` must change nothing the export holds: it runs beside the layout and
    /// other tracks, and calls memos (`MemoScope.startHelpers`); it may hand parts of its work to
    /// other cores (`Handoff`). Where it throws, the track is never written, and `resolve` throws.
    /// Asked for on the writing thread.
    func track<Value>(now: Bool = false, _ compute: @escaping (Handoff) throws(ExportError) -> Value) -> Track<Value> {
        let handoff = Handoff(self)
        if isImmediate || now {
            let (track, error) = Self.settled { () throws(ExportError) in try compute(handoff) }
            failure = failure ?? error ?? handoff.failure
            order += handoff.handed
            return track
        }
        let (track, job) = Self.job { () throws(ExportError) in try compute(handoff) }
        order.append(Entry(job: job, finish: track.finish, handed: handoff))
        board.add(job)
        memos.startHelpers(board.help)
        return track
    }

    /// A track worked out by `compute`, which hands nothing off.
    func track<Value>(now: Bool = false, _ compute: @escaping () throws(ExportError) -> Value) -> Track<Value> {
        track(now: now) { (_: Handoff) throws(ExportError) in try compute() }
    }

    /// A track worked out at once, and why its work failed.
    private static func settled<Value>(_ compute: () throws(ExportError) -> Value) -> (Track<Value>, ExportError?) {
        do throws(ExportError) { return (Track(value: try compute()), nil) } catch { return (Track(value: nil), error) }
    }

    /// A track and the work that works it out (keeping it in the track).
    private static func job<Value>(_ compute: @escaping () throws(ExportError) -> Value) -> (Track<Value>, TrackBoard.Job) {
        let track = Track<Value>()
        let job = TrackBoard.Job { () -> ExportError? in
            do throws(ExportError) { track.value = try compute() } catch { return error }
            return nil
        }
        return (track, job)
    }

    /// Has the memos behind `frame` learn the times sampling a track in it looks at first
    /// (`TrackSampler.shownLookTimes`), while they may still be written
    /// (`TrackSampler.prepareSampling`); nothing when tracks are worked out as they are asked for.
    func prepare(_ frame: ProjectionFrame, at times: @autoclosure () -> [Double], with sampler: TrackSampler) {
        if !isImmediate { sampler.prepareSampling(frame, at: times()) }
    }

    /// Works out every pending track, on every core, and writes each into its elements on this
    /// thread, in the order the tracks were asked for, each track's handed-off tracks after it:
    /// while the track to write next is worked out, this thread takes other work too. Throws why
    /// the first track that could not be worked out failed, in that order (no later track is
    /// written then).
    func resolve() throws(ExportError) {
        // The helpers started with the first track asked for; this thread joins them.
        if failure == nil { writeInOrder() }
        stop()
        order = []
        if let failure { throw failure }
    }

    /// Stops the other cores' work on the tracks (what they are doing they finish) and waits for
    /// them: once the tracks are resolved, or when the export fails before.
    func stop() {
        board.close()
        memos.joinHelpers()
    }

    /// Writes the tracks in order as their work is done, taking work meanwhile; stops at the first
    /// that failed.
    private func writeInOrder() {
        var index = 0
        while index < order.count {
            let entry = order[index]
            index += 1
            board.work(until: entry.job)
            if let error = entry.job.failure ?? entry.handed?.failure {
                failure = error
                return
            }
            entry.finish()
            if let handed = entry.handed?.handed { order += handed }
        }
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
