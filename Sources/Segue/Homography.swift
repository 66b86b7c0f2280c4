/// A projective map of the plane in row-vector form: `(x, y, 1) · H`, then divide by w.
///
/// Layers are flat: Core Animation flattens each layer's content into its superlayer's plane,
/// so the chain from a layer to the screen is a product of these 3×3 maps. The evaluator uses
/// it to place a layer's corners on screen; when `isAffine`, SVG can draw it as a `matrix()`.
public struct Homography: Hashable, Codable, Sendable {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double
    public var g: Double, h: Double, i: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        self.a = a; self.b = b; self.c = c
        self.d = d; self.e = e; self.f = f
        self.g = g; self.h = h; self.i = i
    }

    public static let identity = Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    /// A 2D translation.
    public static func translation(x: Double, y: Double) -> Homography {
        Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x, h: y, i: 1)
    }

    /// `self` first, then `other`.
    @inlinable
    public func concatenating(_ o: Homography) -> Homography {
        Homography(
            a: a * o.a + b * o.d + c * o.g, b: a * o.b + b * o.e + c * o.h, c: a * o.c + b * o.f + c * o.i,
            d: d * o.a + e * o.d + f * o.g, e: d * o.b + e * o.e + f * o.h, f: d * o.c + e * o.f + f * o.i,
            g: g * o.a + h * o.d + i * o.g, h: g * o.b + h * o.e + i * o.h, i: g * o.c + h * o.f + i * o.i
        )
    }

    /// The image of a point; `nil` when it lands at or behind the viewer (w ≤ 0).
    @inlinable
    public func apply(_ p: Point) -> Point? {
        let w = p.x * c + p.y * f + i
        guard w > 1e-12 else { return nil }
        return Point(x: (p.x * a + p.y * d + g) / w, y: (p.x * b + p.y * e + h) / w)
    }

    /// The homogeneous w of a point's image.
    @inlinable
    public func w(_ p: Point) -> Double { p.x * c + p.y * f + i }

    /// True when the map has no perspective part.
    public var isAffine: Bool { c == 0 && f == 0 && i == 1 }

    /// The determinant of the linear 2×2 part (negative: the plane is seen from behind).
    public var linearDeterminant: Double { a * e - b * d }

    /// How far the linear 2×2 part stretches a unit length at most (its largest singular value):
    /// what one unit of the source space spans on screen, for an affine map.
    public var largestStretch: Double {
        let sum = a * a + b * b + d * d + e * e, det = linearDeterminant
        return ((sum + max(sum * sum - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
    }
}
