import Foundation
import Segue

/// How finely a curved outline seen in perspective (rounded corners, an ellipse, a path's curves)
/// is cut into straight pieces: into the fewest that keep every chord within `chordError` of its
/// curve, in the layer's own space, and turn no more than `mostTurn` from one piece to the next
/// (the eye sees a corner before it sees a fraction of a pixel). SVG draws such an outline as a
/// polygon whose points are keyframed; the pieces must number the same at every time, so a shape
/// that changes is cut by its largest curves (`pieces(for:)`).
struct OutlineFlattening: Equatable {
    /// How far a chord may lie from its curve, in the layer's own space.
    let chordError: Double

    /// The most pieces a quarter circle, a whole ellipse or one Bézier curve is cut into, however
    /// much the perspective stretches it: a bound on the polygon's size where a layer comes close
    /// to the camera. At the default 0.5 px, 128 pieces keep a corner's chords within their half of
    /// the tolerance up to a radius times stretch of about 23,000 pt (32 pieces did to about 1,400:
    /// a 152 pt corner of a layer turned 87° from a viewer 500 pt away, stretched 32 times on
    /// screen, strayed 0.63 px).
    static let mostPieces = (arc: 128, ellipse: 512, curve: 256)

    /// The most a curve larger than the chord error turns over one piece: 22.5°, four pieces to
    /// a quarter circle.
    static let mostTurn = Double.pi / 8

    /// The pieces each kind of curve in an outline is cut into.
    struct Pieces: Equatable {
        /// Per rounded corner (a quarter circle).
        var corner = 1
        /// Around a whole ellipse.
        var ellipse = 4
        /// Per Bézier curve of a path.
        var curve = 1
    }

    /// How an outline of a layer in perspective is cut (`SVGBuilder.outlineFlattening`).
    struct Cut {
        var pieces: Pieces
        /// What of the tolerance the keyframes of the outline's points may stray; nil for all of
        /// it (nothing curved to cut).
        var allowed: Double? = nil
        /// The times sampling the outline looks at first (`TrackSampler.shownLookTimes`), when
        /// finding the pieces worked them out.
        var lookTimes: [Double]? = nil
    }

    /// The flattening that keeps chords within `screenError` on screen where the layer's space
    /// is stretched at most `stretch` times.
    init(screenError: Double, stretch: Double) {
        chordError = screenError / max(stretch, 1e-9)
    }

    /// The flattening that keeps chords within `chordError` in the layer's space.
    init(chordError: Double) {
        self.chordError = chordError
    }

    /// A curve of an outline, by what decides how far its chords lie from it.
    enum Curve {
        /// An arc of a circle (or of an ellipse, by its larger radius), cut into pieces whose
        /// corners lie a little outside it (`ArcPieces`), so that they stray outward as far as
        /// their middles inward: r·(1 − cos θ/2)/(1 + cos θ/2) for pieces over an angle θ.
        case arc(radius: Double, sweep: Double)
        /// A Bézier curve: n equal steps of its parameter keep chords within `bend` / n² of it
        /// (|p0 − 2c + p1| / 4 for a quadratic; 3M / 4 for a cubic, M the larger of
        /// |p0 − 2c1 + c2| and |c1 − 2c2 + p1|).
        /// `turn`: how far its control polygon turns, which the curve turns at most.
        case bezier(bend: Double, turn: Double)

        /// How far chords lie from the curve cut into `pieces` at most.
        func chordError(pieces: Int) -> Double {
            switch self {
            case .arc(let radius, let sweep): radius * ArcPieces(sweep: sweep, pieces: pieces).outset
            case .bezier(let bend, _): bend / Double(pieces * pieces)
            }
        }
    }

    /// The fewest pieces (up to `most`) that keep the curve's chords within the chord error and
    /// turn at most `mostTurn` each; one for a curve within the chord error of a line.
    func pieces(_ curve: Curve, most: Int) -> Int {
        let needed: Double, turn: Double
        switch curve {
        case .arc(let radius, let sweep):
            guard radius > chordError else { return 1 }
            needed = sweep / (2 * acos((radius - chordError) / (radius + chordError)))
            turn = sweep
        case .bezier(let bend, let turned):
            guard bend > chordError else { return 1 }
            needed = (bend / chordError).squareRoot()
            turn = turned
        }
        // Counted before any is made an Int: a chord error of 0 (no tolerance left to cut by)
        // needs pieces without end, which the most stand for.
        let wanted = max(needed.rounded(.up), (turn / Self.mostTurn - 1e-9).rounded(.up), 1)
        return wanted < Double(most) ? Int(wanted) : most
    }

    /// Pieces for a rounded rectangle's corners of radius up to `radius`.
    func pieces(cornerRadius radius: Double) -> Pieces {
        Pieces(corner: pieces(.arc(radius: radius, sweep: .pi / 2), most: Self.mostPieces.arc))
    }

    /// Pieces that cut every one of `shapes` (a mask's keyframes) within the chord error: each
    /// kind of curve by the largest of its kind.
    func pieces(for shapes: [MaskShape]) -> Pieces {
        var result = Pieces()
        for shape in shapes {
            Self.forEachCurve(of: shape) { kind, curve, most in
                result[keyPath: kind] = max(result[keyPath: kind], pieces(curve, most: most))
            }
        }
        return result
    }

    /// How far chords cut into `pieces` lie from their curves at most, for `shapes`: what the
    /// outline strays from the model in the layer's space.
    static func worstChord(of shapes: [MaskShape], pieces: Pieces) -> Double {
        var worst = 0.0
        for shape in shapes {
            forEachCurve(of: shape) { kind, curve, _ in worst = max(worst, curve.chordError(pieces: pieces[keyPath: kind])) }
        }
        return worst
    }

    /// Whether any of `shapes` has a curve to cut (a rounded corner, an ellipse, a path's curve
    /// off its chord).
    static func hasCurves(_ shapes: [MaskShape]) -> Bool {
        worstChord(of: shapes, pieces: Pieces()) > 0
    }

    /// Visits each curve of the shape's outline with the count of pieces it is cut by, and the
    /// most that count may be.
    private static func forEachCurve(of shape: MaskShape, _ visit: (WritableKeyPath<Pieces, Int>, Curve, Int) -> Void) {
        func bend(_ p: Point, _ q: Point, _ r: Point) -> Double {
            Point(x: p.x - 2 * q.x + r.x, y: p.y - 2 * q.y + r.y).distance(to: .zero)
        }
        // How far a control polygon turns, over its legs of some length.
        func turn(_ points: [Point]) -> Double {
            let legs = zip(points, points.dropFirst()).map { Point(x: $1.x - $0.x, y: $1.y - $0.y) }.filter { $0.distance(to: .zero) > 1e-12 }
            return zip(legs, legs.dropFirst()).reduce(0) { sum, pair in
                let (u, v) = pair
                return sum + abs(atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y))
            }
        }
        switch shape {
        case .ellipse(let r):
            visit(\.ellipse, .arc(radius: max(r.width, r.height) / 2, sweep: 2 * .pi), mostPieces.ellipse)
        case .rect(let r, let radius):
            visit(\.corner, .arc(radius: r.drawnCornerRadius(radius), sweep: .pi / 2), mostPieces.arc)
        case .path(let path):
            var current = Point.zero
            for element in path.elements {
                switch element {
                case .move(let p), .line(let p):
                    current = p
                case .quadCurve(let p, let c):
                    visit(\.curve, .bezier(bend: bend(current, c, p) / 4, turn: turn([current, c, p])), mostPieces.curve)
                    current = p
                case .curve(let p, let c1, let c2):
                    visit(\.curve, .bezier(bend: 3 * max(bend(current, c1, c2), bend(c1, c2, p)) / 4, turn: turn([current, c1, c2, p])),
                          mostPieces.curve)
                    current = p
                case .close:
                    break
                }
            }
        }
    }
}

/// An arc cut into straight pieces that stray from it as little as pieces can: their corners
/// lie on a circle a little larger than the arc's, by `outset` of its radius, so that the pieces
/// cross the arc and their middles fall as far inside it as their corners lie outside.
struct ArcPieces {
    let sweep: Double
    let pieces: Int

    /// How far outside the arc the corners lie, and the middles inside, as a share of its radius:
    /// (1 − cos θ/2)/(1 + cos θ/2), θ the angle each piece spans.
    var outset: Double {
        let c = cos(sweep / Double(2 * pieces))
        return (1 - c) / (1 + c)
    }

    /// The corners of the pieces of the arc about `center` with `radius` starting at angle
    /// `start`: `pieces + 1` points, from the start to the end.
    func corners(center: Point, radius: Double, start: Double) -> [Point] {
        let r = radius * (1 + outset)
        return (0...pieces).map { k in
            let angle = start + Double(k) / Double(pieces) * sweep
            return Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
        }
    }
}

extension MaskShape {
    /// A rectangle the shape lies within (a path's within its points and control points).
    var extent: Rect {
        switch self {
        case .ellipse(let r), .rect(let r, _): r
        case .path(let path): .enclosing(path.points)
        }
    }
}

extension Homography {
    /// How far the map stretches a unit length at `p` at most (the largest singular value of its
    /// derivative there); nil where `p` lands behind the viewer.
    func stretch(at p: Point) -> Double? {
        guard let q = apply(p) else { return nil }
        let w = self.w(p)
        let m = Homography(a: (a - q.x * c) / w, b: (b - q.y * c) / w, c: 0,
                           d: (d - q.x * f) / w, e: (e - q.y * f) / w, f: 0, g: 0, h: 0, i: 1)
        return m.largestStretch
    }
}

extension ProjectionFrame {
    /// The most the layer's space is stretched on screen at `times` where the layer is shown, at
    /// the corners of `region(k)` (the region at `times[k]`), where a perspective magnifies most.
    func largestStretch(at times: [Double], over region: (Int) -> Rect) -> Double {
        var largest = 0.0
        for (k, t) in times.enumerated() where shown(t) {
            let map = place(t).concatenating(screen(t)), r = region(k)
            // The corners one by one, not listed: this runs at every time sampling looks at first.
            func stretch(_ x: Double, _ y: Double) {
                if let stretch = map.stretch(at: Point(x: x, y: y)) { largest = max(largest, stretch) }
            }
            stretch(r.minX, r.minY); stretch(r.maxX, r.minY); stretch(r.maxX, r.maxY); stretch(r.minX, r.maxY)
        }
        return largest
    }
}
