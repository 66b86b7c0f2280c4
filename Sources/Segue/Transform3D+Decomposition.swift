import Foundation

/// Transform interpolation by decomposition, the rule Core Animation and CSS share: a matrix is split
/// into translation, scale, skew, rotation (a quaternion) and perspective; the parts are interpolated
/// (the rotation by spherical interpolation) and recomposed.
extension Transform3D {
    /// The parts of a transform. Recomposing them gives the transform back.
    public struct Decomposed: Hashable, Codable, Sendable {
        public var translation: [Double]   // x, y, z
        public var scale: [Double]         // x, y, z
        public var skew: [Double]          // xy, xz, yz
        public var quaternion: [Double]    // x, y, z, w
        public var perspective: [Double]   // x, y, z, w

        /// The rotation about z in radians, meaningful when the transform is planar.
        public var zRotation: Double { 2 * atan2(quaternion[2], quaternion[3]) }
    }

    /// Splits the transform into its parts; nil for a singular matrix.
    public func decomposed() -> Decomposed? {
        guard m44 != 0 else { return nil }
        var r = rows.map { $0.map { $0 / m44 } }
        // Perspective: M = N · P with N affine.
        var perspective = [0.0, 0, 0, 1]
        let a = [[r[0][0], r[0][1], r[0][2]], [r[1][0], r[1][1], r[1][2]], [r[2][0], r[2][1], r[2][2]]]
        if r[0][3] != 0 || r[1][3] != 0 || r[2][3] != 0 {
            guard let inv = Self.inverse3(a) else { return nil }
            let c = [r[0][3], r[1][3], r[2][3]]
            let p = (0..<3).map { i in inv[i][0] * c[0] + inv[i][1] * c[1] + inv[i][2] * c[2] }
            let p4 = r[3][3] - (r[3][0] * p[0] + r[3][1] * p[1] + r[3][2] * p[2])
            perspective = [p[0], p[1], p[2], p4]
            for i in 0..<3 { r[i][3] = 0 }
            r[3][3] = 1
        } else if Self.det3(a) == 0 {
            return nil
        }
        let translation = [r[3][0], r[3][1], r[3][2]]
        var row0 = [r[0][0], r[0][1], r[0][2]]
        var row1 = [r[1][0], r[1][1], r[1][2]]
        var row2 = [r[2][0], r[2][1], r[2][2]]
        var scale = [0.0, 0, 0]
        var skew = [0.0, 0, 0]
        scale[0] = Self.length(row0)
        guard scale[0] != 0 else { return nil }
        row0 = row0.map { $0 / scale[0] }
        skew[0] = Self.dot(row0, row1)
        row1 = Self.combine(row1, row0, -skew[0])
        scale[1] = Self.length(row1)
        guard scale[1] != 0 else { return nil }
        row1 = row1.map { $0 / scale[1] }
        skew[0] /= scale[1]
        skew[1] = Self.dot(row0, row2)
        row2 = Self.combine(row2, row0, -skew[1])
        skew[2] = Self.dot(row1, row2)
        row2 = Self.combine(row2, row1, -skew[2])
        scale[2] = Self.length(row2)
        guard scale[2] != 0 else { return nil }
        row2 = row2.map { $0 / scale[2] }
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        if Self.dot(row0, Self.cross(row1, row2)) < 0 {
            scale = scale.map { -$0 }
            row0 = row0.map { -$0 }
            row1 = row1.map { -$0 }
            row2 = row2.map { -$0 }
        }
        let quaternion = Self.quaternion(rows: [row0, row1, row2])
        return Decomposed(
            translation: translation, scale: scale, skew: skew, quaternion: quaternion, perspective: perspective)
    }

    /// Builds a transform from its parts.
    public init(_ d: Decomposed) {
        self = Self.composed(
            translation: (d.translation[0], d.translation[1], d.translation[2]),
            scale: (d.scale[0], d.scale[1], d.scale[2]), skew: (d.skew[0], d.skew[1], d.skew[2]),
            quaternion: (d.quaternion[0], d.quaternion[1], d.quaternion[2], d.quaternion[3]),
            perspective: (d.perspective[0], d.perspective[1], d.perspective[2], d.perspective[3]))
    }

    /// The transform made of these parts. (Written out element by element, on tuples: this runs
    /// for every interpolated transform.)
    static func composed(translation t: (Double, Double, Double), scale s: (Double, Double, Double),
                         skew k: (Double, Double, Double), quaternion q: (Double, Double, Double, Double),
                         perspective p: (Double, Double, Double, Double)) -> Transform3D {
        let (x, y, z, w) = q
        // Rows of the rotation in row-vector form (the transpose of the column-vector matrix).
        let r0 = (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let r1 = (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let r2 = (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        let n = Transform3D(
            m11: r0.0 * s.0, m12: r0.1 * s.0, m13: r0.2 * s.0, m14: 0,
            m21: s.1 * (r1.0 + k.0 * r0.0), m22: s.1 * (r1.1 + k.0 * r0.1), m23: s.1 * (r1.2 + k.0 * r0.2), m24: 0,
            m31: s.2 * (r2.0 + k.2 * r1.0 + k.1 * r0.0), m32: s.2 * (r2.1 + k.2 * r1.1 + k.1 * r0.1),
            m33: s.2 * (r2.2 + k.2 * r1.2 + k.1 * r0.2), m34: 0,
            m41: t.0, m42: t.1, m43: t.2, m44: 1)
        let pm = Transform3D(m11: 1, m12: 0, m13: 0, m14: p.0, m21: 0, m22: 1, m23: 0, m24: p.1,
                             m31: 0, m32: 0, m33: 1, m34: p.2, m41: 0, m42: 0, m43: 0, m44: p.3)
        return n.concatenating(pm)
    }

    /// Interpolates between two transforms by decomposition; `fraction` may leave 0...1 (springs overshoot).
    /// Falls back to element-wise interpolation when either matrix cannot be decomposed.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        guard let a = decomposed(), let b = other.decomposed() else {
            return Transform3D(rows: zip(rows, other.rows).map { zip($0, $1).map { $0 + ($1 - $0) * t } })
        }
        return Self(interpolating: a, b, fraction: t)
    }

    /// The transform a fraction of the way between two decomposed transforms: what
    /// `interpolated(to:fraction:)` does once both ends are decomposed (decompose once, interpolate often).
    public init(interpolating a: Decomposed, _ b: Decomposed, fraction t: Double) {
        self.init(interpolating: Parts(a), Parts(b), fraction: t)
    }

    /// A decomposition's parts held in tuples: ends kept this way are interpolated at many times
    /// without copying (and counting references to) five arrays each time.
    public struct Parts: Sendable {
        var translation, scale, skew: (Double, Double, Double)
        var quaternion, perspective: (Double, Double, Double, Double)

        public init(_ d: Decomposed) {
            translation = (d.translation[0], d.translation[1], d.translation[2])
            scale = (d.scale[0], d.scale[1], d.scale[2])
            skew = (d.skew[0], d.skew[1], d.skew[2])
            quaternion = (d.quaternion[0], d.quaternion[1], d.quaternion[2], d.quaternion[3])
            perspective = (d.perspective[0], d.perspective[1], d.perspective[2], d.perspective[3])
        }
    }

    /// The same, from ends held as `Parts`.
    public init(interpolating a: Parts, _ b: Parts, fraction t: Double) {
        func lerp3(_ u: (Double, Double, Double), _ v: (Double, Double, Double)) -> (Double, Double, Double) {
            (u.0 + (v.0 - u.0) * t, u.1 + (v.1 - u.1) * t, u.2 + (v.2 - u.2) * t)
        }
        let p = a.perspective, q = b.perspective
        self = Self.composed(
            translation: lerp3(a.translation, b.translation), scale: lerp3(a.scale, b.scale), skew: lerp3(a.skew, b.skew),
            quaternion: Self.slerp4(a.quaternion, b.quaternion, t),
            perspective: (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t, p.2 + (q.2 - p.2) * t, p.3 + (q.3 - p.3) * t))
    }

    /// Spherical interpolation along the shorter arc: (x, y, z, w) and (−x, −y, −z, −w) are one
    /// rotation, and, as WebKit and Chromium do, the one within 90° of the other end is used, so a
    /// rotation never turns more than 180° between two keyframes. A tuple, so no array is made.
    static func slerp4(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double),
                       _ t: Double) -> (Double, Double, Double, Double) {
        var a = a
        func dot(_ u: (Double, Double, Double, Double), _ v: (Double, Double, Double, Double)) -> Double {
            u.0 * v.0 + u.1 * v.1 + u.2 * v.2 + u.3 * v.3
        }
        if dot(a, b) < 0 { a = (-a.0, -a.1, -a.2, -a.3) }
        let product = min(max(dot(a, b), -1), 1)
        if abs(product) >= 1 - 1e-15 { return a }
        let theta = acos(product)
        let w = sin(t * theta) / (1 - product * product).squareRoot()
        let ca = cos(t * theta) - product * w
        return (a.0 * ca + b.0 * w, a.1 * ca + b.1 * w, a.2 * ca + b.2 * w, a.3 * ca + b.3 * w)
    }

    /// A unit quaternion (x, y, z, w) from the rows of a rotation in row-vector form.
    static func quaternion(rows r: [[Double]]) -> [Double] {
        // Column-vector rotation R = rᵀ, so R[i][j] = r[j][i].
        let trace = r[0][0] + r[1][1] + r[2][2]
        var q: [Double]
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = [(r[1][2] - r[2][1]) / s, (r[2][0] - r[0][2]) / s, (r[0][1] - r[1][0]) / s, s / 4]
        } else if r[0][0] > r[1][1] && r[0][0] > r[2][2] {
            let s = (1 + r[0][0] - r[1][1] - r[2][2]).squareRoot() * 2
            q = [s / 4, (r[1][0] + r[0][1]) / s, (r[2][0] + r[0][2]) / s, (r[1][2] - r[2][1]) / s]
        } else if r[1][1] > r[2][2] {
            let s = (1 + r[1][1] - r[0][0] - r[2][2]).squareRoot() * 2
            q = [(r[1][0] + r[0][1]) / s, s / 4, (r[2][1] + r[1][2]) / s, (r[2][0] - r[0][2]) / s]
        } else {
            let s = (1 + r[2][2] - r[0][0] - r[1][1]).squareRoot() * 2
            q = [(r[2][0] + r[0][2]) / s, (r[2][1] + r[1][2]) / s, s / 4, (r[0][1] - r[1][0]) / s]
        }
        if q[3] < 0 { q = q.map { -$0 } }
        let n = (q.map { $0 * $0 }.reduce(0, +)).squareRoot()
        return q.map { $0 / n }
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    static func dot4(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] }
    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    static func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] { (0..<3).map { a[$0] + k * b[$0] } }
    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }
    static func det3(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    static func inverse3(_ m: [[Double]]) -> [[Double]]? {
        let det = det3(m)
        guard det != 0 else { return nil }
        let c = [
            [m[1][1] * m[2][2] - m[1][2] * m[2][1], m[0][2] * m[2][1] - m[0][1] * m[2][2], m[0][1] * m[1][2] - m[0][2] * m[1][1]],
            [m[1][2] * m[2][0] - m[1][0] * m[2][2], m[0][0] * m[2][2] - m[0][2] * m[2][0], m[0][2] * m[1][0] - m[0][0] * m[1][2]],
            [m[1][0] * m[2][1] - m[1][1] * m[2][0], m[0][1] * m[2][0] - m[0][0] * m[2][1], m[0][0] * m[1][1] - m[0][1] * m[1][0]],
        ]
        return c.map { $0.map { $0 / det } }
    }
}
