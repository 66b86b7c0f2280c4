/// Turns in degrees, taken the short way round as Core Animation's interpolation of a rotation
/// (a quaternion's) takes them, where SMIL's `rotate` moves an angle straight.
enum Turn {
    /// The turn from one angle to another that differs by `degrees` (each within ±180°), the way
    /// the model's quaternions go: the other way round when it is more than a half turn; exactly
    /// a half turn goes the way it is given, as their dot product (cos 90°) is not negative.
    static func shortest(_ degrees: Double) -> Double {
        degrees > 180 ? degrees - 360 : degrees < -180 ? degrees + 360 : degrees
    }

    /// Angles (each within ±180°) rewritten so that moving straight from each to the next turns
    /// the way `shortest` does: what SMIL needs to follow the model's turns.
    static func unwrapped(_ angles: [Double]) -> [Double] {
        var result = angles
        for i in angles.indices.dropFirst() {
            result[i] = result[i - 1] + shortest(angles[i] - angles[i - 1])
        }
        return result
    }
}
