import Foundation
import Segue
@testable import SegueCompiler
import SegueXML
import Testing

/// A snapshot seen in perspective pictures its whole screen, clipped to the region it shows: what
/// lies outside that region never shows, so it is not drawn, and text is cut into strips only
/// where it does show (`SVGBuilder+Window.swift`).
struct PicturedRegionTests {
    /// The right half of a screen turning about the screen's middle, as page-turn's first half
    /// does. The screen has a label wholly in its left half, one wholly in its right half, one
    /// across the middle, and a tile in its left half.
    static func turningHalf() throws -> (timeline: Timeline, svg: String, stats: SVGStats) {
        let timeline = try Transition("turning-half", duration: 0.5) { t in
            t.from.backgroundColor = Color(rgb: 0xFFFFFF)
            func label(_ text: String, x: Double, width: Double) -> Layer {
                Layer(name: text.lowercased(), frame: Rect(x: x, y: 100, width: width, height: 30),
                      contents: .text(Text(text, fontSize: 20)))
            }
            t.from.addSublayer(label("Left", x: 20, width: 100))
            t.from.addSublayer(label("Right", x: 250, width: 100))
            t.from.addSublayer(label("Across the middle", x: 100, width: 200))
            t.from.addSublayer(Layer(name: "tile", frame: Rect(x: 20, y: 300, width: 80, height: 80), contents: .color(Color(rgb: 0x4A90D9))))
            t.container.sublayerTransform = Transform3D.perspective(distance: 500)
            let w = t.size.width, h = t.size.height
            let half = t.snapshot(of: .from, rect: Rect(x: w / 2, y: 0, width: w / 2, height: h), name: "half")
            half.anchorPoint = Point(x: 0, y: 0.5)
            half.position = Point(x: w / 2, y: h / 2)
            t.add(half)
            t.animate { half.transform = Transform3D(rotationAngle: -.pi / 2.5, x: 0, y: 1, z: 0) }
        }.timeline()
        let rendered = try Exporter.renderSVG(timeline)
        return (timeline, String(decoding: rendered.data, as: UTF8.self), rendered.stats)
    }

    /// The half's picture: the fills of what its frame clips, and the strips drawn in it, each with
    /// the text it shows and its clip's rectangle (in the text's own space).
    static func picture(_ svg: String) throws -> (fills: [String], strips: [(text: String, clip: Rect)]) {
        let document = try #require(XMLDocument(parsing: Data(svg.utf8)))
        // The elements point into the document: it is kept until they have given their values.
        return try withExtendedLifetime(document) { () throws -> (fills: [String], strips: [(text: String, clip: Rect)]) in
            let all = document.root.elementsInDocumentOrder
            func byID(_ reference: String) -> XMLElement? {
                let id = reference.replacingOccurrences(of: "url(#", with: "").replacingOccurrences(of: ")", with: "")
                    .replacingOccurrences(of: "#", with: "")
                return all.first { $0.attribute("id") == id }
            }
            let frame = try #require(all.first { ($0.attribute("clip-path") ?? "").contains("half-frame") })
            let elements = frame.elementsInDocumentOrder
            let fills = elements.compactMap { $0.attribute("fill") }
            let strips = try elements.filter { $0.name == "use" && $0.has("clip-path") }.map { use in
                let content = try #require(byID(use.attribute("href") ?? ""))
                let rect = try #require(byID(use.attribute("clip-path") ?? "")?.children.first { $0.name == "rect" })
                func number(_ name: String) -> Double { Double(rect.attribute(name) ?? "0") ?? 0 }
                return (content.text, Rect(x: number("x"), y: number("y"), width: number("width"), height: number("height")))
            }
            return (fills, strips)
        }
    }

    @Test func whatLiesOutsideThePicturedRegionIsNotDrawn() throws {
        let (_, svg, stats) = try Self.turningHalf()
        let (fills, strips) = try Self.picture(svg)
        #expect(Set(strips.map(\.text)) == ["Right", "Across the middle"], "a label wholly outside the half is drawn")
        #expect(!fills.contains("#4a90d9"), "a tile wholly outside the half is drawn")
        #expect(stats.worstContentDeviation <= 0.5, "\(stats.worstContentDeviation) px")
    }

    /// Text is cut into strips only where it shows, and wholly there: the label across the middle
    /// (in its own space the half starts at x = 87.5) from a point before the half to the end of
    /// its line, the label in the half from end to end, with no gap between strips.
    @Test func textIsCutOnlyWhereItShows() throws {
        let (timeline, svg, _) = try Self.turningHalf()
        let strips = try Self.picture(svg).strips
        let half = timeline.size.width / 2 - 100
        // Where each label's line may draw (`SVGBuilder.drawnArea`): to the end of its frame for
        // the long one, and short of it for the short one.
        func lineEnd(_ name: String) throws -> Double {
            try SVGBuilder.drawnArea(of: #require(timeline.layers.first { $0.id == name })).maxX
        }
        let across = try lineEnd("across the middle"), right = try lineEnd("right")
        #expect(across == 200 && right > 50 && right < 90, "\(across), \(right)")
        for (text, start, end) in [("Across the middle", half - 1, across), ("Right", 0, right)] {
            let clips = strips.filter { $0.text == text }.map(\.clip).sorted { $0.minX < $1.minX }
            #expect(clips.count > 1, "\(text): \(clips.count) strips")
            guard let first = clips.first, let last = clips.last else { continue }
            #expect(abs(first.minX - start) < 1e-6, "\(text) cut from x = \(first.minX), not \(start)")
            #expect(abs(last.maxX - end) < 1e-6, "\(text) cut to x = \(last.maxX), not \(end)")
            for (left, right) in zip(clips, clips.dropFirst()) {
                #expect(right.minX <= left.maxX, "\(text): a gap from \(left.maxX) to \(right.minX)")
            }
        }
    }
}
