/// The shape of a layer's mask, like a `CAShapeLayer` set as `layer.mask`: what lies inside shows.
///
/// Geometry is in the masked layer's own coordinates (its bounds). In SVG a mask becomes a
/// `clipPath` whose geometry SMIL animates; in HTML, a CSS `clip-path`.
public enum MaskShape: Hashable, Codable, Sendable {
    /// An oval inscribed in a rectangle: `UIBezierPath(ovalIn:)`. A square gives a circle.
    case ellipse(Rect)
    /// A rectangle with rounded corners: `UIBezierPath(roundedRect:cornerRadius:)`.
    case rect(Rect, cornerRadius: Double)
    /// Any outline.
    case path(Path)

    /// The oval inscribed in `rect`, as `UIBezierPath(ovalIn: rect)` (a circle when `rect` is square).
    public static func circle(in rect: Rect) -> MaskShape { .ellipse(rect) }

    /// A circle, as `UIBezierPath(arcCenter:radius:startAngle: 0, endAngle: 2π, clockwise: true)`.
    public static func circle(center: Point, radius: Double) -> MaskShape {
        .ellipse(.circle(center: center, radius: radius))
    }

    /// The name of the shape's kind, for messages.
    public var kind: String {
        switch self {
        case .ellipse: "ellipse"
        case .rect: "rect"
        case .path: "path"
        }
    }

    /// True when the two shapes can blend into each other (same kind; paths of the same structure).
    public func canInterpolate(to other: MaskShape) -> Bool {
        switch (self, other) {
        case (.ellipse, .ellipse), (.rect, .rect): true
        case (.path(let a), .path(let b)): a.hasSameStructure(as: b)
        default: false
        }
    }
}

extension MaskShape: Interpolatable {
    /// An oval's Bézier points are linear in its rectangle, so blending the paths Core Animation
    /// builds equals blending the rectangles: the circle's centre and radius move linearly.
    public func interpolated(to other: MaskShape, fraction t: Double) -> MaskShape {
        switch (self, other) {
        case (.ellipse(let a), .ellipse(let b)):
            return .ellipse(a.interpolated(to: b, fraction: t))
        case (.rect(let a, let ra), .rect(let b, let rb)):
            return .rect(a.interpolated(to: b, fraction: t), cornerRadius: ra.interpolated(to: rb, fraction: t))
        case (.path(let a), .path(let b)):
            return .path(a.interpolated(to: b, fraction: t))
        default:
            return t < 1 ? self : other
        }
    }
}
