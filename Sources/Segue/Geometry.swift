// Points, sizes and rectangles in points (pt), with Core Graphics' y-down screen convention.

/// A location in points, like `CGPoint`: x grows to the right, y grows downwards.
public struct Point: Hashable, Codable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance to another point.
    @inlinable
    public func distance(to other: Point) -> Double {
        squaredDistance(to: other).squareRoot()
    }

    /// The square of the distance to another point: comparing it with a squared limit tells
    /// whether the points lie farther apart without taking a square root.
    @inlinable
    public func squaredDistance(to other: Point) -> Double {
        (x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points, like `CGSize`.
public struct Size: Hashable, Codable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The iPhone 6/7/8 screen in points, the size the seed articles were written for.
    public static let iPhone = Size(width: 375, height: 667)

    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle, like `CGRect` (origin at the top-left corner).
public struct Rect: Hashable, Codable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// A rectangle of the given size at the origin.
    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    public var center: Point { Point(x: midX, y: midY) }

    /// Like `CGRect.insetBy(dx:dy:)`: negative insets grow the rectangle.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// Like `CGRect.offsetBy(dx:dy:)`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The four corners, clockwise on screen from the top-left.
    public var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    /// A square of side `2 * radius` centred on `center`: the frame of a circle.
    public static func circle(center: Point, radius: Double) -> Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
