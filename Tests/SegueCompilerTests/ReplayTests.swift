import Foundation
import Segue
import SegueCompiler
import SeguePresets
import Testing

/// Every preset's SVG, played back by SMIL's rules from its bytes, against the model: the drawing
/// never strays more than the tolerance (0.5 px by default, plus the 0.05 px of writing numbers
/// with one decimal).
struct ReplayTests {
    @Test(arguments: Presets.all.map(\.name))
    func replayedDrawingStaysWithinTolerance(name: String) throws {
        for direction in Direction.allCases {
            let timeline = try Presets.named(name).transition(overrides: [(name: "screens", value: "flat")]).timeline(direction)
            let replay = try SMILReplay(try Exporter.renderSVG(timeline), timeline: timeline)
            let worst = replay.deviations().max { $0.distance < $1.distance }
            #expect((worst?.distance ?? 0) <= 0.55, "\(name) \(direction): \(worst.map { "\($0.distance) px at \($0.time) s on \($0.layer)" } ?? "")")
        }
    }

    @Test func aFlipIsDrawnAsCoreAnimationTurnsIt() throws {
        // A negative scale on one axis decomposes into a half turn about y: Core Animation turns
        // the layer through 3D to reach it. Written as 2D steps it was mirrored, 375 px off.
        let flip = Transition("flip", duration: 0.5) { t in
            t.animate(duration: 0.5, curve: .linear) { t.to.transform = Transform3D(scaleX: 1, y: -3) }
        }
        let timeline = try flip.timeline(.push)
        let replay = try SMILReplay(try Exporter.renderSVG(timeline), timeline: timeline)
        #expect(replay.worstDeviation() <= 0.55)
    }

    @Test func aShiftedLayerIsCaught() throws {
        // The same check fails on a document whose mask radius is 5 px too large.
        let timeline = try Preset.circleReveal.transition().timeline()
        let rendered = try Exporter.renderSVG(timeline)
        var text = String(decoding: rendered.data, as: UTF8.self)
        text = text.replacingOccurrences(of: "values=\"20;730.883\"", with: "values=\"25;735.883\"")
        let replay = try SMILReplay(svg: Data(text.utf8), layers: rendered.layers, timeline: timeline)
        #expect(replay.worstDeviation() >= 4.9)
    }
}
