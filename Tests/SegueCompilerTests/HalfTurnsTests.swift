import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// A card turned over (`rotationAngle: ±π` to the identity and back): the HTML's transform
/// keyframes, read back from the six decimals they are written with and interpolated as a browser
/// does, turn the model's way. The browser checks (`Tests/Browser/files/SingleSidedFlip.swift`)
/// show it in the engines.
struct HalfTurnsTests {
    /// The transform `matrix3d` writes, read back as a browser reads it.
    func written(_ t: Transform3D) -> Transform3D {
        let text = CSSFormat.matrix3d(t)
        guard text != "none" else { return .identity }
        let numbers = text.dropFirst("matrix3d(".count).dropLast().split(separator: ",").map { Double($0)! }
        return Transform3D(m11: numbers[0], m12: numbers[1], m13: numbers[2], m14: numbers[3],
                           m21: numbers[4], m22: numbers[5], m23: numbers[6], m24: numbers[7],
                           m31: numbers[8], m32: numbers[9], m33: numbers[10], m34: numbers[11],
                           m41: numbers[12], m42: numbers[13], m43: numbers[14], m44: numbers[15])
    }

    /// Where a transform takes the point 100 pt along x and y from the origin, in 3D (row vectors,
    /// as Core Animation and CSS write them).
    func mapped(_ t: Transform3D) -> [Double] {
        [100 * (t.m11 + t.m21) + t.m41, 100 * (t.m12 + t.m22) + t.m42, 100 * (t.m13 + t.m23) + t.m43]
    }

    func distance(_ u: [Double], _ v: [Double]) -> Double {
        zip(u, v).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    /// Where that point lies halfway through the turn, as the model has it and as the written
    /// keyframes, interpolated, put it.
    func halfway(_ track: Animated<Transform3D>) -> (model: [Double], written: [Double]) {
        let steered = HalfTurns.steered(track)
        let a = written(steered.keyframes[0].value), b = written(steered.keyframes[1].value)
        return (mapped(track.value(at: 0.5)), mapped(a.interpolated(to: b, fraction: 0.5)))
    }

    @Test(arguments: [-Double.pi, Double.pi])
    func aCardTurnedOverTurnsBackTheModelsWay(angle: Double) {
        for axis in [(0.0, 1.0, 0.0), (1.0, 0.0, 0.0)] {
            let turned = Transform3D(rotationAngle: angle, x: axis.0, y: axis.1, z: axis.2)
            for track in [Animated(keyframes: [Keyframe(time: 0, value: turned), Keyframe(time: 1, value: .identity)]),
                          Animated(keyframes: [Keyframe(time: 0, value: .identity), Keyframe(time: 1, value: turned)])] {
                let (model, written) = halfway(track)
                #expect(distance(model, written) < 0.05, "angle \(angle), axis \(axis): model \(model), written \(written)")
            }
        }
    }

    @Test func aKeyframeMovesByNoMoreThanTheNudge() {
        let turned = Transform3D(rotationAngle: -.pi, x: 0, y: 1, z: 0)
        let steered = HalfTurns.steered(Animated(keyframes: [Keyframe(time: 0, value: turned), Keyframe(time: 1, value: .identity)]))
        #expect(distance(mapped(steered.keyframes[0].value), mapped(turned)) <= 100 * HalfTurns.nudge * 1.01)
        #expect(steered.keyframes[1].value == .identity)
    }

    /// Turns short of a half turn, and still keyframes, are written as they are.
    @Test func otherTurnsAreLeftAlone() {
        let quarter = Animated(keyframes: [Keyframe(time: 0, value: Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)),
                                           Keyframe(time: 1, value: .identity)])
        #expect(HalfTurns.steered(quarter) == quarter)
        let held = Animated(keyframes: [Keyframe(time: 0, value: Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)),
                                        Keyframe(time: 0, value: .identity)])
        #expect(HalfTurns.steered(held) == held)
    }
}
