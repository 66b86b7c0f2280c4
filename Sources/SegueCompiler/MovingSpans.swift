import Segue

/// When what places a layer moves: the spans of time between two keyframes of one of the placing
/// tracks of the layer or of a superlayer (transform, position, anchor point, bounds, z position,
/// sublayer transform) whose values differ. Between two keyframes of equal value a track holds,
/// whatever its curve. Outside these spans the layer's placement, its map to the screen and
/// whether it faces the viewer hold still, so a track that only the placement moves needs no
/// samples there (`TrackSampler.samplingGrid`). A visibility switch happens at a keyframe, so it
/// moves nothing in between.
struct MovingSpans {
    /// Where something moves, sorted by start; they may overlap.
    private var spans: [(start: Double, end: Double)] = []

    /// Nothing moves.
    static let none = MovingSpans()

    private init() {}

    /// The spans in which `layer`'s own placing tracks move.
    init(placing layer: some LayerPlacing) {
        add(layer.transform)
        add(layer.position)
        add(layer.anchorPoint)
        add(layer.bounds)
        add(layer.zPosition)
        add(layer.sublayerTransform)
        spans.sort { $0.start < $1.start }
    }

    private mutating func add<Value>(_ track: Animated<Value>) {
        for (from, to) in zip(track.keyframes, track.keyframes.dropFirst()) where to.time > from.time && from.value != to.value {
            spans.append((from.time, to.time))
        }
    }

    /// Where either moves.
    func union(_ other: MovingSpans) -> MovingSpans {
        var result = MovingSpans()
        result.spans = (spans + other.spans).sorted { $0.start < $1.start }
        return result
    }

    /// Whether anything moves strictly between `start` and `end`.
    func moves(between start: Double, and end: Double) -> Bool {
        for span in spans {
            if span.start >= end { return false }
            if span.end > start { return true }
        }
        return false
    }
}
