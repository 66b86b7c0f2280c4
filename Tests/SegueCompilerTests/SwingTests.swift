import Foundation
import Testing
@testable import Segue
@testable import SegueCompiler

/// Refinement looks at the quarters of an interval where the model may swing within it fast
/// enough to meet the straight line halfway and miss it a quarter of the way: how fast a segment's
/// curve swings (`Easing.pace`), summed over the segments moving a layer (`MovingSpans.pace`),
/// against the interval (`ProjectionSampler.swingsWithin`).
struct SwingTests {
    /// A layer whose transform turns from `from` to `to` between two times with `curve`.
    static func turning(_ id: String, parent: String? = nil, from: Double, to: Double, curve: Easing) -> LayerNode {
        var layer = LayerNode(id: id, parent: parent, bounds: Rect(x: 0, y: 0, width: 200, height: 300), position: Point(x: 100, y: 150))
        layer.transform = Animated(keyframes: [
            Keyframe(time: from, value: .identity),
            Keyframe(time: to, value: Transform3D(rotationAngle: 0.4 * .pi, x: 0, y: 1, z: 0), curve: curve)
        ])
        return layer
    }

    @Test func aLinearCurveSwingsOnceAndEasedCurvesFaster() {
        #expect(Easing.linear.pace == 1)
        let easeInOut = Easing.bezier(.easeInEaseOut).pace
        #expect(easeInOut > 2 && easeInOut < 4, "\(easeInOut)")
        let overshooting = Easing.bezier(TimingCurve(controlPoints: 0.3, -2, 0.7, 3)).pace
        #expect(overshooting > 2 * easeInOut, "\(overshooting)")
    }

    /// A spring paces at its natural frequency, over the seconds it lasts.
    @Test func aSpringPacesAtItsFrequency() {
        let omega = 2 * Double.pi / 0.0025
        let stiff = SpringCurve(mass: 1, stiffness: omega * omega, damping: 2, initialVelocity: 0, duration: 0.5)
        #expect(abs(Easing.spring(stiff).pace - omega * 0.5) < 1e-6 * omega)
    }

    /// The swings the quarters are for: a spring swinging every 2.5 ms (the recorded stray
    /// `aSwingBetweenGridTimesIsLookedAtInQuarters`), and a turn over less than a grid step. Not:
    /// a page turning over a quarter of a second with UIKit's curve (page-turn's halves), or a
    /// book springing open with UIKit's gentle spring (book-open). Grid steps of 2 ms.
    @Test func swingsWithinAGridStepAreToldFromSlowOnes() {
        func swings(_ layer: LayerNode, at t: Double) -> Bool {
            ProjectionSampler.swingsWithin(t, t + 0.002, pace: MovingSpans(placing: layer).pace(between: t, and: t + 0.002))
        }
        let omega = 2 * Double.pi / 0.0025
        let stiff = Easing.spring(SpringCurve(mass: 1, stiffness: omega * omega, damping: 20, initialVelocity: 0, duration: 0.5))
        #expect(swings(Self.turning("spring", from: 0, to: 0.5, curve: stiff), at: 0.2))
        #expect(swings(Self.turning("snap", from: 0.2, to: 0.203, curve: .linear), at: 0.2))
        #expect(!swings(Self.turning("page", from: 0, to: 0.25, curve: .bezier(.easeInEaseOut)), at: 0.1))
        let gentle = Easing.spring(SpringCurve(uiKitDuration: 0.7, dampingRatio: 0.7, initialVelocity: 1))
        #expect(!swings(Self.turning("book", from: 0, to: 0.7, curve: gentle), at: 0.3))
        // Outside its segment a layer does not swing at all.
        #expect(MovingSpans(placing: Self.turning("snap", from: 0.2, to: 0.203, curve: .linear)).pace(between: 0.3, and: 0.302) == 0)
    }

    /// A layer turning inside a turning superlayer swings as fast as both together.
    @Test func pacesOfLayersInsideEachOtherAddUp() {
        let outer = Self.turning("outer", from: 0, to: 0.5, curve: .linear)
        let inner = Self.turning("inner", parent: "outer", from: 0.25, to: 0.5, curve: .bezier(.easeInEaseOut))
        let both = MovingSpans(placing: outer).union(MovingSpans(placing: inner))
        let outerPace = MovingSpans(placing: outer).pace(between: 0.3, and: 0.31)
        let innerPace = MovingSpans(placing: inner).pace(between: 0.3, and: 0.31)
        #expect(outerPace > 0 && innerPace > 0)
        #expect(abs(both.pace(between: 0.3, and: 0.31) - (outerPace + innerPace)) < 1e-9)
        #expect(both.pace(between: 0.1, and: 0.11) == outerPace)
    }

    /// A card in perspective slides 40 pt with UIKit's ease-in-out in 3 ms, less than a grid step
    /// of 4 ms: halfway it is where moving straight puts it, a quarter of the way it is 5 pt
    /// behind (too short a travel for refinement to look at the quarters for that alone). Refinement looks at the quarters there, and the card is drawn within the tolerance
    /// every tenth of a millisecond. (Told only of springs, refinement left the quarters alone,
    /// and the card strayed 4.97 px.)
    @Test func anEasedSlideWithinAGridStepIsLookedAtInQuarters() throws {
        let timeline = try Transition("quick-slide", duration: 1) { t in
            let card = Layer(frame: Rect(x: 40, y: 200, width: 120, height: 160), contents: .color(Color(rgb: 0x3A6EA5)))
            t.container.sublayerTransform = Transform3D.perspective(distance: 800)
            card.transform = Transform3D(rotationAngle: 0.1, x: 0, y: 1, z: 0)
            t.add(card)
            t.animate(duration: 0.003, delay: 0.5, curve: .easeInEaseOut) {
                card.transform = Transform3D(translationX: 40, y: 0, z: 0).concatenating(Transform3D(rotationAngle: 0.1, x: 0, y: 1, z: 0))
            }
        }.timeline()
        let rendered = try Exporter.renderSVG(timeline)
        let times = (0...30).map { 0.5 + Double($0) / 10_000 }
        let worst = try SMILReplay(rendered, timeline: timeline).deviations(times: times).max { $0.distance < $1.distance }
        #expect((worst?.distance ?? 0) <= 0.5, "\(worst.map { "\($0.distance) px at \($0.time) s" } ?? "")")
    }
}
