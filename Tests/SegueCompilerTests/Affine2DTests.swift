import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// The affine maps strips are drawn with, and their split into SMIL's transform parts.
struct Affine2DTests {
    @Test func mapsTheThreeCorners() {
        let a = Affine2D(mapping: Point(x: 10, y: 20), size: Size(width: 30, height: 40),
                         to: Point(x: 1, y: 2), Point(x: 5, y: 9), Point(x: -3, y: 7))
        #expect(a.apply(Point(x: 10, y: 20)).distance(to: Point(x: 1, y: 2)) < 1e-12)
        #expect(a.apply(Point(x: 40, y: 20)).distance(to: Point(x: 5, y: 9)) < 1e-12)
        #expect(a.apply(Point(x: 10, y: 60)).distance(to: Point(x: -3, y: 7)) < 1e-12)
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
