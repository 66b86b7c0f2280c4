import Segue

extension Animated where Value == Double {
    /// An opacity with a hidden flag folded in: 0 while hidden. A hidden layer then shows at
    /// opacity 0, which, unlike CSS `visibility`, no sublayer can undo. Jumps stay jumps.
    func shown(hidden: Animated<Bool>) -> Animated<Double> {
        if hidden.isConstant && !hidden.initialValue { return self }
        var times = Set(segmentTimes)
        times.formUnion(hidden.segmentTimes)
        var frames: [Keyframe<Double>] = []
        for time in times.sorted() {
            let before = hidden.keyframes.last { $0.time < time }?.value ?? hidden.initialValue
            let after = hidden.value(at: time)
            let opacity = value(at: time)
            let curve = keyframes.first { $0.time == time }?.curve ?? .linear
            if before != after && time > 0 {
                frames.append(Keyframe(time: time, value: before ? 0 : opacity, curve: curve))
                frames.append(Keyframe(time: time, value: after ? 0 : opacity))
            } else {
                frames.append(Keyframe(time: time, value: after ? 0 : opacity, curve: curve))
            }
        }
        return Animated(keyframes: frames)
    }
}
