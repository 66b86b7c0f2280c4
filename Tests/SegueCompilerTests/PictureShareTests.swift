import Segue
@testable import SegueCompiler
import Testing

/// A 2D snapshot's picture is drawn once, still, and shown by every snapshot layer of its screen:
/// a projection inside it (the screen gives its sublayers depth) strays on the lines of those
/// layers, not of the screen's superlayers, and gets a part of the tolerance there.
struct PictureShareTests {
    /// The next screen, seen in perspective (so drawn as its projection, which counts it alone on
    /// its line), moved by a spring and giving its sublayers depth, holds a rounded card turned in
    /// 3D; a snapshot of it, drawn in 2D, `slides` on a spring of its own.
    static func transition(slides: Bool) -> Transition {
        Transition("picture", duration: 0.5, size: Size(width: 320, height: 480)) { t in
            t.to.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 800))
            t.to.sublayerTransform = Transform3D.perspective(distance: 500)
            let card = Layer(name: "card", frame: Rect(x: 40, y: 60, width: 200, height: 120), contents: .color(.white))
            card.cornerRadius = 8
            card.transform = Transform3D(rotationAngle: 0.6, x: 0, y: 1, z: 0)
            t.to.addSublayer(card)
            let picture = t.snapshot(of: .to, name: "picture")
            t.add(picture)
            t.animate(duration: 0.5, usingSpringWithDamping: 0.6) {
                t.to.position = Point(x: 200, y: 240)
                if slides { picture.position = Point(x: 120, y: 200) }
            }
        }
    }

    static func states(_ transition: Transition) throws -> KeyframeStates {
        KeyframeStates(Evaluator(try transition.timeline(.push)))
    }

    /// The picture's projection is counted on the snapshot layer's line: the layer's spring gets
    /// half the tolerance, the picture the other half. The screen's own spring, which does not
    /// carry the picture, takes none of it (it took all of it, leaving the picture nothing to cut
    /// its rounded corners by: an export that stopped on a count of pieces without end).
    @Test func aPictureGetsWhatItsSnapshotLayersLeave() throws {
        let states = try Self.states(Self.transition(slides: true))
        #expect(states.sampledShare(of: "picture") == 0.5)
        #expect(states.pictureShare(of: .to) == 0.5)
        #expect(states.projectedShare(base: "to") == 0, "the screen's own line, which the picture is not on")
        let still = try Self.states(Self.transition(slides: false))
        #expect(still.pictureShare(of: .to) == 1)
    }

    @Test func aPictureWithARoundedCardInDepthExports() throws {
        let timeline = try Self.transition(slides: true).timeline(.push)
        let svg = try Exporter.renderSVG(timeline).data
        #expect(String(decoding: svg, as: UTF8.self).contains("to-picture"))
    }
}
