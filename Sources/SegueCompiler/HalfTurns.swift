import Foundation
import Segue

/// Transforms a half turn apart, written so that a browser turns between them the model's way.
///
/// The model and CSS both interpolate a transform by decomposition, turning the short way round
/// (`Transform3D.interpolated`). Between two rotations exactly a half turn apart (a card turned
/// over: `rotationAngle: -.pi` to the identity) both ways are as short, and which one is taken
/// hangs on the sign of a product that is zero but for rounding: the model's, of its own matrices
/// (where `sin(-π)` is −1.2e-16), and the browser's, of the matrices as written (where it is 0).
/// They may turn opposite ways, which shows a card's face where the model shows its back.
enum HalfTurns {
    /// How far the rotation of a keyframe a half turn from its neighbour is moved toward it, in
    /// radians: enough to survive the six decimals `matrix3d` is written with, a ten-thousandth
    /// of a pixel for every pixel from the axis.
    static let nudge = 1e-4

    /// `track` with one end of every segment turning (within rounding) half way round moved
    /// `nudge` toward the other, along the way the model turns: then that way is the shorter, and
    /// the end moved is no longer a half turn that a browser may read either way. The end nearer
    /// a half turn from the identity is moved, unless it was moved for its other segment.
    static func steered(_ track: Animated<Transform3D>) -> Animated<Transform3D> {
        var keyframes = track.keyframes
        var moved = Set<Int>()
        for index in keyframes.indices.dropFirst() where keyframes[index].time > keyframes[index - 1].time {
            guard let a = keyframes[index - 1].value.decomposed(), let b = keyframes[index].value.decomposed() else { continue }
            let product = dot(a.quaternion, b.quaternion)
            guard abs(product) < 1e-6 else { continue }
            // The model turns from a (negated when the product is negative, as its interpolation
            // does) toward b. The end nearer a half turn from the identity is moved: its own
            // sign is the one a browser may read differently (every engine reads the written
            // matrix, and some do not then take the shorter way).
            let from = product < 0 ? a.quaternion.map { -$0 } : a.quaternion
            if abs(b.quaternion[3]) < abs(a.quaternion[3]) || moved.contains(index - 1) {
                keyframes[index].value = rotated(b, from: b.quaternion, toward: from)
                moved.insert(index)
            } else {
                keyframes[index - 1].value = rotated(a, from: from, toward: b.quaternion)
                moved.insert(index - 1)
            }
        }
        return Animated(keyframes: keyframes)
    }

    /// The transform of `parts` with its rotation `from` turned `nudge` toward `target`, a
    /// quaternion at right angles to it (half of the angle, in quaternion space).
    private static func rotated(_ parts: Transform3D.Decomposed, from: [Double], toward target: [Double]) -> Transform3D {
        let half = nudge / 2
        var turned = parts
        let q = zip(from, target).map { $0 * cos(half) + $1 * sin(half) }
        let length = dot(q, q).squareRoot()
        turned.quaternion = q.map { $0 / length }
        return Transform3D(turned)
    }

    private static func dot(_ u: [Double], _ v: [Double]) -> Double {
        zip(u, v).reduce(0) { $0 + $1.0 * $1.1 }
    }
}
