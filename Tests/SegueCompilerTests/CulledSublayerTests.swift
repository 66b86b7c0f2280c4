import Segue
@testable import SegueCompiler
import Testing

/// A layer draws its sublayers in its plane: where it shows only its front and turns its back to
/// the viewer, its sublayers go with it (as in Core Animation, and in the HTML page, whose layer
/// bodies are flat), and the model says so.
struct CulledSublayerTests {
    /// A page turning past edge-on about its left edge, with a label on it.
    static func turningPage(doubleSided: Bool) throws -> Timeline {
        try Transition("culled-page", duration: 0.6) { t in
            let page = Layer(name: "page", frame: Rect(x: 60, y: 150, width: 240, height: 320), contents: .color(Color(rgb: 0xF4EFE6)))
            page.anchorPoint = Point(x: 0, y: 0.5)
            page.isDoubleSided = doubleSided
            page.addSublayer(Layer(name: "label", frame: Rect(x: 40, y: 180, width: 160, height: 24),
                                   contents: .text(Text("Chapter one", fontSize: 17))))
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(page)
            t.animate { page.transform = Transform3D(rotationAngle: -0.8 * .pi, x: 0, y: 1, z: 0) }
        }.timeline()
    }

    static func layers(_ timeline: Timeline, at t: Double) -> [String: LayerState] {
        Dictionary(uniqueKeysWithValues: Evaluator(timeline).state(at: t).layers.map { ($0.id, $0) })
    }

    @Test func theSublayersOfACulledBackFaceAreNotDrawn() throws {
        let timeline = try Self.turningPage(doubleSided: false)
        let start = Self.layers(timeline, at: 0), end = Self.layers(timeline, at: timeline.duration)
        #expect(start["page"]?.visible == true && start["label"]?.visible == true)
        #expect(end["page"]?.isBackFacing == true && end["page"]?.visible == false)
        #expect(end["label"]?.isBackFacing == true, "the label shows both faces, but lies on the culled page")
        #expect(end["label"]?.visible == false)
    }

    @Test func onAPageShowingBothFacesTheyStayDrawn() throws {
        let timeline = try Self.turningPage(doubleSided: true)
        let end = Self.layers(timeline, at: timeline.duration)
        #expect(end["page"]?.visible == true && end["label"]?.visible == true)
        #expect(end["label"]?.isBackFacing == false)
    }
}
