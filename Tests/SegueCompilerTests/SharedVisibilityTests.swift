import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// A layer lying still and flat inside its superlayer in perspective is shown exactly when the
/// superlayer is, so it takes the superlayer's visibility instead of working out its own (and is
/// not checked against the camera plane again): only where that holds.
struct SharedVisibilityTests {
    static let page = LayerNode(id: "page", bounds: Rect(x: 0, y: 0, width: 200, height: 300), position: Point(x: 100, y: 150))

    /// Whether `layer`, as `parent`'s sublayer, takes its visibility.
    static func shares(_ layer: LayerNode, in parent: LayerNode = page) -> Bool {
        var lineage = SVGBuilder.Lineage(base: parent)
        lineage.parent = parent
        let local = lineage.stillPlacementInParent(of: layer, transform: TransformTrack(layer.transform))
        return ProjectedLayerModel.sharesVisibility(layer, placedBy: local, inside: parent)
    }

    static func label(at position: Point, width: Double = 100) -> LayerNode {
        LayerNode(id: "label", bounds: Rect(x: 0, y: 0, width: width, height: 20), position: position)
    }

    @Test func aStillLabelInsideItsPageSharesItsVisibility() {
        #expect(Self.shares(Self.label(at: Point(x: 60, y: 40))))
        // Flattened into the page's plane, a turn without perspective of its own is still flat there.
        var turned = Self.label(at: Point(x: 60, y: 40))
        turned.transform = Animated(Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0))
        #expect(Self.shares(turned))
    }

    @Test func aLabelOnAPageHidingItsBackSharesItsVisibility() {
        var oneFacedPage = Self.page
        oneFacedPage.isDoubleSided = false
        #expect(Self.shares(Self.label(at: Point(x: 60, y: 40)), in: oneFacedPage), "a sublayer is shown only while its page is")
        var shade = LayerNode(id: "shade", bounds: oneFacedPage.bounds.initialValue, position: Point(x: 100, y: 150))
        #expect(ProjectedLayerModel.coincides(shade, withParent: oneFacedPage))
        #expect(ProjectedLayerModel.sharesVisibility(shade, withParent: oneFacedPage), "a shade showing both faces goes with the page")
        shade.isDoubleSided = false
        #expect(ProjectedLayerModel.sharesVisibility(shade, withParent: oneFacedPage), "both hide the same back")
        #expect(!ProjectedLayerModel.sharesVisibility(shade, withParent: Self.page), "the shade hides a back the page shows")
    }

    @Test func aLabelThatOverhangsMovesHidesOrShowsOneFaceKeepsItsOwn() {
        #expect(!Self.shares(Self.label(at: Point(x: 180, y: 40))), "it reaches past the page's right edge")
        var moving = Self.label(at: Point(x: 60, y: 40))
        moving.position = Animated(keyframes: [Keyframe(time: 0, value: Point(x: 60, y: 40)), Keyframe(time: 1, value: Point(x: 60, y: 90))])
        #expect(!Self.shares(moving), "its place in the page moves")
        var hiding = Self.label(at: Point(x: 60, y: 40))
        hiding.isHidden = Animated(keyframes: [Keyframe(time: 0, value: false), Keyframe(time: 0.5, value: true)])
        #expect(!Self.shares(hiding), "it hides on its own")
        var oneFaced = Self.label(at: Point(x: 60, y: 40))
        oneFaced.isDoubleSided = false
        #expect(!Self.shares(oneFaced), "it hides its back, which the page may show")
        var deep = Self.label(at: Point(x: 60, y: 40))
        deep.transform = Animated(Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300)))
        #expect(!Self.shares(deep), "its own perspective takes it out of the page's plane")
    }

    /// A page turns past edge-on, showing its back, and then hides, with a card and a label
    /// on it: both show its turn and vanish with it, and the replay of the document stays within
    /// the tolerance.
    @Test func whatLiesOnATurningPageVanishesWithIt() throws {
        let timeline = try Transition("turning-page", duration: 0.6) { t in
            let page = Layer(frame: Rect(x: 60, y: 150, width: 240, height: 320), contents: .color(Color(rgb: 0xF4EFE6)))
            page.anchorPoint = Point(x: 0, y: 0.5)
            page.addSublayer(Layer(frame: Rect(x: 40, y: 60, width: 120, height: 80), contents: .color(Color(rgb: 0x2A6F97))))
            page.addSublayer(Layer(frame: Rect(x: 40, y: 180, width: 160, height: 24), contents: .text(Text("Chapter one", fontSize: 17))))
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(page)
            t.animate { page.transform = Transform3D(rotationAngle: -0.8 * .pi, x: 0, y: 1, z: 0) }
            t.at(0.45) { page.isHidden = true }
        }.timeline()
        let rendered = try Exporter.renderSVG(timeline)
        let worst = try SMILReplay(rendered, timeline: timeline).worstDeviation()
        #expect(worst <= 0.55, "\(worst) px")
        let svg = String(decoding: rendered.data, as: UTF8.self)
        #expect(svg.contains("attributeName=\"display\""), "the page hides")
        #expect(svg.contains("Chapter one"), "the label is drawn")
    }

    /// The same with a page that hides its back instead of hiding by its flag: its card and label
    /// vanish as it turns edge-on, through the page's group alone (one visibility switch written,
    /// the page's), and the replay stays within the tolerance.
    @Test func whatLiesOnAPageHidingItsBackVanishesWithIt() throws {
        let timeline = try Transition("one-faced-page", duration: 0.6) { t in
            let page = Layer(frame: Rect(x: 60, y: 150, width: 240, height: 320), contents: .color(Color(rgb: 0xF4EFE6)))
            page.anchorPoint = Point(x: 0, y: 0.5)
            page.isDoubleSided = false
            page.addSublayer(Layer(frame: Rect(x: 40, y: 60, width: 120, height: 80), contents: .color(Color(rgb: 0x2A6F97))))
            page.addSublayer(Layer(frame: Rect(x: 40, y: 180, width: 160, height: 24), contents: .text(Text("Chapter one", fontSize: 17))))
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(page)
            t.animate { page.transform = Transform3D(rotationAngle: -0.8 * .pi, x: 0, y: 1, z: 0) }
        }.timeline()
        let rendered = try Exporter.renderSVG(timeline)
        let worst = try SMILReplay(rendered, timeline: timeline).worstDeviation()
        #expect(worst <= 0.55, "\(worst) px")
        let svg = String(decoding: rendered.data, as: UTF8.self)
        #expect(svg.components(separatedBy: "attributeName=\"display\"").count - 1 == 1, "only the page's group switches")
        #expect(svg.contains("Chapter one"), "the label is drawn")
    }
}
