import Testing
@testable import Segue
@testable import SegueCompiler

/// The steps of a layer's placement that a spring moves, sampled at the same instants
/// (`SampledTogether`): what the layer draws stays within the tolerance of the model at every
/// instant, with the steps' strays taken together.
struct SampledTogetherTests {
    /// UIKit's spring over 1 s with damping 0.8: cut at its end, a thousandth of the way short.
    let spring = Easing.spring(SpringCurve(uiKitDuration: 1, dampingRatio: 0.8, initialVelocity: 0))
    /// A 100 × 200 card about its centre.
    let probes = Rect(x: -50, y: -100, width: 100, height: 200).corners
    /// Its still bounds.
    let still = Animated(Rect(x: -50, y: -100, width: 100, height: 200))

    /// `model` sampled together within `tolerance` px, in a superlayer `scale` times its size on screen.
    func together(_ model: [TransformStep], scale: Double = 1, tolerance: Double = 0.49) -> [TransformStep] {
        SampledTogether(probes: probes, scale: scale, tolerance: tolerance).sampled(model, bounds: still).steps
    }

    /// A move of `distance` (along x, y = distance / 2), a half turn and a scale to `scale`, all on
    /// the spring, outermost first.
    func steps(distance: Double, scale: Double = 3) -> [TransformStep] {
        func track<V: Interpolatable>(_ from: V, _ to: V) -> Animated<V> {
            Animated(keyframes: [Keyframe(time: 0, value: from), Keyframe(time: 1, value: to, curve: spring)])
        }
        return [.translate(track(Point(x: 100, y: 100), Point(x: 100 + distance, y: 100 + distance / 2))),
                .rotate(track(0, 180)),
                .scale(track(Point(x: 1, y: 1), Point(x: scale, y: scale)))]
    }

    /// The steps' map at `t`, each step's value as its track gives it.
    func map(_ steps: [TransformStep], at t: Double) -> Homography {
        steps.reversed().reduce(Homography.identity) { map, step in
            switch step {
            case .fixed(let h): map.concatenating(h)
            case .translate(let track): map.concatenating(.translation(x: track.value(at: t).x, y: track.value(at: t).y))
            case .rotate(let track): map.concatenating(TransformSteps.rotation(degrees: track.value(at: t)))
            case .scale(let track):
                map.concatenating(Homography(a: track.value(at: t).x, b: 0, c: 0, d: 0, e: track.value(at: t).y, f: 0, g: 0, h: 0, i: 1))
            }
        }
    }

    /// How far the sampled steps put a probe from where the model's do, at worst, over `instants`
    /// instants of the second.
    func worstStray(_ model: [TransformStep], _ sampled: [TransformStep], instants: Int = 20_000) -> Double {
        (0...instants).map { Double($0) / Double(instants) }.map { t in
            let truth = map(model, at: t), drawn = map(sampled, at: t)
            return probes.map { truth.apply($0)!.distance(to: drawn.apply($0)!) }.max()!
        }.max()!
    }

    func times(_ step: TransformStep) -> [Double] {
        switch step {
        case .fixed: []
        case .translate(let track), .scale(let track): track.keyframes.map(\.time)
        case .rotate(let track): track.keyframes.map(\.time)
        }
    }

    @Test func stepsMovedByOneSpringKeepTheCardWithinTheToleranceAtTheSameInstants() {
        let model = steps(distance: 1000)
        let sampled = together(model)
        #expect(times(sampled[0]).count > 20)
        #expect(times(sampled[0]) == times(sampled[1]) && times(sampled[1]) == times(sampled[2]))
        let stray = worstStray(model, sampled)
        #expect(stray <= 0.49, "strayed \(stray) px")
    }

    @Test func theStrayIsMeasuredOnScreen() {
        // The card's superlayer is drawn twice its size: the steps may stray half as far in its space.
        let model = steps(distance: 400)
        let sampled = together(model, scale: 2)
        let stray = worstStray(model, sampled)
        #expect(stray <= 0.245, "strayed \(stray) px in the superlayer's space")
        #expect(times(sampled[0]).count > times(together(model)[0]).count)
    }

    @Test func aSpringCutWhereItsJumpShowsLandsWithTheModel() throws {
        let model = steps(distance: 1000)
        guard case .translate(let track) = together(model)[0],
              case .translate(let original) = model[0] else { Issue.record("not a translation"); return }
        let last = track.keyframes.suffix(2).map(\.self)
        #expect(last.map(\.time) == [1, 1])
        #expect(last[0].value == original.valueBefore(1))
        #expect(last[1].value == original.finalValue)
        // What the spring has left to go when it is cut, along the move: shown, not rounded away.
        #expect(last[0].value.distance(to: last[1].value) > 0.245)
    }

    @Test func aSpringCutWhereItsJumpDoesNotShowEndsOnTheTarget() {
        let model = steps(distance: 50, scale: 1.2)
        guard case .translate(let track) = together(model)[0] else {
            Issue.record("not a translation"); return
        }
        #expect(track.keyframes.filter { $0.time == 1 }.count == 1)
        #expect(track.finalValue == Point(x: 150, y: 125))
    }

    @Test func aSpringCutShortOfItsProgressLandsRatherThanCrowdingItsEnd() {
        // UIKit's spring with damping 0.3 is cut 0.2 % short of its target: more than the
        // progress keyframes may stray, however close to the cut they come.
        let loose = Easing.spring(SpringCurve(uiKitDuration: 1, dampingRatio: 0.3, initialVelocity: 0))
        func track<V: Interpolatable>(_ from: V, _ to: V) -> Animated<V> {
            Animated(keyframes: [Keyframe(time: 0, value: from), Keyframe(time: 1, value: to, curve: loose)])
        }
        let model: [TransformStep] = [.translate(track(Point(x: 0, y: 0), Point(x: 10, y: 5))), .rotate(track(0, 10))]
        let sampled = together(model)
        #expect(times(sampled[0]).filter { $0 > 0.99 } == [1, 1])
        #expect(worstStray(model, sampled) <= 0.49)
    }

    @Test func stepsSVGSaysAsTheyAreKeepTheirKeyframes() {
        let eased = Animated(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 0.5, value: 90, curve: .bezier(.easeInEaseOut))])
        let model = steps(distance: 1000) + [.rotate(eased), .fixed(.translation(x: -50, y: -100))]
        let sampled = together(model)
        guard case .rotate(let kept) = sampled[3] else { Issue.record("not a turn"); return }
        #expect(kept == eased)
        let stray = worstStray(model, sampled)
        #expect(stray <= 0.49, "strayed \(stray) px")
    }

    @Test func boundsSampledWithTheStepsKeepTheLayersCornersWithinTheTolerance() {
        // A screen shrinking to a 178 × 31 bar about its centre as it flies 1,100 pt: the anchor
        // offset (from the bounds) and the frame of its own drawing move together.
        let move = Animated(keyframes: [Keyframe(time: 0, value: Point(x: 187.5, y: 333.5)),
                                        Keyframe(time: 1, value: Point(x: -330, y: -155), curve: spring)])
        let bounds = Animated(keyframes: [Keyframe(time: 0, value: Rect(x: 0, y: 0, width: 375, height: 667)),
                                          Keyframe(time: 1, value: Rect(x: 0, y: 0, width: 178, height: 31), curve: spring)])
        let model: [TransformStep] = [.translate(move), .translate(bounds.map { Point(x: -$0.width / 2, y: -$0.height / 2) })]
        let (steps, frame) = SampledTogether(probes: Rect(x: 0, y: 0, width: 375, height: 667).corners, scale: 1, tolerance: 0.49)
            .sampled(model, bounds: bounds)
        #expect(frame.keyframes.map(\.time) == times(steps[0]) && times(steps[0]) == times(steps[1]))
        let instants = 20_000
        let stray = (0...instants).map { Double($0) / Double(instants) }.map { t in
            let truth = map(model, at: t), drawn = map(steps, at: t)
            return zip(bounds.value(at: t).corners, frame.value(at: t).corners).map { truth.apply($0)!.distance(to: drawn.apply($1)!) }.max()!
        }.max()!
        #expect(stray <= 0.49, "strayed \(stray) px")
    }

    @Test func theValueBeforeASpringsCutIsWhereItIsCut() {
        let track = Animated(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: 1000, curve: spring)])
        #expect(track.value(at: 1) == 1000)
        #expect(abs(track.valueBefore(1) - track.value(at: 1 - 1e-9)) < 1e-3)
        #expect(abs(track.valueBefore(1) - 1000) > 0.01)
        let straight = Animated(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: 1000)])
        #expect(abs(straight.valueBefore(1) - 1000) < 1e-9)
        #expect(straight.valueBefore(0.25) == 250)
    }
}
