/// A spring's physical parameters, as `CASpringAnimation` takes them.
public struct Spring: Hashable, Sendable {
    /// The mass at the end of the spring (`mass`, default 1).
    public var mass: Double
    /// The spring's stiffness (`stiffness`, default 100).
    public var stiffness: Double
    /// The friction (`damping`, default 10).
    public var damping: Double
    /// In whole distances per second (`initialVelocity`).
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    var isValid: Bool {
        mass.isFinite && mass > 0 && stiffness.isFinite && stiffness > 0 && damping.isFinite && damping >= 0
            && initialVelocity.isFinite
    }
}
