import Foundation
import Segue
import SegueCompiler
import Testing

/// Transitions that once replayed beyond the tolerance, replayed as the property test does: the
/// random ones kept as their choices (`RecordedStray`), the simplest written out by hand.
struct ReplayRegressionTests {
    /// The worst distance between the replayed SVG and the model on the judged layers.
    static func worstDeviation(_ choices: [UInt32]) throws -> Double {
        try worstDeviation(RandomTransition(choices, index: 0).transition)
    }

    /// The worst judged deviation of a transition's SVG, replayed.
    static func worstDeviation(_ transition: Transition) throws -> Double {
        let timeline = try transition.timeline(.push)
        return try TransitionPropertyTests.judgedDeviation(try Exporter.renderSVG(timeline), timeline: timeline) ?? 0
    }

    /// Each recorded stray, rebuilt from its choices, now replays within the tolerance.
    @Test(arguments: RecordedStray.fixed)
    func aRecordedStrayReplaysWithinTolerance(_ stray: RecordedStray) throws {
        #expect(try Self.worstDeviation(stray.choices) <= TransitionPropertyTests.tolerance)
    }

    /// Each open stray (`RecordedStray.open`) still strays: a known issue, not a failure, until it
    /// replays within the tolerance, when this fails and the stray moves to `fixed`.
    @Test(arguments: RecordedStray.open)
    func anOpenStrayIsAKnownIssue(_ stray: RecordedStray) throws {
        let deviation = try Self.worstDeviation(stray.choices)
        withKnownIssue("\(stray.name) strays \(deviation) px") {
            #expect(deviation <= TransitionPropertyTests.tolerance)
        }
    }

    /// Motion too fast for keyframes to follow within the tolerance is refused in SVG, with a
    /// message that names the layer and the line that made it and says what to do, and still
    /// exports to HTML as it says.
    @Test(arguments: RecordedStray.tooFastToFollow)
    func aMotionTooFastToFollowIsRefused(_ stray: RecordedStray) throws {
        let timeline = try RandomTransition(stray.choices, index: 0).transition.timeline(.push)
        let error = #expect(throws: ExportError.self) { try Exporter.render(timeline, as: .svg) }
        #expect(error?.description.contains("moves too fast for keyframes to follow") == true, "\(error.map(String.init(describing:)) ?? "")")
        #expect(error?.description.contains("export to HTML") == true)
        #expect(error?.description.contains("(made at \(#filePath.replacingOccurrences(of: "ReplayRegressionTests", with: "RandomTransition")):") == true)
        #expect(try !Exporter.render(timeline, as: .html).isEmpty)
    }

    /// A card turning from −135° to 96°: Core Animation turns the shorter way (129° back), and so
    /// must SMIL's `rotate`, which moves the angle straight; drawn the long way it strayed 1,130 px.
    @Test func aTurnTakesTheShorterWay() throws {
        let transition = Transition("turn", duration: 0.5) { t in
            let card = Layer(name: "card", frame: Rect(x: 100, y: 250, width: 175, height: 100), contents: .color(.white))
            card.transform = Transform3D(rotationAngle: -135 * .pi / 180)
            t.from.addSublayer(card)
            t.animate(duration: 0.5, curve: .linear) { card.transform = Transform3D(rotationAngle: 96 * .pi / 180) }
        }
        #expect(try Self.worstDeviation(transition) <= TransitionPropertyTests.tolerance)
    }

    /// A sublayer 560 pt from its superlayer's anchor, carried round by the superlayer's fast turn:
    /// the turn's `keyTimes` must be as precise as the sublayer's motion needs, not the superlayer's own size.
    @Test func aTurnIsTimedForWhatItCarries() throws {
        let transition = Transition("carried", duration: 0.25, size: Size(width: 1, height: 1)) { t in
            let far = Layer(name: "far", frame: Rect(x: -496, y: -269, width: 1, height: 1), contents: .color(.black))
            t.from.addSublayer(far)
            t.animate(duration: 0.001_317_8, delay: 0.025_056_7, curve: .linear) { t.from.transform = Transform3D(rotationAngle: 2) }
        }
        #expect(try Self.worstDeviation(transition) <= TransitionPropertyTests.tolerance)
    }

    /// A layer turning toward the camera plane just before it turns its back: the check for the
    /// camera plane probed 16 times per keyframe interval and missed the last instant it showed,
    /// 18 px off; now that instant is probed and such a layer is refused with a message. And a
    /// spring swinging a layer toward the camera plane between those probes (8,519 px): the
    /// check now looks at the times its tracks are sampled at too.
    @Test(arguments: RecordedStray.nearingTheCameraPlane)
    func aLayerNearingTheCameraPlaneIsRefused(_ stray: RecordedStray) throws {
        let timeline = try RandomTransition(stray.choices, index: 0).transition.timeline(.push)
        #expect(throws: ExportError.self) { try Exporter.render(timeline, as: .svg) }
    }

    /// The worst deviation of a transition's SVG at `tolerance`, replayed at 400 instants: a
    /// spring's sampled keyframes stray most between the few instants the property test looks at.
    static func denseDeviation(_ transition: Transition, tolerance: Double) throws -> Double {
        let timeline = try transition.timeline(.push)
        let svg = try Exporter.renderSVG(timeline, options: SVGOptions(tolerance: tolerance))
        let times = (0...400).map { timeline.duration * Double($0) / 400 }
        return try SMILReplay(svg, timeline: timeline).deviations(times: times).map(\.distance).max() ?? 0
    }

    /// A layer flung by a UIKit spring to (x, y): its keyframes are chosen for the export's
    /// tolerance, not for a fixed 0.25 px, which strayed past a tolerance of 0.1 px (0.24 px); and
    /// its move is measured along the diagonal, not one axis at a time, which strayed 0.35 px at
    /// 0.25 px.
    @Test(arguments: [(1210.0, 10.0, 0.1), (1210, 10, 0.25), (1210, 10, 1), (810, 810, 0.25)])
    func aSpringStaysWithinTheExportsTolerance(x: Double, y: Double, tolerance: Double) throws {
        let transition = Transition("fling", duration: 1, size: Size(width: 200, height: 200)) { t in
            let card = Layer(name: "card", frame: Rect(x: 0, y: 0, width: 20, height: 20), contents: .color(.black))
            t.from.addSublayer(card)
            t.animate(duration: 1, usingSpringWithDamping: 0.5, initialSpringVelocity: 0) { card.position = Point(x: x, y: y) }
        }
        let deviation = try Self.denseDeviation(transition, tolerance: tolerance)
        #expect(deviation <= tolerance + SVGOptions(tolerance: tolerance).rounding, "strayed \(deviation) px")
    }

    /// Three layers, each inside the one before and each moved by its own spring at once: their
    /// strays add up on the innermost, so the tolerance is shared out along the chain (each got
    /// 0.25 px, and three could stray 0.75 px together).
    @Test func threeNestedSpringsStayWithinTheTolerance() throws {
        let transition = Transition("nested", duration: 1, size: Size(width: 200, height: 200)) { t in
            let outer = Layer(name: "outer", frame: Rect(x: 0, y: 0, width: 100, height: 100), contents: .color(.black))
            let middle = Layer(name: "middle", frame: Rect(x: 0, y: 0, width: 50, height: 50), contents: .color(.white))
            let inner = Layer(name: "inner", frame: Rect(x: 0, y: 0, width: 20, height: 20), contents: .color(.black))
            t.from.addSublayer(outer)
            outer.addSublayer(middle)
            middle.addSublayer(inner)
            t.animate(duration: 1, usingSpringWithDamping: 0.45, initialSpringVelocity: 0) { outer.position = Point(x: 1050, y: 50) }
            t.animate(duration: 1, usingSpringWithDamping: 0.5, initialSpringVelocity: 0) { middle.position = Point(x: 1025, y: 25) }
            t.animate(duration: 1, usingSpringWithDamping: 0.55, initialSpringVelocity: 0) { inner.position = Point(x: 1010, y: 10) }
        }
        let deviation = try Self.denseDeviation(transition, tolerance: 0.5)
        #expect(deviation <= 0.5 + SVGOptions(tolerance: 0.5).rounding, "strayed \(deviation) px")
    }

    /// A card a UIKit spring flings 1,118 pt while it turns half a turn (and, in the second, grows
    /// 3 times): its move, turn and scale were each sampled within the whole tolerance, and their
    /// strays added up to 0.61 px. They are now sampled at the same instants, judged by where
    /// they put the card's corners together (`SampledTogether`). The second card's spring is cut
    /// at its end with 0.6 px of swing left, which the model jumps: keyframes that ended on the
    /// target there strayed 0.60 px just before the cut, and now follow the spring up to it.
    @Test(arguments: [(300.0, 150.0, 1.0), (100, 200, 3)])
    func aSpringThatMovesTurnsAndScalesACardStaysWithinTheTolerance(width: Double, height: Double, scale: Double) throws {
        let transition = Transition("fling-turn", duration: 1, size: Size(width: 400, height: 400)) { t in
            let card = Layer(name: "card", frame: Rect(x: 50, y: 50, width: width, height: height), contents: .color(.white))
            t.from.addSublayer(card)
            t.animate(duration: 1, usingSpringWithDamping: 0.8, initialSpringVelocity: 0) {
                card.transform = Transform3D(scaleX: scale, y: scale).concatenating(Transform3D(rotationAngle: .pi))
                card.position = Point(x: 1050 + width / 2, y: 550 + height / 2)
            }
        }
        let deviation = try Self.denseDeviation(transition, tolerance: 0.5)
        #expect(deviation <= 0.5 + SVGOptions(tolerance: 0.5).rounding, "strayed \(deviation) px")
    }

    /// A card turned half a turn and stretched 3 times by an undamped spring, cut after 0.63 of
    /// a period: between keyframe times the spring carries it twice as far, 5 times as tall.
    /// Its turn was timed for how far the card reaches at keyframe times only, and the chords of
    /// the sampled turn strayed 0.70 px on the far side of the swing.
    @Test func anUndampedSpringIsMeasuredAtTheFarEndOfItsSwing() throws {
        let transition = Transition("swing", duration: 0.5, size: Size(width: 400, height: 400)) { t in
            let card = Layer(name: "card", frame: Rect(x: 150, y: 100, width: 100, height: 200), contents: .color(.white))
            t.from.addSublayer(card)
            t.animate(duration: 0.125, delay: 0.125, spring: Spring(mass: 1, stiffness: 1000, damping: 0)) {
                card.transform = Transform3D(scaleX: 1, y: 3).concatenating(Transform3D(rotationAngle: .pi))
            }
        }
        let deviation = try Self.denseDeviation(transition, tolerance: 0.5)
        #expect(deviation <= 0.5 + SVGOptions(tolerance: 0.5).rounding, "strayed \(deviation) px")
    }

    /// A card turning in perspective inside a layer a UIKit spring flings: the card's projection
    /// is keyframed in the flung layer's space, so its strays and the spring's add up on screen.
    /// Each took the whole tolerance (0.84 px together); the card's drawing now takes what the
    /// spring leaves, as nested springs share it (0.37 px).
    @Test func aTurningCardInsideASpringSharesTheTolerance() throws {
        let transition = Transition("flung-card", duration: 1, size: Size(width: 200, height: 200)) { t in
            let tray = Layer(name: "tray", frame: Rect(x: 0, y: 0, width: 100, height: 100), contents: .color(.black))
            let card = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 80, height: 80), contents: .color(.white))
            card.cornerRadius = 24
            t.from.addSublayer(tray)
            tray.addSublayer(card)
            var turned = Transform3D.perspective(distance: 300)
            turned = Transform3D(rotationAngle: 1.1, x: 0, y: 1, z: 0).concatenating(turned)
            t.animate(duration: 1, usingSpringWithDamping: 0.5, initialSpringVelocity: 0) { tray.position = Point(x: 1210, y: 10) }
            t.animate(duration: 1) { card.transform = turned }
        }
        let deviation = try Self.denseDeviation(transition, tolerance: 0.5)
        #expect(deviation <= 0.5 + SVGOptions(tolerance: 0.5).rounding, "strayed \(deviation) px")
    }

    /// A timing curve that first pulls back (y1 = −0.86): `keySplines` values must lie in 0…1, so
    /// such a curve is written as straight keyframes; written as it was, it strayed 2.2 px.
    @Test func aCurveLeavingTheUnitSquareIsSampled() throws {
        let transition = Transition("anticipate", duration: 3) { t in
            t.animate(duration: 0.75, curve: TimingCurve(controlPoints: 0.997, -0.86, 0.0024, 0.294)) {
                t.from.position = Point(x: -158, y: 704)
            }
        }
        #expect(try Self.worstDeviation(transition) <= TransitionPropertyTests.tolerance)
        let svg = String(decoding: try Exporter.render(try transition.timeline(.push), as: .svg), as: UTF8.self)
        let splines = svg.matches(of: /keySplines="([^"]*)"/).flatMap { $0.1.split(whereSeparator: { $0 == " " || $0 == ";" }) }
        #expect(splines.allSatisfy { (0...1).contains(Double($0) ?? -1) }, "keySplines outside 0…1: \(splines)")
    }

}
