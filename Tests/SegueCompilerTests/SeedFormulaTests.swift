import Foundation
import Segue
import SegueCompiler
import SeguePresets
import Testing

/// Each preset against its article's formulas (`shared/seeds/README.md`), evaluated by the model
/// at several times. Tolerances are 1e-9 pt unless said.
struct SeedFormulaTests {
    func state(_ preset: Preset, _ params: [(String, String)] = [], _ direction: Direction = .push, at t: Double) throws -> FrameState {
        let timeline = try preset.transition(overrides: params.map { (name: $0.0, value: $0.1) }).timeline(direction)
        return Evaluator(timeline).state(at: t)
    }

    func layer(_ s: FrameState, _ id: String) throws -> LayerState {
        try #require(s.layers.first { $0.id == id })
    }

    // Article 003: radius = sqrt(c.x² + (c.y − screenHeight)²); the mask grows linearly from the
    // button's oval to its frame inset by −radius over 0.5 s.
    @Test(arguments: [0.0, 0.1, 0.25, 0.4, 0.5])
    func circleRevealRadiusFollowsArticle003(t: Double) throws {
        let button = Rect(x: 315, y: 20, width: 40, height: 40)
        let radius = (335.0 * 335.0 + (40.0 - 667.0) * (40.0 - 667.0)).squareRoot()
        let mask = try #require(try layer(state(.circleReveal, at: t), "to").mask)
        #expect(abs(mask.center!.x - button.midX) < 1e-9 && abs(mask.center!.y - button.midY) < 1e-9)
        #expect(abs(mask.radius! - (20 + radius * t / 0.5)) < 1e-9)
    }

    @Test func circleRevealFollowsAMovedButtonAndScreen() throws {
        let s = try state(.circleReveal, [("button", "10,600,50,50"), ("size", "320x700"), ("duration", "2")], at: 2)
        let radius = (35.0 * 35.0 + (625.0 - 700.0) * (625.0 - 700.0)).squareRoot()
        #expect(abs(try layer(s, "to").mask!.radius! - (25 + radius)) < 1e-9)
    }

    @Test func circleRevealPopRevealsTheFirstScreenTheSameWay() throws {
        // HWTransitionAnimator is returned for pop too: the screen underneath grows out of the button again.
        let s = try state(.circleReveal, [], .pop, at: 0.25)
        let radius = (335.0 * 335.0 + 627.0 * 627.0).squareRoot()
        #expect(abs(try layer(s, "to").mask!.radius! - (20 + radius / 2)) < 1e-9)
    }

    // Article 004, circle spread: end radius = sqrt(max(x, w − x)² + max(y, h − y)²), linear path animation.
    @Test(arguments: [(Point(x: 327, y: 619), 0.3), (Point(x: 40, y: 100), 0.5), (Point(x: 187.5, y: 333.5), 0.1)])
    func circleSpreadReachesTheFarthestCorner(center: Point, t: Double) throws {
        let s = try state(.circleSpread, [("center", "\(center.x),\(center.y)"), ("start-radius", "10")], at: t)
        let far = hypot(max(center.x, 375 - center.x), max(center.y, 667 - center.y))
        let mask = try layer(s, "to").mask!
        #expect(abs(mask.radius! - (10 + (far - 10) * t / 0.5)) < 1e-9)
        #expect(abs(mask.center!.x - center.x) < 1e-9 && abs(mask.center!.y - center.y) < 1e-9)
    }

    // Article 004, circle with scaling screen: disc radius = farthest-corner distance; disc and screen
    // scale 0.01 → 1, the screen fades 0 → 1 and moves from the point to its centre, ease-in-ease-out.
    @Test(arguments: [0.0, 0.125, 0.25, 0.375, 0.5])
    func circleScaleSpreadGrowsDiscAndScreenTogether(t: Double) throws {
        let point = Point(x: 327, y: 619)
        let s = try state(.circleScaleSpread, at: t)
        let p = TimingCurve.easeInEaseOut.progress(at: t / 0.5)
        let scale = 0.01 + 0.99 * p
        let radius = hypot(327.0, 619.0)
        let disc = try layer(s, "disc").corners!
        #expect(abs((disc[1].x - disc[0].x) - 2 * radius * scale) < 1e-9)
        #expect(abs((disc[0].x + disc[2].x) / 2 - point.x) < 1e-9)
        let to = try layer(s, "to")
        let center = Point(x: point.x + (187.5 - point.x) * p, y: point.y + (333.5 - point.y) * p)
        #expect(abs((to.corners![0].x + to.corners![2].x) / 2 - center.x) < 1e-9)
        #expect(abs((to.corners![0].y + to.corners![2].y) / 2 - center.y) < 1e-9)
        #expect(abs((to.corners![1].x - to.corners![0].x) - 375 * scale) < 1e-9)
        #expect(abs(to.opacity - p) < 1e-9)
    }

    // Article 004, open door: the halves slide out by a half-width each and the target grows
    // 0.7 → 1 about its centre, ease-out. The right half starts half a point early, over the
    // left one, and the left one ends half a point late, under it, so that no line shows between
    // them at 1x or at half size; each slides that much further.
    @Test(arguments: [0.0, 0.1, 0.25, 0.5])
    func openDoorSlidesTheHalvesApart(t: Double) throws {
        let s = try state(.openDoor, at: t)
        let p = TimingCurve.easeOut.progress(at: t / 0.5)
        let left = try layer(s, "left-door").corners!, right = try layer(s, "right-door").corners!
        #expect(abs(left[0].x - (0 - 188 * p)) < 1e-9 && abs(left[1].x - (188 - 188 * p)) < 1e-9)
        #expect(abs(right[0].x - (187 + 188 * p)) < 1e-9 && abs(right[1].x - (375 + 188 * p)) < 1e-9)
        let to = try layer(s, "to").corners!
        let scale = 0.7 + 0.3 * p
        #expect(abs((to[1].x - to[0].x) - 375 * scale) < 1e-9)
        #expect(abs((to[0].x + to[1].x) / 2 - 187.5) < 1e-9)
        #expect(try layer(s, "from").isHidden)
    }

    @Test func derivedPopPlaysThePushBackwards() throws {
        for preset in [Preset.circleSpread, .circleScaleSpread, .openDoor] {
            for t in [0.0, 0.1, 0.3, 0.5] {
                let push = try state(preset, [("screens", "flat")], .push, at: 0.5 - t)
                let pop = try state(preset, [("screens", "flat")], .pop, at: t)
                for (a, b) in zip(push.layers, pop.layers) {
                    #expect(a.id == b.id)
                    for (p, q) in zip(a.corners ?? [], b.corners ?? []) {
                        #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9, "\(preset.name) \(a.id) at \(t)")
                    }
                    #expect(abs(a.effectiveOpacity - b.effectiveOpacity) < 1e-9)
                }
            }
        }
    }
}
