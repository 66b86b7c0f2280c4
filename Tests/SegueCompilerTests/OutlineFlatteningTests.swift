import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// Curved outlines seen in perspective are drawn as polygons. The pieces are as few as keep every
/// point of the polygon within the chord error of the curve, and of the curve within it of the
/// polygon (measured densely here, not by the formulas the flattening uses), and turn 22.5° each
/// at most.
struct OutlineFlatteningTests {
    /// The farthest the polygon and the curve (`curve(s)`, s in 0...1, densely sampled) lie
    /// from each other: every point of the curve from the polygon's sides, and points along
    /// the polygon's sides from the curve's.
    private func distance(_ polygon: [Point], closed: Bool, curve: (Double) -> Point) -> Double {
        let truth = (0...4000).map { curve(Double($0) / 4000) }
        func sides(_ points: [Point]) -> [(Point, Point)] {
            Array(zip(points, points.dropFirst())) + (closed ? [(points[points.count - 1], points[0])] : [])
        }
        func distance(_ p: Point, to points: [Point]) -> Double {
            sides(points).map { a, b in
                let dx = b.x - a.x, dy = b.y - a.y, length = dx * dx + dy * dy
                let f = length > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
                return p.distance(to: Point(x: a.x + dx * f, y: a.y + dy * f))
            }.min() ?? .infinity
        }
        var along: [Point] = []
        for (a, b) in sides(polygon) {
            for k in 0..<16 {
                let f = Double(k) / 16
                along.append(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
            }
        }
        return max(truth.map { distance($0, to: polygon) }.max() ?? 0, along.map { distance($0, to: truth) }.max() ?? 0)
    }

    @Test(arguments: [1.0, 5, 14, 40, 200, 730, 100_000], [0.05, 0.25])
    func aRoundedCornerIsCutIntoTheFewestPiecesWithinTheError(radius: Double, error: Double) {
        let flattening = OutlineFlattening(chordError: error)
        let pieces = flattening.pieces(cornerRadius: radius).corner
        func strays(_ n: Int) -> Double {
            let corners = ArcPieces(sweep: .pi / 2, pieces: n).corners(center: .zero, radius: radius, start: 0)
            return distance(corners, closed: false) { s in Point(x: radius * cos(s * .pi / 2), y: radius * sin(s * .pi / 2)) }
        }
        // A corner larger than the error turns 22.5° a piece at most, as it did before pieces
        // were counted; more pieces only where the error needs them.
        #expect(radius <= error ? pieces == 1 : pieces >= 4, "\(pieces) pieces")
        if pieces > 4 { #expect(strays(pieces - 1) > error, "\(pieces - 1) pieces would do: \(strays(pieces - 1))") }
        // A corner too large to keep within the error gets the most pieces there may be, and
        // says how far it strays.
        guard pieces < OutlineFlattening.mostPieces.arc else {
            let worst = OutlineFlattening.worstChord(of: [.rect(Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius), cornerRadius: radius)],
                                                     pieces: OutlineFlattening.Pieces(corner: pieces))
            #expect(abs(worst - strays(pieces)) <= strays(pieces) * 0.01 && worst > error, "\(worst) against \(strays(pieces))")
            return
        }
        #expect(strays(pieces) <= error * 1.001, "\(pieces) pieces: \(strays(pieces))")
    }

    @Test func anEllipseStaysWithinTheErrorOfItsOutline() {
        let oval = Rect(x: 10, y: 20, width: 300, height: 120)
        for error in [0.05, 0.25, 1] {
            let pieces = OutlineFlattening(chordError: error).pieces(for: [.ellipse(oval)])
            let polygon = MaskShape.ellipse(oval).outline(pieces: pieces)
            let d = distance(polygon, closed: true) { s in
                Point(x: oval.midX + 150 * cos(2 * .pi * s), y: oval.midY + 60 * sin(2 * .pi * s))
            }
            #expect(d <= error * 1.001, "\(pieces.ellipse) pieces: \(d) px")
            #expect(d >= error / 4, "more pieces than needed: \(pieces.ellipse), \(d) px")
            #expect(abs(OutlineFlattening.worstChord(of: [.ellipse(oval)], pieces: pieces) - d) <= d * 0.05)
        }
    }

    @Test func aPathsCurvesStayWithinTheErrorOfTheirCurves() {
        let (p0, c1, c2, p1) = (Point(x: 0, y: 0), Point(x: 60, y: 80), Point(x: 200, y: -40), Point(x: 260, y: 40))
        var path = Path()
        path.move(to: p0)
        path.addCurve(to: p1, control1: c1, control2: c2)
        path.addQuadCurve(to: p0, control: Point(x: 130, y: 140))
        path.close()
        for error in [0.1, 0.25, 1] {
            let pieces = OutlineFlattening(chordError: error).pieces(for: [.path(path)])
            let polygon = MaskShape.path(path).outline(pieces: pieces)
            let cubic = Array(polygon.prefix(pieces.curve + 1))
            let d = distance(cubic, closed: false) { t in
                let u = 1 - t
                return Point(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p1.x,
                             y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p1.y)
            }
            #expect(d <= error, "\(pieces.curve) pieces: \(d) px")
            #expect(polygon.count == 1 + 2 * pieces.curve)
        }
    }

    /// The replay's measure of a polygon against a rounded rectangle seen in perspective bounds
    /// a dense measure from above, closely; a corner 1 px out of place is seen 1 px off, plus at
    /// most the chords' share beside it; a polygon
    /// that is no rounded rectangle's outline is infinitely far.
    @Test func theReplayBoundsHowFarAPolygonLiesFromTheRoundedOutlineOnScreen() {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 120), radius = 30.0
        let screen = Homography(a: 1.1, b: 0.05, c: 0.0008, d: -0.1, e: 0.95, f: 0.0004, g: 40, h: 60, i: 1)
        let model = bounds.outline(cornerRadius: radius, segments: 400).compactMap(screen.apply)
        func replayed(_ drawn: [Point]) -> Double {
            OutlineDistance.fromRoundedRect(drawn, bounds: bounds, cornerRadius: radius, through: screen) ?? .nan
        }
        for pieces in [1, 4, 9] {
            var drawn = bounds.outline(cornerRadius: radius, segments: pieces).compactMap(screen.apply)
            let dense = distance(drawn, closed: true) { s in model[min(Int(s * Double(model.count)), model.count - 1)] }
            #expect(replayed(drawn) >= dense - 0.01 && replayed(drawn) <= dense * 1.3 + 0.01,
                    "\(pieces) pieces: replay \(replayed(drawn)), dense \(dense)")
            let before = replayed(drawn)
            drawn[pieces / 2].x += 1
            #expect(replayed(drawn) >= 1 && replayed(drawn) <= 1 + before + 1e-9, "\(replayed(drawn))")
            #expect(replayed(Array(drawn.dropLast())) == .infinity)
        }
    }

    /// A card with large rounded corners swings toward the viewer, its near edge magnified. Cut
    /// four pieces a corner, as before, its corners strayed up to about a pixel from the arcs on
    /// screen; the replay now measures the drawn polygon against the model's rounded outline.
    @Test(arguments: [0.25, 0.5, 1])
    func roundedCornersSwingingTowardTheViewerStayWithinTolerance(tolerance: Double) throws {
        let transition = Transition("round-swing", duration: 0.6) { t in
            let card = Layer(frame: Rect(x: 60, y: 140, width: 250, height: 360), contents: .color(Color(rgb: 0x2255CC)))
            card.cornerRadius = 48
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(card)
            t.animate {
                card.transform = Transform3D(rotationAngle: -.pi / 3, x: 0, y: 1, z: 0)
            }
        }
        let timeline = try transition.timeline()
        let rendered = try Exporter.renderSVG(timeline, options: SVGOptions(tolerance: tolerance))
        let card = try #require(timeline.layers.first { $0.cornerRadius.initialValue == 48 })
        let outlines = try SMILReplay(rendered, timeline: timeline).deviations().filter { $0.layer == card.id }
        #expect(!outlines.isEmpty)
        let worst = outlines.map(\.distance).max() ?? 0
        #expect(worst <= tolerance * 1.1, "\(worst) px")
    }
}
