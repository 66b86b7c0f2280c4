/// A value Core Animation can animate: it knows how to blend towards another value.
///
/// `fraction` is the eased progress; it may leave 0...1 when a curve overshoots.
public protocol Interpolatable: Codable, Sendable, Equatable {
    func interpolated(to other: Self, fraction: Double) -> Self
    /// True for values that switch rather than blend (`isHidden`): they jump at a keyframe.
    static var isDiscrete: Bool { get }
}

extension Interpolatable {
    public static var isDiscrete: Bool { false }
}

extension Double: Interpolatable {
    @inlinable
    public func interpolated(to other: Double, fraction: Double) -> Double {
        self + (other - self) * fraction
    }
}

extension Bool: Interpolatable {
    public func interpolated(to other: Bool, fraction: Double) -> Bool { fraction < 1 ? self : other }
    public static var isDiscrete: Bool { true }
}

extension Point: Interpolatable {
    @inlinable
    public func interpolated(to other: Point, fraction t: Double) -> Point {
        Point(x: x.interpolated(to: other.x, fraction: t), y: y.interpolated(to: other.y, fraction: t))
    }
}

extension Size: Interpolatable {
    public func interpolated(to other: Size, fraction t: Double) -> Size {
        Size(width: width.interpolated(to: other.width, fraction: t),
             height: height.interpolated(to: other.height, fraction: t))
    }
}

extension Rect: Interpolatable {
    public func interpolated(to other: Rect, fraction t: Double) -> Rect {
        Rect(origin: origin.interpolated(to: other.origin, fraction: t),
             size: size.interpolated(to: other.size, fraction: t))
    }
}

extension Color: Interpolatable {
    /// Component-wise in sRGB, as Core Animation blends `CGColor`s and SMIL blends `fill`.
    public func interpolated(to o: Color, fraction t: Double) -> Color {
        Color(red: red.interpolated(to: o.red, fraction: t),
              green: green.interpolated(to: o.green, fraction: t),
              blue: blue.interpolated(to: o.blue, fraction: t),
              alpha: alpha.interpolated(to: o.alpha, fraction: t))
    }
}

/// Blends by decomposition (see `Transform3D.interpolated(to:fraction:)`), as Core Animation does.
extension Transform3D: Interpolatable {}

extension Optional: Interpolatable where Wrapped: Interpolatable {
    public func interpolated(to other: Wrapped?, fraction t: Double) -> Wrapped? {
        if let a = self, let b = other { return a.interpolated(to: b, fraction: t) }
        return t < 1 ? self : other
    }
}
