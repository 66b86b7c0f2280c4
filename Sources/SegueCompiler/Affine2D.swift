import Foundation
import Segue

/// A 2D affine map in row-vector form (`x' = a·x + c·y + e`, `y' = b·x + d·y + f`, as SVG's
/// `matrix(a b c d e f)`), and its split into the parts SMIL can animate.
struct Affine2D: Equatable {
    var a, b, c, d, e, f: Double

    static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// The affine map closest (by least squares) to taking the box's corners, in `Rect.corners`
    /// order, to four points: the box's centre goes to their centroid and each side of the box to
    /// the mean of its two images. A quad that is no parallelogram then misses by a quarter of its
    /// defect at every corner, instead of by all of it at the one corner a three-point map leaves.
    init(fitting box: Rect, to q: [Point]) {
        self.init(fitting: box, q[0], q[1], q[2], q[3])
    }

    /// The map fitted (as `init(fitting:to:)`) to where `image` takes the box's corners, without
    /// gathering them in an array: strips fit one at every sampled instant.
    init(fitting box: Rect, through image: (Point) -> Point) {
        self.init(fitting: box, image(Point(x: box.minX, y: box.minY)), image(Point(x: box.maxX, y: box.minY)),
                  image(Point(x: box.maxX, y: box.maxY)), image(Point(x: box.minX, y: box.maxY)))
    }

    private init(fitting box: Rect, _ q0: Point, _ q1: Point, _ q2: Point, _ q3: Point) {
        let w = box.width, h = box.height
        a = (q1.x - q0.x + q2.x - q3.x) / (2 * w); b = (q1.y - q0.y + q2.y - q3.y) / (2 * w)
        c = (q3.x - q0.x + q2.x - q1.x) / (2 * h); d = (q3.y - q0.y + q2.y - q1.y) / (2 * h)
        let centroid = Point(x: (q0.x + q1.x + q2.x + q3.x) / 4, y: (q0.y + q1.y + q2.y + q3.y) / 4)
        e = centroid.x - a * box.midX - c * box.midY
        f = centroid.y - b * box.midX - d * box.midY
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
