import Segue

/// A layer's `transform` track made ready to be evaluated at many times: each segment's two ends
/// are decomposed once, where `Animated.value(at:)` decomposes both at every call. The values are
/// the same.
struct TransformTrack {
    private let track: Animated<Transform3D>
    /// For each keyframe, the decomposed ends of the segment it starts (nil: no segment, or ends
    /// that do not decompose, which `Transform3D.interpolated` interpolates element-wise).
    private let ends: [(Transform3D.Parts, Transform3D.Parts)?]

    init(_ track: Animated<Transform3D>) {
        self.track = track
        let frames = track.keyframes
        ends = frames.indices.map { i in
            guard i + 1 < frames.count, let a = frames[i].value.decomposed(), let b = frames[i + 1].value.decomposed() else { return nil }
            return (Transform3D.Parts(a), Transform3D.Parts(b))
        }
    }

    func value(at t: Double) -> Transform3D {
        let (index, progress) = track.segment(at: t)
        guard let progress else { return track.keyframes[index].value }
        guard let (a, b) = ends[index] else { return track.value(at: t) }
        return Transform3D(interpolating: a, b, fraction: progress)
    }
}
