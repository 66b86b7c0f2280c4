/// How a keyframe segment travels from its start value to its end value over its time: a Bézier
/// timing curve, or a spring.
///
/// A Bézier becomes SVG `keySplines` and CSS `cubic-bezier()` exactly; a spring becomes a CSS
/// `linear()` easing and, in SVG, extra keyframes, each fitted within the export's tolerance.
public enum Easing: Hashable, Codable, Sendable, CustomStringConvertible {
    case bezier(TimingCurve)
    case spring(SpringCurve)

    public static let linear = Easing.bezier(.linear)

    /// The eased progress for a time fraction in 0...1 (a spring may overshoot 1).
    public func progress(at fraction: Double) -> Double {
        switch self {
        case .bezier(let curve): curve.progress(at: fraction)
        case .spring(let spring): spring.progress(at: fraction)
        }
    }

    /// The same easing played backwards in time.
    public var reversed: Easing {
        switch self {
        case .bezier(let curve): .bezier(curve.reversed)
        case .spring(let spring): .spring(spring.reversedInTime)
        }
    }

    public var isLinear: Bool {
        if case .bezier(let curve) = self { return curve.isLinear }
        return false
    }

    /// The Bézier, when this easing is one.
    public var bezier: TimingCurve? {
        if case .bezier(let curve) = self { return curve }
        return nil
    }

    public var description: String {
        switch self {
        case .bezier(let curve): curve.description
        case .spring(let spring): spring.description
        }
    }
}
