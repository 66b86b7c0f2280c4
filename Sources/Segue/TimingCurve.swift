import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1), like `CAMediaTimingFunction(controlPoints:)`.
///
/// The named curves carry the control points Core Animation uses. A curve becomes an SVG
/// `keySplines` entry (with `calcMode="spline"`) and a CSS `cubic-bezier()`; both are the same
/// Bézier, so the browser replays the model exactly.
public struct TimingCurve: Hashable, Codable, Sendable, CustomStringConvertible {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve from its two control points. x1 and x2 must lie in 0...1 (as in CSS and SMIL).
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// `kCAMediaTimingFunctionLinear`: (0, 0, 1, 1).
    public static let linear = TimingCurve(controlPoints: 0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(controlPoints: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(controlPoints: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1); UIView animations' default curve.
    public static let easeInEaseOut = TimingCurve(controlPoints: 0.42, 0, 0.58, 1)
    /// `easeInEaseOut` by the name UIKit gives it (`UIView.AnimationCurve.easeInOut`,
    /// `UIView.AnimationOptions.curveEaseInOut`).
    public static let easeInOut = easeInEaseOut
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1), the curve of implicit layer animations.
    public static let `default` = TimingCurve(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The same curve played backwards in time (for a reversed transition).
    public var reversed: TimingCurve {
        TimingCurve(controlPoints: 1 - x2, 1 - y2, 1 - x1, 1 - y1)
    }

    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The eased progress for a time fraction in 0...1.
    public func progress(at fraction: Double) -> Double {
        if fraction <= 0 { return 0 }
        if fraction >= 1 { return 1 }
        if isLinear { return fraction }
        let s = parameter(forX: fraction)
        return Self.bezier(s, y1, y2)
    }

    /// Solves x(s) = x for the Bézier parameter s: Newton's method, then bisection as a safeguard.
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let slope = Self.derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-13 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    public var description: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInEaseOut: "easeInEaseOut"
        case .default: "default"
        default: "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
        }
    }
}
