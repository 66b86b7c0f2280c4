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
        points.map { "\(SVGFormat.number($0.x, decimals: decimals)),\(SVGFormat.number($0.y, decimals: decimals))" }
            .joined(separator: " ")
    }
}

extension Rect {
    /// The outline of the rectangle with rounded corners, as a polygon (each corner arc in
    /// `segments` straight pieces). A sharp rectangle is its four corners, unless `keepsArcs`:
    /// then its arcs have radius 0, so an outline whose radius animates through 0 keeps one
    /// number of points (SMIL interpolates point lists of one length only).
    func outline(cornerRadius: Double, segments: Int = 4, keepsArcs: Bool = false) -> [Point] {
        let r = max(min(cornerRadius, width / 2, height / 2), 0)
        guard r > 0 || keepsArcs else { return corners }
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        let centers = [Point(x: maxX - r, y: minY + r), Point(x: maxX - r, y: maxY - r),
                       Point(x: minX + r, y: maxY - r), Point(x: minX + r, y: minY + r)]
        for (corner, center) in centers.enumerated() {
            let start = -Double.pi / 2 + Double(corner) * Double.pi / 2
            for k in 0...segments {
                let angle = start + Double(k) / Double(segments) * Double.pi / 2
                points.append(Point(x: center.x + r * cos(angle), y: center.y + r * sin(angle)))
            }
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
    /// The shape's outline as a polygon in the layer's coordinates (`keepsArcs`: see
    /// `Rect.outline(cornerRadius:segments:keepsArcs:)`).
    func outline(keepsArcs: Bool = false) -> [Point] {
        switch self {
        case .ellipse(let r):
            return (0..<48).map { k in
                let angle = Double(k) / 48 * 2 * Double.pi
                return Point(x: r.midX + r.width / 2 * cos(angle), y: r.midY + r.height / 2 * sin(angle))
            }
        case .rect(let r, let radius):
            return r.outline(cornerRadius: radius, keepsArcs: keepsArcs)
        case .path(let path):
            return path.flattened
        }
    }
}

extension Path {
    /// The path with its curves replaced by straight pieces.
    var flattened: [Point] {
        var result: [Point] = []
        var current = Point.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                result.append(p)
                current = p
            case .quadCurve(let p, let c):
                for k in 1...8 {
                    let t = Double(k) / 8, u = 1 - t
                    result.append(Point(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x,
                                        y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .curve(let p, let c1, let c2):
                for k in 1...12 {
                    let t = Double(k) / 12, u = 1 - t
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
