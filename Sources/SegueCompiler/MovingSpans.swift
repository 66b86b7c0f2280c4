import Segue

/// When what places a layer moves: the spans of time between two keyframes of one of the placing
/// tracks of the layer or of a superlayer (transform, position, anchor point, bounds, z position,
/// sublayer transform) whose values differ. Between two keyframes of equal value a track holds,
/// whatever its curve. Outside these spans the layer's placement, its map to the screen and
/// whether it faces the viewer hold still, so a track that only the placement moves needs no
/// samples there (`TrackSampler.samplingGrid`). A visibility switch happens at a keyframe, so it
/// moves nothing in between.
///
/// Each span knows how fast its segment may swing (`pace(between:and:)`), so that sampling knows
/// where the model may swing too fast for an interval's middle to tell (`TrackSampler`).
struct MovingSpans {
    /// Where something moves, sorted by start; they may overlap. `pace`: the angular frequency
    /// (radians per second) of the fastest swing the segment's motion could be part of.
    private var spans: [(start: Double, end: Double, pace: Double)] = []

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
            // A transform turns at most half a turn in a segment (it turns the short way), and a
            // point it turns swings through half a period of a sine: the curve's pace, times π,
            // over the segment's seconds (translations and sizes, which swing less, alike).
            spans.append((from.time, to.time, .pi * to.curve.pace / (to.time - from.time)))
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

    /// How fast the placement may swing strictly between `start` and `end`, in radians per
    /// second: the sum of the paces of the segments moving then (a layer turning inside a turning
    /// superlayer swings as fast as both together); 0 where nothing moves.
    func pace(between start: Double, and end: Double) -> Double {
        var pace = 0.0
        for span in spans {
            if span.start >= end { break }
            if span.end > start { pace += span.pace }
        }
        return pace
    }
}
