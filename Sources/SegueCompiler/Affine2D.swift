import Foundation
import Segue

/// A 2D affine map in row-vector form (`x' = a·x + c·y + e`, `y' = b·x + d·y + f`, as SVG's
/// `matrix(a b c d e f)`), and its split into the parts SMIL can animate.
struct Affine2D: Equatable {
    var a, b, c, d, e, f: Double

    static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// The affine map taking the unit-square corners (0,0), (1,0), (0,1) of a box of the given size
    /// at `origin` to three points.
    init(mapping origin: Point, size: Size, to p0: Point, _ p1: Point, _ p2: Point) {
        let w = size.width, h = size.height
        a = (p1.x - p0.x) / w; b = (p1.y - p0.y) / w
        c = (p2.x - p0.x) / h; d = (p2.y - p0.y) / h
        e = p0.x - a * origin.x - c * origin.y
        f = p0.y - b * origin.x - d * origin.y
    }

    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f)
    }

    /// `translate(tx ty) rotate(angle) skewX(skew) scale(sx sy)`, angles in degrees: the nested
    /// groups SMIL animates part by part.
    struct Parts: Equatable {
        var translation: Point
        var rotation: Double
        var skewX: Double
        var scale: Point
    }

    var parts: Parts {
        let sx = (a * a + b * b).squareRoot()
        let angle = atan2(b, a)
        let cosA = cos(angle), sinA = sin(angle)
        // Undo the rotation: [c d] rotated by −angle = (sx·tan(skew)·sy… , sy).
        let c1 = cosA * c + sinA * d
        let d1 = -sinA * c + cosA * d
        let sy = d1
        let skew = sy != 0 ? atan(c1 / sy) : 0
        return Parts(translation: Point(x: e, y: f), rotation: angle * 180 / .pi, skewX: skew * 180 / .pi,
                     scale: Point(x: sx, y: sy))
    }

    /// Rebuilds the map from its parts (what the browser composes from the nested groups).
    init(_ p: Parts) {
        let r = p.rotation * .pi / 180, k = tan(p.skewX * .pi / 180)
        let cosR = cos(r), sinR = sin(r)
        // rotate · skewX · scale
        a = cosR * p.scale.x
        b = sinR * p.scale.x
        c = (cosR * k - sinR) * p.scale.y
        d = (sinR * k + cosR) * p.scale.y
        e = p.translation.x
        f = p.translation.y
    }
}
