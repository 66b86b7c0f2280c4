import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// Keyframes that interpolation passes through anyway are left out of sampled tracks, and what
/// plays is the same at every instant.
struct HeldKeyframeTests {
    static func frames(_ pairs: [(Double, Double)], curve: Easing = .linear) -> [Keyframe<Double>] {
        pairs.map { Keyframe(time: $0.0, value: $0.1, curve: curve) }
    }

    @Test func aValueHeldWhileHiddenKeepsItsEnds() {
        // Held from 0 to 0.5 (a base time kept twice at each end), then moving.
        let held = ProjectionSampler.withoutHeldKeyframes(Self.frames([(0, 3), (0, 3), (0.5, 3), (0.5, 3), (0.6, 7), (1, 9)]))
        #expect(held.map(\.time) == [0, 0.5, 0.6, 1])
        #expect(held.map(\.value) == [3, 3, 7, 9])
    }

    @Test func aRepeatedKeyframeHandsItsTimingOn() {
        let curve = Easing.bezier(TimingCurve(controlPoints: 0.4, 0, 0.2, 1))
        let frames = [Keyframe(time: 0, value: 0.0, curve: .linear), Keyframe(time: 0.5, value: 10.0, curve: curve),
                      Keyframe(time: 0.5, value: 10.0, curve: .linear), Keyframe(time: 1, value: 4.0, curve: .linear)]
        let kept = ProjectionSampler.withoutHeldKeyframes(frames)
        #expect(kept.count == 3)
        #expect(kept[1].curve == curve, "the curve arriving at the dropped keyframe arrives at its twin")
    }

    /// Random tracks full of repeated values and times play the same without the left-out keyframes.
    @Test func randomTracksPlayTheSame() {
        var random = SystemRandomNumberGenerator()
        let curves: [Easing] = [.linear, .bezier(TimingCurve(controlPoints: 0.42, 0, 0.58, 1)), .bezier(TimingCurve(controlPoints: 0.1, 0.7, 0.3, 1))]
        for _ in 0..<500 {
            var time = 0.0
            var frames: [Keyframe<Double>] = []
            for _ in 0..<Int.random(in: 2...12, using: &random) {
                if Bool.random(using: &random) { time += Double(Int.random(in: 1...4, using: &random)) / 8 }
                let value = Double(Int.random(in: 0...2, using: &random))
                frames.append(Keyframe(time: time, value: value, curve: curves.randomElement(using: &random)!))
            }
            let kept = ProjectionSampler.withoutHeldKeyframes(frames)
            #expect(kept.count <= frames.count)
            let before = Animated(keyframes: frames), after = Animated(keyframes: kept)
            for step in 0...200 {
                let t = time * Double(step) / 200
                #expect(before.value(at: t) == after.value(at: t), "\(frames) at \(t)")
            }
        }
    }
}
