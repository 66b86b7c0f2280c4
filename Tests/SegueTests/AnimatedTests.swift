import Testing
@testable import Segue

/// Keyframe tracks: holds, jumps, curves and reversal.
struct AnimatedTests {
    let track = Animated<Double>(keyframes: [
        Keyframe(time: 0, value: 0),
        Keyframe(time: 0.2, value: 0),
        Keyframe(time: 0.6, value: 10, curve: .bezier(.easeOut)),
        Keyframe(time: 0.6, value: 20),
    ])

    @Test func holdsBeforeTheDelay() {
        #expect(track.value(at: 0.1) == 0)
        #expect(track.value(at: 0.2) == 0)
    }

    @Test func followsTheSegmentsCurve() {
        #expect(abs(track.value(at: 0.4) - 10 * TimingCurve.easeOut.progress(at: 0.5)) < 1e-12)
    }

    @Test func jumpsTakeTheLaterValue() {
        #expect(track.value(at: 0.6) == 20)
        #expect(track.value(at: 5) == 20)
    }

    @Test func reversedPlaysTheSameValuesBackwards() {
        let reversed = track.reversed(duration: 1)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) where abs(t - 0.4) > 1e-9 {
            #expect(abs(reversed.value(at: t) - track.value(at: 1 - t)) < 1e-9, "at \(t)")
        }
    }
}
