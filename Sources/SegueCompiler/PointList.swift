import Segue

/// A list of points that interpolates point by point: an SVG `points` or outline value.
struct PointList: Interpolatable {
    var points: [Point]

    func interpolated(to other: PointList, fraction t: Double) -> PointList {
        PointList(points: zip(points, other.points).map { $0.interpolated(to: $1, fraction: t) })
    }

    /// A closed path through the points, `M x y L x y … Z`.
    func path(decimals: Int) -> String {
        guard let first = points.first else { return "" }
        func p(_ q: Point) -> String { "\(SVGFormat.number(q.x, decimals: decimals)) \(SVGFormat.number(q.y, decimals: decimals))" }
        return "M" + p(first) + points.dropFirst().map { "L" + p($0) }.joined() + "Z"
    }

    /// `x,y x,y …` with the given number of decimals.
    func svg(decimals: Int) -> String {
        var list = SVGFormat.NumberList(capacity: points.count * 16)
        for (index, point) in points.enumerated() {
            if index > 0 { list.append(" ") }
            list.append(point.x, decimals: decimals)
            list.append(",")
            list.append(point.y, decimals: decimals)
        }
        return list.text
    }
}

extension Rect {
    /// The radius its corners are drawn with: `cornerRadius`, at most half of either side, not
    /// below 0.
    func drawnCornerRadius(_ cornerRadius: Double) -> Double {
        max(min(cornerRadius, width / 2, height / 2), 0)
    }

    /// The outline of the rectangle with rounded corners, as a polygon (each corner arc in
    /// `segments` straight pieces, see `OutlineFlattening`). A sharp rectangle is its four
    /// corners, unless `keepsArcs`: then its arcs have radius 0, so an outline whose radius
    /// animates through 0 keeps one number of points (SMIL interpolates point lists of one
    /// length only).
    func outline(cornerRadius: Double, segments: Int, keepsArcs: Bool = false) -> [Point] {
        let r = drawnCornerRadius(cornerRadius)
        guard r > 0 || keepsArcs else { return corners }
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        let centers = [Point(x: maxX - r, y: minY + r), Point(x: maxX - r, y: maxY - r),
                       Point(x: minX + r, y: maxY - r), Point(x: minX + r, y: minY + r)]
        let arc = ArcPieces(sweep: .pi / 2, pieces: segments)
        for (corner, center) in centers.enumerated() {
            points += arc.corners(center: center, radius: r, start: -Double.pi / 2 + Double(corner) * Double.pi / 2)
        }
        return points
    }
}

extension Homography {
    /// The points placed through the map (a point behind the camera stays where it is), written
    /// over the list's own storage.
    func placing(_ points: consuming [Point]) -> [Point] {
        var points = points
        for index in points.indices { points[index] = apply(points[index]) ?? points[index] }
        return points
    }
}

extension MaskShape {
    /// The shape's outline as a polygon in the layer's coordinates, its curves cut into `pieces`
    /// (`keepsArcs`: see `Rect.outline(cornerRadius:segments:keepsArcs:)`).
    func outline(pieces: OutlineFlattening.Pieces, keepsArcs: Bool = false) -> [Point] {
        switch self {
        case .ellipse(let r):
            // The pieces of a unit circle, stretched onto the ellipse.
            let circle = ArcPieces(sweep: 2 * .pi, pieces: pieces.ellipse).corners(center: .zero, radius: 1, start: 0).dropLast()
            return circle.map { Point(x: r.midX + r.width / 2 * $0.x, y: r.midY + r.height / 2 * $0.y) }
        case .rect(let r, let radius):
            return r.outline(cornerRadius: radius, segments: pieces.corner, keepsArcs: keepsArcs)
        case .path(let path):
            return path.flattened(curvePieces: pieces.curve)
        }
    }
}

extension Path {
    /// The path with each curve replaced by `curvePieces` straight pieces (equal steps of its
    /// parameter).
    func flattened(curvePieces: Int) -> [Point] {
        var result: [Point] = []
        var current = Point.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                result.append(p)
                current = p
            case .quadCurve(let p, let c):
                for k in 1...curvePieces {
                    let t = Double(k) / Double(curvePieces), u = 1 - t
                    result.append(Point(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                                        y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curve(let p, let c1, let c2):
                for k in 1...curvePieces {
                    let t = Double(k) / Double(curvePieces), u = 1 - t
                    result.append(Point(
                        x: u * u * u * current.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x,
                        y: u * u * u * current.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y))
                }
                current = p
            case .close:
                break
            }
        }
        return result
    }
}
