import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// The affine maps strips are drawn with, and their split into SMIL's transform parts.
struct Affine2DTests {
    @Test func fitsAParallelogramExactly() {
        let box = Rect(x: 10, y: 20, width: 30, height: 40)
        let m = Affine2D(a: 0.5, b: 0.3, c: -0.2, d: 1.1, e: 4, f: -6)
        let fitted = Affine2D(fitting: box, to: box.corners.map(m.apply))
        for p in box.corners { #expect(fitted.apply(p).distance(to: m.apply(p)) < 1e-12) }
    }

    @Test func missesATrapezoidByAQuarterOfItsDefectAtEveryCorner() {
        // The right side is 4 longer than the left, as a page turned away in perspective draws it:
        // a three-corner map would miss one corner by 4.
        let box = Rect(x: 0, y: 0, width: 10, height: 20)
        let quad = [Point(x: 0, y: 0), Point(x: 10, y: -2), Point(x: 10, y: 22), Point(x: 0, y: 20)]
        let fitted = Affine2D(fitting: box, to: quad)
        for (p, q) in zip(box.corners, quad) { #expect(abs(fitted.apply(p).distance(to: q) - 1) < 1e-12) }
    }

    @Test(arguments: [(1.0, 0.2, -0.7, 0.9, 3.0, -4.0), (0.0, 2.0, -1.5, 0.1, 0, 0), (-0.5, -0.5, 0.5, -2.0, 7, 8)])
    func partsRebuildTheMap(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        let m = Affine2D(a: a, b: b, c: c, d: d, e: e, f: f)
        let back = Affine2D(m.parts)
        for p in [Point(x: 0, y: 0), Point(x: 13, y: -4), Point(x: -2, y: 9)] {
            #expect(back.apply(p).distance(to: m.apply(p)) < 1e-9, "\(m) → \(m.parts) → \(back)")
        }
    }
}
