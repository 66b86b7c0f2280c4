import Segue

/// Replaces easings a format cannot say (springs) with straight pieces that stay within a
/// tolerance of the real curve: what SMIL keyframes and CSS `linear()` easings are made of.
enum EasingSampler {
    /// The corners of straight pieces that stay within `tolerance` (in progress units) of the
    /// easing: each a time fraction and the progress there, from (0, 0) to (1, 1), or, for a
    /// curve that `lands`, to (1, `cut`), the jump from there to the target left to the caller.
    static func pieces(for easing: Easing, tolerance: Double) -> (corners: [(fraction: Double, progress: Double)], lands: Bool) {
        let lands = lands(easing, tolerance: tolerance)
        let end = lands ? cut(of: easing) : 1
        func progress(_ f: Double) -> Double { f == 1 ? end : easing.progress(at: f) }
        var corners = [(fraction: 0.0, progress: progress(0))]
        func refine(_ a: Double, _ b: Double, depth: Int) {
            let pa = progress(a), pb = progress(b)
            var worst = 0.0
            for eighth in 1...7 {
                let k = Double(eighth) / 8, f = a + (b - a) * k
                worst = max(worst, abs(progress(f) - (pa + (pb - pa) * k)))
            }
            if worst > tolerance && depth < 16 {
                let mid = (a + b) / 2
                refine(a, mid, depth: depth + 1)
                refine(mid, b, depth: depth + 1)
            } else {
                corners.append((fraction: b, progress: pb))
            }
        }
        refine(0, 1, depth: 0)
        return (corners, lands)
    }

    /// The progress `easing` reaches just before its end: a spring is cut there (UIKit and Core
    /// Animation stop it a few thousandths of the way short, or more for a loose one) and jumps
    /// to its target; a Bézier curve arrives.
    static func cut(of easing: Easing) -> Double {
        easing.progress(at: (1.0).nextDown)
    }

    /// Whether pieces within `tolerance` of `easing` land where it is cut and jump from there to
    /// the target, as the model does: where the cut lies further than the tolerance from the
    /// target, a last piece ending at the target misses the curve before it by more, and halving
    /// toward the end only crowds keyframes there (16 before a loose spring's cut); nearer, that
    /// piece holds, and is one keyframe fewer than landing.
    static func lands(_ easing: Easing, tolerance: Double) -> Bool {
        abs(1 - cut(of: easing)) > tolerance
    }
}

extension Animated {
    /// The same track with every spring segment replaced by straight keyframes within `tolerance`
    /// of the spring's progress, which land where a spring is cut and jump to its target there
    /// when the cut is further off than that (`EasingSampler.lands`); Bézier segments the format
    /// can say (`keeps`) are kept as they are. With `distance` (how far a segment moves, in px),
    /// a segment also strays at most `pixelTolerance` px: a fraction of the progress is a long way
    /// on a move of thousands of points.
    func withSpringsSampled(tolerance: Double, distance: ((Value, Value) -> Double)? = nil, pixelTolerance: Double = .infinity,
                            keeps: (TimingCurve) -> Bool = { _ in true }) -> Animated {
        func isKept(_ previous: Keyframe<Value>, _ frame: Keyframe<Value>) -> Bool {
            (frame.curve.bezier.map(keeps) ?? false) || frame.time <= previous.time
        }
        // Most tracks have nothing to sample: kept as they are, not copied frame by frame.
        guard zip(keyframes, keyframes.dropFirst()).contains(where: { !isKept($0, $1) }) else { return self }
        var frames = [keyframes[0]]
        for (previous, frame) in zip(keyframes, keyframes.dropFirst()) {
            guard !isKept(previous, frame) else {
                frames.append(frame)
                continue
            }
            let span = frame.time - previous.time
            let moved = distance?(previous.value, frame.value) ?? 0
            let limit = moved > 0 ? min(tolerance, pixelTolerance / moved) : tolerance
            let (corners, lands) = EasingSampler.pieces(for: frame.curve, tolerance: limit)
            for (fraction, progress) in corners.dropFirst() {
                let arrives = fraction == 1 && !lands
                let value = arrives ? frame.value : previous.value.interpolated(to: frame.value, fraction: progress)
                frames.append(Keyframe(time: fraction == 1 ? frame.time : previous.time + span * fraction, value: value))
            }
            // Where the curve is cut, the value jumps to its target, as the model does.
            if lands { frames.append(Keyframe(time: frame.time, value: frame.value)) }
        }
        return Animated(keyframes: frames)
    }
}

extension Animated {
    /// Whether a segment's curve is one SMIL cannot say, so that it is sampled.
    var hasSampledSegment: Bool {
        zip(keyframes, keyframes.dropFirst()).contains(where: Self.isSampledSegment)
    }

    /// Whether the segment arriving at keyframe `to` from `from` moves along a curve SMIL cannot
    /// say, so that it is sampled.
    static func isSampledSegment(_ from: Keyframe<Value>, _ to: Keyframe<Value>) -> Bool {
        to.time > from.time && from.value != to.value && !(to.curve.bezier?.fitsKeySplines ?? false)
    }
}
