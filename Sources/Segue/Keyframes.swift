/// One keyframe of a property: its value at an absolute time (seconds from the transition's start),
/// and the timing curve of the segment that arrives at it from the previous keyframe.
public struct Keyframe<Value: Interpolatable>: Codable, Sendable, Equatable {
    public var time: Double
    public var value: Value
    /// The easing from the previous keyframe to this one; unused on the first keyframe.
    public var curve: Easing

    @inlinable
    public init(time: Double, value: Value, curve: Easing = .linear) {
        self.time = time
        self.value = value
        self.curve = curve
    }
}

/// A property's whole life over the transition: resolved keyframes in absolute time.
///
/// Invariants (established by the resolver): at least one keyframe; the first at time 0; times never
/// decrease. Two keyframes at one time are a jump. Before the first and after the last keyframe the
/// value holds. A static property is a single keyframe.
public struct Animated<Value: Interpolatable>: Codable, Sendable, Equatable {
    public var keyframes: [Keyframe<Value>]

    /// A value that never changes.
    @inlinable
    public init(_ value: Value) {
        keyframes = [Keyframe(time: 0, value: value)]
    }

    @inlinable
    public init(keyframes: [Keyframe<Value>]) {
        precondition(!keyframes.isEmpty, "a property needs at least one keyframe")
        self.keyframes = keyframes
    }

    /// The value at time 0.
    @inlinable
    public var initialValue: Value { keyframes[0].value }

    /// The value after the last keyframe.
    @inlinable
    public var finalValue: Value { keyframes[keyframes.count - 1].value }

    /// True when the value never changes.
    @inlinable
    public var isConstant: Bool { keyframes.allSatisfy { $0.value == keyframes[0].value } }

    /// The value at time `t` (seconds). At a jump, the later value wins. (Inlinable: the compiler
    /// asks for values of concrete types millions of times, and a specialised copy is far faster.)
    @inlinable
    public func value(at t: Double) -> Value {
        let (index, progress) = segment(at: t)
        guard let progress else { return keyframes[index].value }
        return keyframes[index].value.interpolated(to: keyframes[index + 1].value, fraction: progress)
    }

    /// Where time `t` falls: the keyframe that starts the segment in progress and the eased
    /// progress towards the next one, or nil progress while the keyframe's value holds.
    @inlinable
    public func segment(at t: Double) -> (index: Int, progress: Double?) {
        guard t > keyframes[0].time else { return (keyframes.lastIndex(where: { $0.time <= keyframes[0].time })!, nil) }
        var index = keyframes.count - 1
        while index > 0 && keyframes[index].time > t { index -= 1 }
        // keyframes[index] is the last keyframe at or before t.
        guard index + 1 < keyframes.count else { return (index, nil) }
        let from = keyframes[index], to = keyframes[index + 1]
        let span = to.time - from.time
        guard span > 0 else { return (index + 1, nil) }
        guard from.value != to.value else { return (index, nil) }
        return (index, to.curve.progress(at: (t - from.time) / span))
    }

    /// The times at which a segment starts or ends (what a browser check should sample).
    public var segmentTimes: [Double] { keyframes.map(\.time) }

    /// Appends the times at which a segment starts or ends to `times`.
    public func gatherSegmentTimes(into times: inout [Double]) {
        for keyframe in keyframes { times.append(keyframe.time) }
    }

    /// The same life played backwards over `duration`: time t becomes `duration - t`, curves reverse.
    public func reversed(duration: Double) -> Animated {
        var result: [Keyframe<Value>] = []
        for (index, frame) in keyframes.enumerated().reversed() {
            let curve = index + 1 < keyframes.count ? keyframes[index + 1].curve.reversed : .linear
            result.append(Keyframe(time: duration - frame.time, value: frame.value, curve: curve))
        }
        if result[0].time > 0 {
            result.insert(Keyframe(time: 0, value: result[0].value), at: 0)
        }
        return Animated(keyframes: result)
    }

    /// The same life with every value changed by `transform` (times and curves kept).
    /// (Inlinable, like `value(at:)`: the compiler maps tracks of concrete types, each keyframe
    /// of which would otherwise look its type up at run time.)
    @inlinable
    public func map<Other: Interpolatable>(_ transform: (Value) -> Other) -> Animated<Other> {
        Animated<Other>(keyframes: keyframes.map { Keyframe(time: $0.time, value: transform($0.value), curve: $0.curve) })
    }
}
