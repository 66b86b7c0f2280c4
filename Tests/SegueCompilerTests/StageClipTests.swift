import Foundation
import Segue
@testable import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// The SVG clips its drawing to the stage only where something could be drawn beyond it: a
/// letterboxed `<img>` or a page saying `svg{overflow:visible}` would show it there (the browser
/// suite's letterbox test looks). A document drawn wholly inside leaves the clip out.
struct StageClipTests {
    static func svg(_ transition: Transition) throws -> String {
        String(decoding: try Exporter.render(transition, direction: .push, as: .svg), as: UTF8.self)
    }

    static func clipsToStage(_ svg: String) -> Bool {
        svg.contains("-stage\"") && svg.contains("-stage)\"")
    }

    /// A stage-sized screen with a label, and whatever `more` adds.
    static func transition(_ name: String, text: String = "Arrival", textFrame: Rect = Rect(x: 16, y: 80, width: 200, height: 24),
                           more: @escaping (TransitionContext) -> Void = { _ in }) -> Transition {
        Transition(name, duration: 0.5) { t in
            t.from.backgroundColor = Color(rgb: 0x4A90D9)
            t.from.addSublayer(Layer(frame: textFrame, contents: .text(Text(text, fontSize: 16))))
            t.to.backgroundColor = Color(rgb: 0xF5A623)
            t.to.mask = .circle(in: Rect(x: 300, y: 20, width: 40, height: 40))
            t.animate { t.to.mask = .circle(in: Rect(x: -500, y: -500, width: 1400, height: 1400)) }
            more(t)
        }
    }

    @Test func aStillDrawingInsideTheStageNeedsNoClip() throws {
        let svg = try Self.svg(Self.transition("inside"))
        #expect(!Self.clipsToStage(svg), "\(svg)")
        #expect(try DTDValidator.validateSVG(Data(svg.utf8)).isEmpty)
        // The mask grows far past the stage, but it only takes drawing away.
        #expect(svg.contains("<clipPath id=\"sg-inside-to-mask\""))
    }

    @Test func theCircleRevealPresetNeedsNoClipAndOpenDoorDoes() throws {
        let reveal = try Self.svg(Presets.named("circle-reveal").transition())
        #expect(!Self.clipsToStage(reveal))
        let doors = try Self.svg(Presets.named("open-door").transition())
        #expect(Self.clipsToStage(doors), "the doors slide out past the stage's edges")
    }

    @Test func aLayerThatMovesOrJumpsKeepsTheClip() throws {
        let moving = try Self.svg(Self.transition("moving") { t in
            let card = Layer(frame: Rect(x: 16, y: 300, width: 100, height: 100), contents: .color(.white))
            t.to.addSublayer(card)
            t.animate { card.position = Point(x: 100, y: 400) }
        })
        #expect(Self.clipsToStage(moving), "a layer in motion is not judged: it keeps the clip")
        let jumping = try Self.svg(Self.transition("jumping") { t in
            let card = Layer(frame: Rect(x: 16, y: 300, width: 100, height: 100), contents: .color(.white))
            t.to.addSublayer(card)
            t.at(0.25) { card.position = Point(x: 100, y: 400) }
        })
        #expect(Self.clipsToStage(jumping), "a jump moves the layer too")
    }

    @Test func aStillLayerReachingPastTheEdgeKeepsTheClip() throws {
        let svg = try Self.svg(Self.transition("past-the-edge") { t in
            t.to.addSublayer(Layer(frame: Rect(x: 300, y: 300, width: 100, height: 100), contents: .color(.white)))
        })
        #expect(Self.clipsToStage(svg))
        // A rectangle ending exactly at the edge is inside.
        let flush = try Self.svg(Self.transition("flush") { t in
            t.to.addSublayer(Layer(frame: Rect(x: 275, y: 567, width: 100, height: 100), contents: .color(.white)))
        })
        #expect(!Self.clipsToStage(flush))
    }

    @Test func wordsThatMayReachPastTheEdgeKeepTheClip() throws {
        // The box the widest likely face might draw these words in reaches from x = 60 past 375;
        // Chromium draws them to 334 in DejaVu Sans and to 303 in Liberation Sans.
        let text = "Now showing in 9 cinemas nearby", frame = Rect(x: 60, y: 80, width: 300, height: 24)
        #expect(60 + TextExtent.width(of: text) * 16 > 375)
        #expect(Self.clipsToStage(try Self.svg(Self.transition("long-words", text: text, textFrame: frame))))
        let short = "Now showing in 9"
        #expect(60 + TextExtent.width(of: short) * 16 < 375)
        #expect(!Self.clipsToStage(try Self.svg(Self.transition("short-words", text: short, textFrame: frame))))
        let emoji = "🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬🎬"
        #expect(Self.clipsToStage(try Self.svg(Self.transition("emoji", text: emoji, textFrame: frame))),
                "14 emoji at an em and a half from x = 60 reach past 375")
    }

    @Test func aDocumentWithoutTextNamesNoFontAndNoDeclaration() throws {
        let flat = try Self.svg(Presets.named("circle-reveal").transition(overrides: [(name: "screens", value: "flat")]))
        #expect(!flat.contains("font-family"))
        #expect(flat.hasPrefix("<!DOCTYPE svg PUBLIC"), "no XML declaration: UTF-8 and version 1.0 are XML's defaults")
        #expect(!flat.contains("version=\"1.1\""), "the DTD fixes the version")
        #expect(try DTDValidator.validateSVG(Data(flat.utf8)).isEmpty)
        let mock = try Self.svg(Presets.named("circle-reveal").transition())
        #expect(mock.contains("font-family="))
    }
}
