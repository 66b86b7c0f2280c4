import Segue

/// Rectangles that bound others: what a picture shows of a layer (`SVGBuilder+Window.swift`).
extension Rect {
    /// The smallest rectangle holding every point.
    static func enclosing(_ points: [Point]) -> Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// What both rectangles cover; nil when that has no area.
    func intersection(_ other: Rect) -> Rect? {
        let minX = max(self.minX, other.minX), maxX = min(self.maxX, other.maxX)
        let minY = max(self.minY, other.minY), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
