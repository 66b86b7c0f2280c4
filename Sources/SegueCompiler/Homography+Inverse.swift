import Segue

extension Homography {
    /// The map back, for an affine map that does not collapse the plane; nil otherwise.
    var affineInverse: Homography? {
        let determinant = linearDeterminant
        guard isAffine, abs(determinant) > 1e-12 else { return nil }
        // Row-vector form: q = (p.x a + p.y d + g, p.x b + p.y e + h); solved for p.
        let a = e / determinant, b = -self.b / determinant, d = -self.d / determinant, e = self.a / determinant
        return Homography(a: a, b: b, c: 0, d: d, e: e, f: 0, g: -(g * a + h * d), h: -(g * b + h * e), i: 1)
    }
}
