import Segue

/// The steps of a layer's placement, and its bounds, where they move along curves SVG cannot say
/// (a spring, a curve leaving the unit square), sampled into straight keyframes together: at the
/// same instants, chosen by where they put what the layer draws, all of them at once.
///
/// Sampled one by one, each within the whole tolerance, the strays of a layer's move, turn and
/// scale add up: a card flung 1,100 pt while it turns half a turn strayed 0.61 px at 0.5 px; so do
/// those of the anchor offset its bounds make and of the frame they give its drawing. Here an
/// interval is halved while, at any of seven instants inside it, the steps and bounds moving
/// straight between its ends put a corner of what the layer draws further from the model than
/// the tolerance, or leave any one's eased progress further than `progressTolerance` from the
/// model's, the bound each kept on its own.
struct SampledTogether {
    /// Where what the layer and its sublayers draw lies, in the layer's bounds space: the corners
    /// of a box around it. A step's stray moves the points of that space by an affine map, which
    /// moves no point of the box further than it moves one of its corners.
    let probes: [Point]
    /// How many px on screen one unit of the space the steps place the layer in (its superlayer's
    /// sublayer space) spans at most.
    let scale: Double
    /// How far, in px on screen, the drawing may stray.
    let tolerance: Double

    /// How far a sampled step's eased progress may stray between its keyframes: as far as
    /// `SMILAnimation` samples a spring's progress, so that a short move keeps its fine keyframes.
    static let progressTolerance = 0.0005
    /// How many times an interval may be halved: a 1 s spring is then followed to 15 µs.
    static let depthLimit = 16

    /// `steps` (outermost first) and the layer's `bounds` with their sampled segments
    /// (`Animated.isSampledSegment`) as straight keyframes at the same instants. The bounds
    /// place the layer's own drawing (its background, its contents, its clip) in its bounds
    /// space, and their corners are held to the tolerance with the box's. (Where only one of them
    /// has such segments, it may as well be sampled on its own when written, by `SMILAnimation`:
    /// its strays add up with nothing.)
    func sampled(_ steps: [TransformStep], bounds: Animated<Rect>) -> (steps: [TransformStep], bounds: Animated<Rect>) {
        let channels = steps.map(Channel.step) + [.bounds(bounds)]
        let base = Set(channels.flatMap(\.times)).sorted()
        var times = base.isEmpty ? [] : [base[0]]
        var landings: Set<Double> = []
        for (start, end) in zip(base, base.dropFirst()) {
            guard end > start, channels.contains(where: { $0.isSampled(at: (start + end) / 2) }) else {
                times.append(end)
                continue
            }
            // A spring is cut at its segment's end and lands there on its target (`SpringCurve`):
            // the model jumps by what is left of its swing, up to a few thousandths of the
            // distance for UIKit's. Where that shows, or is more than the progress keyframes may
            // stray by (halving would never close in on it), the straight keyframes follow the
            // spring up to the cut, and jump with the model; otherwise they end on the target.
            let stretch = Stretch(start: start, end: end, channels: channels)
            let landing = stretch.jump(probes) * scale > tolerance / 2 || stretch.cutShort(by: Self.progressTolerance)
            if landing { landings.insert(end) }
            halve(start, end, in: stretch, landing: landing, depth: 0, into: &times)
        }
        return (steps.map { $0.hasSampledSegment ? $0.resampled(at: times, landingAt: landings) : $0 },
                bounds.hasSampledSegment ? bounds.resampled(at: times, landingAt: landings) : bounds)
    }

    /// Adds to `times` the ends of the pieces `[a, b]` of `stretch` is halved into, `b` last.
    private func halve(_ a: Double, _ b: Double, in stretch: Stretch, landing: Bool, depth: Int, into times: inout [Double]) {
        if depth < Self.depthLimit && strays(a, b, in: stretch, landing: landing) {
            let middle = (a + b) / 2
            halve(a, middle, in: stretch, landing: landing, depth: depth + 1, into: &times)
            halve(middle, b, in: stretch, landing: landing, depth: depth + 1, into: &times)
        } else {
            times.append(b)
        }
    }

    /// Whether moving the sampled steps and bounds straight from `a` to `b` (the others as the
    /// model moves them) strays at one of seven instants in between, or, where `b` ends the
    /// stretch, just before it (`landing`: they end where the spring is cut, and jump with the
    /// model).
    private func strays(_ a: Double, _ b: Double, in stretch: Stretch, landing: Bool) -> Bool {
        let channels = stretch.channels
        let starts = channels.map { $0.value(at: a) }
        let ends = b < stretch.end ? channels.map { $0.value(at: b) } : landing ? stretch.cut : stretch.targets
        for k in 1...(b < stretch.end ? 7 : 8) {
            let fraction = Double(k) / 8, t = a + (b - a) * fraction
            var truths: [Channel.Value] = [], guesses: [Channel.Value] = []
            for index in channels.indices {
                let truth = k < 8 ? channels[index].value(at: t) : stretch.cut[index]
                guard stretch.straight[index] else {
                    truths.append(truth)
                    guesses.append(truth)
                    continue
                }
                let guess = starts[index] + (ends[index] - starts[index]) * fraction
                if Channel.distance(guess, truth) > Self.progressTolerance * stretch.moves[index] { return true }
                truths.append(truth)
                guesses.append(guess)
            }
            if Self.distance(Drawing(channels, truths), Drawing(channels, guesses), at: probes) * scale > tolerance { return true }
        }
        return false
    }

    /// How far apart two drawings of the layer put any of `probes`, or a corner of its bounds.
    fileprivate static func distance(_ one: Drawing, _ other: Drawing, at probes: [Point]) -> Double {
        var farthest = 0.0
        for (p, q) in zip(probes + one.bounds.corners, probes + other.bounds.corners) {
            guard let m = one.map.apply(p), let d = other.map.apply(q) else { continue }
            farthest = max(farthest, m.distance(to: d))
        }
        return farthest
    }
}

/// Where the layer is drawn, given each channel's value: the steps' map from its bounds space, and
/// its bounds there.
private struct Drawing {
    var map = Homography.identity
    var bounds = Rect(x: 0, y: 0, width: 0, height: 0)

    init(_ channels: [Channel], _ values: [Channel.Value]) {
        // Innermost step first: each maps into the space of the one before it.
        for (channel, value) in zip(channels, values).reversed() {
            switch channel.role {
            case .step(let step): map = map.concatenating(step.map(value))
            case .bounds: bounds = Rect(x: value[0], y: value[1], width: value[2], height: value[3])
            }
        }
    }
}

/// The steps and bounds between two neighbouring keyframe times of any of them, where one of them
/// moves along a curve SVG cannot say.
private struct Stretch {
    let end: Double
    let channels: [Channel]
    /// Which move straight between the sampled instants (their segment here is sampled).
    let straight: [Bool]
    /// How far each value moves over its whole segment here.
    let moves: [Double]
    /// Each value just before `end`, where a spring is cut.
    let cut: [Channel.Value]
    /// Each value at `end`.
    let targets: [Channel.Value]

    init(start: Double, end: Double, channels: [Channel]) {
        let middle = (start + end) / 2
        self.end = end
        self.channels = channels
        straight = channels.map { $0.isSampled(at: middle) }
        moves = channels.map { $0.segmentMove(at: middle) }
        cut = channels.map { $0.valueBefore(end) }
        targets = channels.map { $0.value(at: end) }
    }

    /// How far, in the steps' space, the model jumps at `end` at any of `probes` or of the bounds'
    /// corners.
    func jump(_ probes: [Point]) -> Double {
        SampledTogether.distance(Drawing(channels, cut), Drawing(channels, targets), at: probes)
    }

    /// Whether a value moving straight here is cut short of its target by more than `progress`
    /// of its segment's move.
    func cutShort(by progress: Double) -> Bool {
        channels.indices.contains { straight[$0] && Channel.distance(cut[$0], targets[$0]) > progress * moves[$0] }
    }
}

/// A step of the layer's placement, or its bounds, as numbers in time: a translation's offset, a
/// scale's factors, a turn's degrees, the bounds' origin and size. Each is interpolated number by
/// number, as its own values are, so the numbers' track is the value's, written otherwise.
private struct Channel {
    enum Role {
        /// A step, which maps the layer's bounds space by its value.
        case step(TransformStep)
        /// The bounds, which frame the layer's own drawing.
        case bounds
    }

    typealias Value = SIMD4<Double>

    let role: Role
    /// The numbers in time (one still keyframe for a fixed step).
    let track: Animated<Numbers>

    static func step(_ step: TransformStep) -> Channel {
        let track: Animated<Numbers> = switch step {
        case .fixed: Animated(Numbers(Value()))
        case .translate(let points), .scale(let points): points.map { Numbers(Value($0.x, $0.y, 0, 0)) }
        case .rotate(let degrees): degrees.map { Numbers(Value($0, 0, 0, 0)) }
        }
        return Channel(role: .step(step), track: track)
    }

    static func bounds(_ bounds: Animated<Rect>) -> Channel {
        Channel(role: .bounds, track: bounds.map { Numbers(Value($0.origin.x, $0.origin.y, $0.size.width, $0.size.height)) })
    }

    /// The channel's keyframe times.
    var times: [Double] { track.keyframes.map(\.time) }

    func value(at t: Double) -> Value { track.value(at: t).value }

    /// The value the segment ending at `t` reaches just before it (`Animated.valueBefore`).
    func valueBefore(_ t: Double) -> Value { track.valueBefore(t).value }

    /// Whether the segment in progress at `t` moves along a curve SVG cannot say.
    func isSampled(at t: Double) -> Bool { track.segmentIsSampled(at: t) }

    /// How far the value moves over the whole segment in progress at `t` (0 while it holds).
    func segmentMove(at t: Double) -> Double { track.segmentEnds(at: t).map { Self.distance($0.value, $1.value) } ?? 0 }

    static func distance(_ a: Value, _ b: Value) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
}

/// Four numbers interpolated one by one.
private struct Numbers: Interpolatable {
    let value: SIMD4<Double>

    init(_ value: SIMD4<Double>) { self.value = value }

    func interpolated(to other: Numbers, fraction: Double) -> Numbers {
        Numbers(value + (other.value - value) * fraction)
    }
}

extension TransformStep {
    /// The step's map for a value of its channel (`Channel.value`): a fixed step's own.
    fileprivate func map(_ value: SIMD4<Double>) -> Homography {
        switch self {
        case .fixed(let h): h
        case .translate: .translation(x: value[0], y: value[1])
        case .rotate: TransformSteps.rotation(degrees: value[0])
        case .scale: Homography(a: value[0], b: 0, c: 0, d: 0, e: value[1], f: 0, g: 0, h: 0, i: 1)
        }
    }

    /// Whether the step moves along a curve SVG cannot say somewhere (`Animated.hasSampledSegment`).
    var hasSampledSegment: Bool {
        switch self {
        case .fixed: false
        case .translate(let track), .scale(let track): track.hasSampledSegment
        case .rotate(let track): track.hasSampledSegment
        }
    }

    /// The step with each segment SVG cannot say replaced by straight keyframes
    /// (`Animated.resampled`).
    func resampled(at times: [Double], landingAt landings: Set<Double>) -> TransformStep {
        switch self {
        case .fixed: self
        case .translate(let track): .translate(track.resampled(at: times, landingAt: landings))
        case .rotate(let track): .rotate(track.resampled(at: times, landingAt: landings))
        case .scale(let track): .scale(track.resampled(at: times, landingAt: landings))
        }
    }
}

extension Animated {
    /// The keyframes around time `t`: the segment in progress then, nil outside every segment.
    private func segment(around t: Double) -> (from: Keyframe<Value>, to: Keyframe<Value>)? {
        guard let next = keyframes.firstIndex(where: { $0.time > t }), next > 0 else { return nil }
        return (keyframes[next - 1], keyframes[next])
    }

    /// Whether the segment in progress at `t` is sampled (`isSampledSegment`).
    func segmentIsSampled(at t: Double) -> Bool {
        segment(around: t).map { Self.isSampledSegment($0.from, $0.to) } ?? false
    }

    /// The values the segment in progress at `t` starts and ends at.
    func segmentEnds(at t: Double) -> (Value, Value)? {
        segment(around: t).map { ($0.from.value, $0.to.value) }
    }

    /// The value the segment ending at `t` reaches just before it: where a spring is cut (see
    /// `SpringCurve`), short of its target by what is left of its swing.
    func valueBefore(_ t: Double) -> Value {
        guard let next = keyframes.firstIndex(where: { $0.time >= t }), next > 0 else { return value(at: t) }
        let from = keyframes[next - 1], to = keyframes[next]
        guard to.time > from.time, from.value != to.value else { return value(at: t) }
        let fraction = min((t - from.time) / (to.time - from.time), (1.0).nextDown)
        return from.value.interpolated(to: to.value, fraction: to.curve.progress(at: fraction))
    }

    /// The track with each sampled segment (`isSampledSegment`) replaced by straight keyframes at
    /// those of `times` (sorted) inside it; one that ends at one of `landings` reaches the value
    /// its curve is cut at (`valueBefore`) and jumps there to its target, as the model does.
    func resampled(at times: [Double], landingAt landings: Set<Double>) -> Animated {
        var frames = [keyframes[0]]
        for (previous, frame) in zip(keyframes, keyframes.dropFirst()) {
            guard Self.isSampledSegment(previous, frame) else {
                frames.append(frame)
                continue
            }
            let span = frame.time - previous.time
            for time in times where time > previous.time && time < frame.time {
                let progress = frame.curve.progress(at: (time - previous.time) / span)
                frames.append(Keyframe(time: time, value: previous.value.interpolated(to: frame.value, fraction: progress)))
            }
            if landings.contains(frame.time) { frames.append(Keyframe(time: frame.time, value: valueBefore(frame.time))) }
            frames.append(Keyframe(time: frame.time, value: frame.value))
        }
        return Animated(keyframes: frames)
    }
}
