import Foundation
import Segue
import SegueCompiler
import Testing

/// Layers drawn in perspective that never move are written still, without sampling; a layer whose
/// own properties never change but whose superlayer turns, or whose superlayer's sublayer
/// transform animates, moves with it. Each replays within the tolerance.
struct StillPlacementTests {
    /// The document and the worst distance of its replay from the model.
    static func export(_ transition: Transition) throws -> (svg: String, worst: Double) {
        let timeline = try transition.timeline()
        let rendered = try Exporter.renderSVG(timeline)
        return (String(decoding: rendered.data, as: UTF8.self), try SMILReplay(rendered, timeline: timeline).worstDeviation())
    }

    /// A card turned a tenth of a turn about its vertical axis, seen with a perspective `distance`
    /// points away.
    @discardableResult
    static func tiltedCard(in t: TransitionContext, perspective distance: Double) -> Layer {
        let card = Layer(frame: Rect(x: 60, y: 150, width: 240, height: 320), contents: .color(Color(rgb: 0x2A6F97)))
        card.transform = Transform3D(rotationAngle: .pi / 5, x: 0, y: 1, z: 0)
        t.container.sublayerTransform = Transform3D.perspective(distance: distance)
        t.add(card)
        return card
    }

    @Test func aTiltedCardThatNeverMovesIsWrittenStill() throws {
        let (svg, worst) = try Self.export(Transition("still-tilt", duration: 0.5) { t in
            let card = Self.tiltedCard(in: t, perspective: 600)
            t.animate { card.opacity = 0.4 }
        })
        #expect(worst <= 0.55, "\(worst) px")
        #expect(svg.contains("<polygon"), "the tilted card is drawn as its projection")
        #expect(!svg.contains("attributeName=\"points\""), "the tilted card does not move")
        #expect(svg.contains("attributeName=\"opacity\""), "it fades")
    }

    @Test func aCardCarriedByATurningSuperlayerMovesWithIt() throws {
        let (svg, worst) = try Self.export(Transition("carried-card", duration: 0.5) { t in
            let page = Layer(frame: Rect(x: 60, y: 150, width: 240, height: 320), contents: .color(Color(rgb: 0xF4EFE6)))
            page.anchorPoint = Point(x: 0, y: 0.5)
            let card = Layer(frame: Rect(x: 40, y: 60, width: 120, height: 80), contents: .color(Color(rgb: 0x2A6F97)))
            page.addSublayer(card)
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(page)
            t.animate { page.transform = Transform3D(rotationAngle: -.pi / 3, x: 0, y: 1, z: 0) }
        })
        #expect(worst <= 0.55, "\(worst) px")
        #expect(svg.components(separatedBy: "attributeName=\"points\"").count - 1 == 2, "the page and the card on it both move")
    }

    @Test func aCardUnderAnAnimatedPerspectiveMovesWithIt() throws {
        let (svg, worst) = try Self.export(Transition("deepening", duration: 0.5) { t in
            Self.tiltedCard(in: t, perspective: 1500)
            t.animate { t.container.sublayerTransform = Transform3D.perspective(distance: 400) }
        })
        #expect(worst <= 0.55, "\(worst) px")
        #expect(svg.contains("attributeName=\"points\""), "the card's projection changes as the perspective deepens")
    }
}
