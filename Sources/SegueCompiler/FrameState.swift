import Segue

/// Every layer's state at one instant, as the evaluator computes it: what `segue inspect` prints
/// and what the browser checks compare rendered frames with.
public struct FrameState: Codable, Sendable, Equatable {
    public var transition: String
    public var direction: Direction
    /// Seconds from the start.
    public var time: Double
    /// `time / duration`, 0...1.
    public var progress: Double
    public var size: Size
    /// The transition's duration in seconds.
    public var duration: Double
    /// Every time at which some keyframe segment starts or ends: where a check should sample.
    public var keyframeTimes: [Double]
    /// Layers in paint order, back to front.
    public var layers: [LayerState]
}

/// One layer at one instant.
public struct LayerState: Codable, Sendable, Equatable {
    public var id: String
    public var parent: String?
    /// The bounds' corners on screen (top-left, top-right, bottom-right, bottom-left of the bounds),
    /// after every transform and perspective; nil when the layer passes behind the viewer.
    public var corners: [Point]?
    /// The layer's own opacity.
    public var opacity: Double
    /// The product of its own and every ancestor's opacity: how strongly it shows.
    public var effectiveOpacity: Double
    /// True when the layer or an ancestor is hidden.
    public var isHidden: Bool
    /// True when a single-sided layer, or a single-sided ancestor, shows its back (and so it is not
    /// drawn: a layer draws its sublayers in its plane, as Core Animation and the HTML page do).
    public var isBackFacing: Bool
    /// True when the layer is drawn at all: not hidden, not a culled back face, not fully transparent.
    public var visible: Bool
    /// The map from the layer's bounds space to the screen.
    public var screenTransform: Homography
    /// The layer's mask on screen, if it has one.
    public var mask: MaskState?
    /// The flat colour the layer shows, if it shows one: colour contents, else its background; for a
    /// snapshot, the colour of the screen it pictures when that screen is a flat colour.
    public var fill: Color?
    /// True when the layer clips its sublayers to its bounds.
    public var masksToBounds: Bool
}

/// A mask's shape at one instant, in the layer's coordinates and (where it stays a circle) on screen.
public struct MaskState: Codable, Sendable, Equatable {
    /// `circle`, `ellipse`, `rect` or `path`.
    public var kind: String
    /// The shape in the layer's own coordinates.
    public var shape: MaskShape
    /// On screen, for a circle seen without distortion.
    public var center: Point?
    public var radius: Double?
}
