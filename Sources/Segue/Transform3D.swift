import Foundation

/// A 4×4 homogeneous transform with Core Animation's `CATransform3D` semantics.
///
/// Points are row vectors multiplied on the left (`p' = p · M`), so translation lives in
/// `m41`, `m42`, `m43`, and perspective in `m34` (set `m34 = -1 / d` for a viewer at distance `d`).
/// `a.concatenating(b)` is `CATransform3DConcat(a, b)`: `a` applies first, then `b`.
/// The `translatedBy`, `scaledBy` and `rotatedBy` functions behave like `CATransform3DTranslate`,
/// `CATransform3DScale` and `CATransform3DRotate`: the new operation applies before the existing one.
///
/// In HTML a transform becomes a CSS `matrix3d()` (or simpler functions); in SVG, which has no 3D,
/// its 2D projection becomes a `transform` or projected geometry.
public struct Transform3D: Hashable, Codable, Sendable {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    @inlinable
    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )

    /// The identity with perspective `m34 = -1 / distance`, the usual `sublayerTransform` of a 3D container.
    public static func perspective(distance: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / distance
        return t
    }

    /// `CATransform3DMakeTranslation(tx, ty, tz)`.
    public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
        self = .identity
        m41 = tx; m42 = ty; m43 = tz
    }

    /// `CATransform3DMakeScale(sx, sy, sz)`.
    public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
        self = .identity
        m11 = sx; m22 = sy; m33 = sz
    }

    /// A uniform scale in x and y, like `CGAffineTransform(scaleX: s, y: s)`.
    public init(scale s: Double) {
        self.init(scaleX: s, y: s)
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: a rotation of `angle` radians about the axis (x, y, z).
    /// A positive angle about z turns clockwise on screen, as in UIKit.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        m11 = t * ux * ux + c;      m12 = t * ux * uy + s * uz; m13 = t * ux * uz - s * uy
        m21 = t * ux * uy - s * uz; m22 = t * uy * uy + c;      m23 = t * uy * uz + s * ux
        m31 = t * ux * uz + s * uy; m32 = t * uy * uz - s * ux; m33 = t * uz * uz + c
    }

    /// A 2D rotation about z, like `CGAffineTransform(rotationAngle:)`.
    public init(rotationAngle angle: Double) {
        self.init(rotationAngle: angle, x: 0, y: 0, z: 1)
    }

    /// `CATransform3DConcat(self, other)`: `self` applies first, then `other`.
    @inlinable
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let b = other
        func row(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> (Double, Double, Double, Double) {
            (x * b.m11 + y * b.m21 + z * b.m31 + w * b.m41, x * b.m12 + y * b.m22 + z * b.m32 + w * b.m42,
             x * b.m13 + y * b.m23 + z * b.m33 + w * b.m43, x * b.m14 + y * b.m24 + z * b.m34 + w * b.m44)
        }
        let r1 = row(m11, m12, m13, m14), r2 = row(m21, m22, m23, m24)
        let r3 = row(m31, m32, m33, m34), r4 = row(m41, m42, m43, m44)
        return Transform3D(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                           m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// `CATransform3DTranslate(self, tx, ty, tz)`: translate first, then apply `self`. (The
    /// product with the translation's matrix, without its multiplications by 0 and 1.)
    @inlinable
    public func translatedBy(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
        var r = self
        r.m41 = tx * m11 + ty * m21 + tz * m31 + m41
        r.m42 = tx * m12 + ty * m22 + tz * m32 + m42
        r.m43 = tx * m13 + ty * m23 + tz * m33 + m43
        r.m44 = tx * m14 + ty * m24 + tz * m34 + m44
        return r
    }

    /// Apply `self`, then translate: `concatenating(Transform3D(translationX: tx, y: ty, z: tz))`
    /// without its multiplications by 0 and 1.
    @inlinable
    public func thenTranslatedBy(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
        var r = self
        r.m11 += m14 * tx; r.m12 += m14 * ty; r.m13 += m14 * tz
        r.m21 += m24 * tx; r.m22 += m24 * ty; r.m23 += m24 * tz
        r.m31 += m34 * tx; r.m32 += m34 * ty; r.m33 += m34 * tz
        r.m41 += m44 * tx; r.m42 += m44 * ty; r.m43 += m44 * tz
        return r
    }

    /// `CATransform3DScale(self, sx, sy, sz)`: scale first, then apply `self`.
    public func scaledBy(x sx: Double, y sy: Double, z sz: Double = 1) -> Transform3D {
        Transform3D(scaleX: sx, y: sy, z: sz).concatenating(self)
    }

    /// `CATransform3DRotate(self, angle, x, y, z)`: rotate first, then apply `self`.
    public func rotatedBy(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// `CATransform3DIsIdentity`, within a tolerance.
    public var isIdentity: Bool { isApproximately(.identity) }

    /// Whether every element is within `tolerance` of the other transform's.
    public func isApproximately(_ other: Transform3D, tolerance: Double = 1e-12) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        let o = other
        return close(m11, o.m11) && close(m12, o.m12) && close(m13, o.m13) && close(m14, o.m14)
            && close(m21, o.m21) && close(m22, o.m22) && close(m23, o.m23) && close(m24, o.m24)
            && close(m31, o.m31) && close(m32, o.m32) && close(m33, o.m33) && close(m34, o.m34)
            && close(m41, o.m41) && close(m42, o.m42) && close(m43, o.m43) && close(m44, o.m44)
    }

    /// True when the transform keeps the xy plane in place and has no perspective: a 2D affine map
    /// (`CATransform3DIsAffine` in spirit), which SVG can draw as a `transform`.
    public var isPlanarAffine: Bool {
        m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0 && m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1
    }

    /// The 2D map of the layer's plane (z = 0) into its parent's plane, dropping the output z:
    /// what Core Animation does when it flattens a layer into its superlayer.
    public var planeProjection: Homography {
        Homography(a: m11, b: m12, c: m14, d: m21, e: m22, f: m24, g: m41, h: m42, i: m44)
    }

    /// The sixteen elements in row order.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
            m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
            m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3]
        )
    }

    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }
}

extension Transform3D: CustomStringConvertible {
    public var description: String {
        isIdentity ? "identity" : "[" + elements.map { "\($0)" }.joined(separator: " ") + "]"
    }
}
