import Foundation
import Segue
import SegueCompiler
import Testing

/// How layers become HTML elements. A layer that nothing places in motion is one element, which
/// draws its own fill and, when nothing else is in it, its own text; a moving layer keeps its
/// layer and body elements; text beside sublayers keeps an element of its own, since its styles
/// would reach theirs. That each way draws the same is checked in three browsers by the browser
/// suite.
struct HTMLStageTests {
    static func page(_ transition: Transition) throws -> String {
        String(decoding: try Exporter.render(transition, direction: .push, as: .html), as: UTF8.self)
    }

    /// The class of the element whose whole content is `text`.
    static func classHolding(_ text: String, in page: String) -> String? {
        guard let end = page.range(of: "\">\(text)</div>") else { return nil }
        let opening = page[..<end.lowerBound]
        guard let start = opening.range(of: "class=\"", options: .backwards) else { return nil }
        return String(opening[start.upperBound...])
    }

    /// The declarations of the style rule for class `name`.
    static func rule(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: ".\(name){") else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "}" })
    }

    static func title(_ string: String, at frame: Rect, weight: Text.Weight = .semibold) -> Layer {
        Layer(frame: frame, contents: .text(Text(string, fontSize: 16, weight: weight)))
    }

    @Test func aStillLayerIsOneElementThatDrawsItsOwnFillAndText() throws {
        let page = try Self.page(Transition("still-rows", duration: 0.5) { t in
            let thumb = Layer(frame: Rect(x: 16, y: 76, width: 48, height: 48), contents: .color(Color(rgb: 0x4A90D9)))
            thumb.cornerRadius = 8
            t.add(thumb)
            t.add(Self.title("Arrival", at: Rect(x: 76, y: 76, width: 200, height: 24)))
            t.animate { thumb.opacity = 0.5 }
        })
        let title = try #require(Self.classHolding("Arrival", in: page))
        let rule = try #require(Self.rule(title, in: page))
        #expect(rule.contains("width:200px") && rule.contains("translate3d(") && rule.contains("font-weight:600"), "\(rule)")
        #expect(page.contains("background:#4a90d9"), "the thumbnail's fill is its element's background")
        #expect(!page.contains("-b\"") && !page.contains("-c\""), "one element per layer:\n\(page)")
    }

    @Test func aMovingLayerKeepsItsBodyAndTextBesideSublayersKeepsItsOwnElement() throws {
        let page = try Self.page(Transition("moving-title", duration: 0.5) { t in
            let moving = Self.title("Moving", at: Rect(x: 76, y: 76, width: 200, height: 24))
            let heading = Self.title("Heading", at: Rect(x: 16, y: 200, width: 300, height: 60))
            heading.addSublayer(Self.title("Regular", at: Rect(x: 0, y: 30, width: 300, height: 24), weight: .regular))
            t.add(moving)
            t.add(heading)
            t.animate { moving.position = Point(x: 200, y: 300) }
        })
        let moving = try #require(Self.classHolding("Moving", in: page))
        #expect(moving.hasSuffix("-b"), "the text is in the moving layer's body, not its placing element")
        let heading = try #require(Self.classHolding("Heading", in: page))
        #expect(heading.hasSuffix("-c"), "the heading's semibold would reach the regular text in it")
        let regularClass = try #require(Self.classHolding("Regular", in: page))
        let regular = try #require(Self.rule(regularClass, in: page))
        #expect(!regular.contains("font-weight"))
    }

    @Test func aSingleSidedLayerTurnedInZKeepsItsTurnApartFromItsFace() throws {
        let page = try Self.page(Transition("z-flipped", duration: 0.5) { t in
            let card = Layer(frame: Rect(x: 40, y: 40, width: 120, height: 80), contents: .color(Color(rgb: 0x2A6F97)))
            card.transform = Transform3D(scaleX: 1, y: 1, z: -1)
            card.isDoubleSided = false
            t.add(card)
            t.animate { card.opacity = 0.5 }
        })
        // On the element that hides its back, the z turn would face it away; the model shows it.
        let rules = page.components(separatedBy: "}").filter { $0.contains("backface-visibility:hidden") }
        #expect(!rules.isEmpty && rules.allSatisfy { !$0.contains("matrix3d") }, "\(rules)")
    }

    /// A perspective moves nothing that stays in its plane: a flat layer under one is a flat
    /// element (Chromium resamples an element under a perspective, and page-turn's still list was
    /// blurred), while a layer turning out of the plane keeps it.
    @Test func aFlatLayerUnderAPerspectiveIsPlacedWithoutIt() throws {
        let page = try Self.page(Transition("turning-card", duration: 0.5) { t in
            t.container.sublayerTransform = Transform3D.perspective(distance: 500)
            t.add(Self.title("Flat", at: Rect(x: 16, y: 16, width: 200, height: 24)))
            let card = Layer(frame: Rect(x: 40, y: 200, width: 120, height: 80), contents: .color(Color(rgb: 0x2A6F97)))
            t.add(card)
            t.animate { card.transform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0) }
        })
        let flatClass = try #require(Self.classHolding("Flat", in: page))
        let flat = try #require(Self.rule(flatClass, in: page))
        #expect(!flat.contains("matrix3d"), "\(flat)")
        // The perspective, m34 = −1/500, is in the turning card's placement.
        #expect(page.contains("-.002"), "\(page)")
    }

    @Test func aLayerNamedLikeAnotherLayersPartKeepsItsOwnClass() throws {
        let page = try Self.page(Transition("named-parts", duration: 0.5) { t in
            let card = Layer(name: "card", frame: Rect(x: 20, y: 20, width: 100, height: 60), contents: .color(Color(rgb: 0x2A6F97)))
            // "card-b" is the name the moving card's body would take.
            let badge = Layer(name: "card-b", frame: Rect(x: 20, y: 200, width: 40, height: 40), contents: .color(Color(rgb: 0xF5A623)))
            t.add(card)
            t.add(badge)
            t.animate { card.position = Point(x: 200, y: 300) }
        })
        let classes = page.components(separatedBy: "class=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { $0.contains("-push-card") }
        #expect(classes.count == 3 && Set(classes).count == 3, "\(classes)")
        for name in classes {
            #expect(page.components(separatedBy: ".\(name){").count == 2, "one rule for .\(name)")
        }
    }
}
