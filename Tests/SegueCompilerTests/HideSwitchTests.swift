import Foundation
import Testing
@testable import Segue
@testable import SegueCompiler

/// A layer that hides by its flag while it moves is drawn moving right up to that instant.
struct HideSwitchTests {
    /// A page turning at an even pace in perspective, hidden by its flag at `hide`.
    static func turningPage(hiddenAt hide: Double) throws -> Timeline {
        try Transition("hiding-page", duration: 0.6) { t in
            let page = Layer(frame: Rect(x: 60, y: 150, width: 240, height: 320), contents: .color(Color(rgb: 0xF4EFE6)))
            page.anchorPoint = Point(x: 0, y: 0.5)
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(page)
            t.animate(curve: .linear) { page.transform = Transform3D(rotationAngle: -0.4 * .pi, x: 0, y: 1, z: 0) }
            t.at(hide) { page.isHidden = true }
        }.timeline()
    }

    /// Hidden halfway or at the very end: replayed every millisecond, and a tenth of a
    /// microsecond before each, the page stays within the tolerance. (Holding the hidden
    /// instant's value over the last step before it, it strayed 0.62 px and 1.73 px.)
    @Test(arguments: [0.3, 0.6])
    func aPageHidingWhileItTurnsIsDrawnUpToThatInstant(hide: Double) throws {
        let timeline = try Self.turningPage(hiddenAt: hide)
        let rendered = try Exporter.renderSVG(timeline)
        let times = (1...600).map { Double($0) / 1000 - 1e-7 }
        let deviations = try SMILReplay(rendered, timeline: timeline).deviations(times: times)
        #expect(deviations.contains { $0.time > hide - 0.002 && $0.time < hide }, "the page is measured just before it hides")
        let worst = deviations.max { $0.distance < $1.distance }
        #expect((worst?.distance ?? 0) <= 0.5, "\(worst.map { "\($0.distance) px at \($0.time) s" } ?? "")")
    }

    /// Visibility is looked for closely only where a layer moves (between keyframe times where
    /// nothing places it anew it neither turns nor moves): a card that hides its back turns away
    /// while it turns, and a card lying still beside it hides by its flag and shows again later.
    /// Replayed every millisecond, each is drawn exactly while the model shows it.
    @Test func layersAreDrawnJustWhileShownWhetherTheyMoveOrLieStill() throws {
        let timeline = try Transition("turning-and-still", duration: 1) { t in
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            let away = Layer(frame: Rect(x: 40, y: 150, width: 140, height: 200), contents: .color(Color(rgb: 0x3A6EA5)))
            away.isDoubleSided = false
            let beside = Layer(frame: Rect(x: 200, y: 150, width: 140, height: 200), contents: .color(Color(rgb: 0xE07A5F)))
            beside.transform = Transform3D(rotationAngle: 0.2 * .pi, x: 0, y: 1, z: 0)
            t.add(away)
            t.add(beside)
            t.animate(duration: 0.3, curve: .linear) { away.transform = Transform3D(rotationAngle: 0.8 * .pi, x: 0, y: 1, z: 0) }
            t.at(0.5) { beside.isHidden = true }
            t.at(0.7) { beside.isHidden = false }
        }.timeline()
        let turning = timeline.layers[timeline.layers.count - 2].id, still = timeline.layers[timeline.layers.count - 1].id
        let replay = try SMILReplay(try Exporter.renderSVG(timeline), timeline: timeline)
        let evaluator = Evaluator(timeline)
        for step in 1...999 {
            let time = Double(step) / 1000 + 1e-7
            let drawn = Set(replay.shapes(at: time, includingStrips: false).map(\.layer))
            let shown = Set(evaluator.state(at: time).layers.filter(\.visible).map(\.id))
            #expect(drawn.contains(turning) == shown.contains(turning), "the turning card at \(time) s")
            #expect(drawn.contains(still) == shown.contains(still), "the still card at \(time) s")
        }
        // The model shows the first card's back by a quarter of a second (0.8 of a half turn over
        // 0.3 s is a quarter turn at 0.1875 s), and hides the second card from 0.5 s to 0.7 s.
        #expect(evaluator.state(at: 0.1).layers.contains { $0.id == turning && $0.visible })
        #expect(!evaluator.state(at: 0.25).layers.contains { $0.id == turning && $0.visible })
        #expect(!evaluator.state(at: 0.6).layers.contains { $0.id == still && $0.visible })
        #expect(evaluator.state(at: 0.8).layers.contains { $0.id == still && $0.visible })
    }
}
