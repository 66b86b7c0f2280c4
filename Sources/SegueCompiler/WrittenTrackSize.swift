import Segue

/// About how many bytes a keyframed track writes, which decides whether its curved (`keySplines`)
/// keyframes are worth it: fewer keyframes, but a spline entry for every interval, in every
/// animation that writes the track.
struct WrittenTrackSize {
    /// Each keyframe: its values in every animation, and each animation's key time.
    var perKeyframe: Int
    /// Each interval, once any is curved: every animation's `keySplines` entry (`0 0 1 1;` for a
    /// straight one).
    var perInterval: Int
    /// What a curved interval's entries write beyond a straight one's (`.33 .34 .67 .68;`).
    var perCurve: Int
    /// Once, when any interval is curved: every animation's `calcMode="spline" keySplines=""`.
    var splineOverhead: Int

    /// One animation of a list of `points` points (a polygon's `points`, a gradient's ends).
    static func points(_ points: Int) -> WrittenTrackSize {
        WrittenTrackSize(perKeyframe: points * 11 + 7, perInterval: 10, perCurve: 8, splineOverhead: 30)
    }

    /// `animations` animations written in step (a strip's map, one per part), each with its own
    /// key times and splines, whose values take about `valueBytes` a keyframe altogether.
    static func inStep(animations: Int, valueBytes: Int) -> WrittenTrackSize {
        WrittenTrackSize(perKeyframe: valueBytes + animations * 5, perInterval: animations * 9,
                         perCurve: animations * 8, splineOverhead: animations * 30)
    }

    /// The bytes of an animation with these keyframes (each with the curve of the interval it
    /// ends), over a clock cycle of `cycle` seconds. A keyframe whose key time prints as its
    /// predecessor's (five decimals of the cycle) is left out: the two sides of a base time where
    /// nothing jumps, which the writer drops once their values print the same too
    /// (`Animated.written`); a straight and a curved candidate hold the same ones.
    func bytes<V>(_ keyframes: [Keyframe<V>], cycle: Double) -> Int {
        let written = zip(keyframes.dropFirst(), keyframes).filter { $0.time - $1.time > cycle * 5e-6 }.map(\.0)
        return bytes(following: written.count, curves: written.filter { !$0.curve.isLinear }.count)
    }

    /// The bytes of an animation whose first keyframe is followed by `written` more, `curves` of
    /// them arriving along a curve. It grows with either.
    func bytes(following written: Int, curves: Int) -> Int {
        let splines = curves > 0 ? written * perInterval + splineOverhead : 0
        return (written + 1) * perKeyframe + splines + curves * perCurve
    }
}
