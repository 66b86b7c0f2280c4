/// Figures about one SVG write: for `segue export --stats` and the benchmark.
public struct SVGStats: Sendable, Equatable {
    /// The largest distance, in screen pixels, between where text, images and snapshots seen in
    /// perspective are drawn (by affine strips, as written and as SMIL interpolates them) and
    /// where the model puts them (`StripStraying`). Outlines stay within the tolerance;
    /// `SMILReplay` measures the written document against the model.
    public var worstContentDeviation: Double = 0
    /// Animation elements written.
    public var animations: Int = 0
    /// Keyframe values in all animations.
    public var keyframes: Int = 0
    /// The document's size in bytes.
    public var bytes: Int = 0

    public init() {}
}
