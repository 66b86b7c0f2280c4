/// A vector outline, like `UIBezierPath` / `CGPath`, in the owning layer's coordinates.
///
/// Becomes an SVG path `d` and a CSS `clip-path: path()`. Two paths interpolate point by point when
/// they have the same structure, which is what Core Animation requires of a `path` animation.
public struct Path: Hashable, Codable, Sendable {
    /// One drawing command.
    public enum Element: Hashable, Codable, Sendable {
        case move(Point)
        case line(Point)
        case quadCurve(Point, control: Point)
        case curve(Point, control1: Point, control2: Point)
        case close
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// `UIBezierPath(rect:)`.
    public init(rect: Rect) {
        self.init([.move(Point(x: rect.minX, y: rect.minY)), .line(Point(x: rect.maxX, y: rect.minY)),
                   .line(Point(x: rect.maxX, y: rect.maxY)), .line(Point(x: rect.minX, y: rect.maxY)), .close])
    }

    /// A closed polygon through the points.
    public init(polygon points: [Point]) {
        guard let first = points.first else { self.init(); return }
        self.init([.move(first)] + points.dropFirst().map { .line($0) } + [.close])
    }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func addLine(to p: Point) { elements.append(.line(p)) }
    public mutating func addQuadCurve(to p: Point, control: Point) { elements.append(.quadCurve(p, control: control)) }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(p, control1: control1, control2: control2))
    }
    public mutating func close() { elements.append(.close) }

    /// True when both paths have the same commands in the same order, so they can interpolate.
    public func hasSameStructure(as other: Path) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { a, b in
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close): true
            default: false
            }
        }
    }

    /// Every point the path names, anchors and control points alike.
    public var points: [Point] {
        elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): [p]
            case .quadCurve(let p, let c): [c, p]
            case .curve(let p, let c1, let c2): [c1, c2, p]
            case .close: []
            }
        }
    }

    /// The path with every point mapped.
    public func mapPoints(_ f: (Point) -> Point) -> Path {
        Path(elements.map { element in
            switch element {
            case .move(let p): .move(f(p))
            case .line(let p): .line(f(p))
            case .quadCurve(let p, let c): .quadCurve(f(p), control: f(c))
            case .curve(let p, let c1, let c2): .curve(f(p), control1: f(c1), control2: f(c2))
            case .close: .close
            }
        })
    }
}

extension Path: Interpolatable {
    public func interpolated(to other: Path, fraction t: Double) -> Path {
        guard hasSameStructure(as: other) else { return t < 1 ? self : other }
        return Path(zip(elements, other.elements).map { a, b in
            switch (a, b) {
            case (.move(let p), .move(let q)): .move(p.interpolated(to: q, fraction: t))
            case (.line(let p), .line(let q)): .line(p.interpolated(to: q, fraction: t))
            case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
                .quadCurve(p.interpolated(to: q, fraction: t), control: c.interpolated(to: d, fraction: t))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                .curve(p.interpolated(to: q, fraction: t), control1: c1.interpolated(to: d1, fraction: t),
                       control2: c2.interpolated(to: d2, fraction: t))
            default: a
            }
        })
    }
}
