import Segue
@testable import SegueCompiler
import Testing

/// A projected layer's group says only what its superlayers' groups, which hold it, do not: a
/// switch that follows a superlayer's is left out, and one the layer makes while a superlayer
/// hides it is said when the superlayer shows again.
struct OwnVisibilityTests {
    /// `ownVisibility` for a layer whose superlayer is shown where `parent` says and which is
    /// itself shown where `own` says, with the switches of both together.
    static func written(parent: @escaping (Double) -> Bool, own: @escaping (Double) -> Bool) -> [Keyframe<Bool>] {
        let shown = { (t: Double) in parent(t) && own(t) }
        let probes = (0...100).map { Double($0) / 100 }
        let switches = ProjectionSampler.switches(at: probes, precision: 1e-9, shown)
        let parentSwitches = ProjectionSampler.switches(at: probes, precision: 1e-9, parent)
        return SVGBuilder.ownVisibility(switches: switches, parentSwitches: parentSwitches, shown: shown, parentShown: parent)
    }

    @Test func switchesThatFollowTheSuperlayersAreLeftOut() {
        let frames = Self.written(parent: { $0 < 0.305 || $0 >= 0.705 }, own: { _ in true })
        #expect(frames.map(\.value) == [false], "shown wherever the superlayer is: nothing to say")
    }

    @Test func theLayersOwnSwitchesAreSaid() {
        let frames = Self.written(parent: { _ in true }, own: { $0 < 0.405 })
        #expect(frames.map(\.value) == [false, true])
        #expect(abs(frames[1].time - 0.405) < 1e-6)
    }

    @Test func aSwitchMadeWhileTheSuperlayerHidesItIsSaidWhenItShowsAgain() {
        // Hidden by its superlayer from 0.305 to 0.705, and by itself from 0.505 on.
        let frames = Self.written(parent: { $0 < 0.305 || $0 >= 0.705 }, own: { $0 < 0.505 })
        #expect(frames.map(\.value) == [false, true])
        #expect(abs(frames[1].time - 0.705) < 1e-6)
        // Hidden by its superlayer at the start: what it says then is what it says once shown.
        let late = Self.written(parent: { $0 >= 0.205 }, own: { $0 >= 0.105 })
        #expect(late.map(\.value) == [false] && late[0].time == 0)
    }

    /// A layer hidden for a moment far shorter than a nanosecond (a 1 ns transition's 27 ps,
    /// just after the start) hides then: what shows is asked at each switch, not some fixed
    /// while after it, which here lay past the moment and found the layer shown again.
    @Test func aLayerHiddenForAMomentHidesForThatMoment() {
        let start = 2.25e-35, end = 2.725e-11
        let own = { (t: Double) in t < start || t >= end }
        let switches = ProjectionSampler.switches(at: [0, start, end, 1e-9], precision: 1e-16, own)
        let frames = SVGBuilder.ownVisibility(switches: switches, parentSwitches: [], shown: own, parentShown: { _ in true })
        #expect(frames.map(\.value) == [false, true, false])
        #expect(frames.map(\.time) == [0, start, end])
    }
}
