import Segue

extension Timeline {
    /// The layer of the from or to screen.
    func screen(_ id: ScreenID) -> LayerNode? {
        let role: LayerRole = id == .from ? .fromScreen : .toScreen
        return layers.first { $0.role == role }
    }

    /// The screen a snapshot pictures, as it is at the start, or the error a writer reports.
    func picturedScreen(_ snapshot: Snapshot) throws(ExportError) -> LayerNode {
        guard let screen = screen(snapshot.screen) else {
            throw ExportError("a snapshot pictures the \(snapshot.screen.rawValue) screen, but the timeline has none")
        }
        return screen.frozen(at: 0)
    }

    /// The region of the screen a snapshot pictures (the whole stage when it names none).
    func region(of snapshot: Snapshot) -> Rect {
        snapshot.rect ?? Rect(size: size)
    }
}

extension Homography {
    /// Screen space to a snapshot layer's bounds space: the pictured region stretched over the bounds.
    static func fitting(_ region: Rect, into bounds: Rect) -> Homography {
        Homography.translation(x: -region.minX, y: -region.minY)
            .concatenating(Homography(a: bounds.width / region.width, b: 0, c: 0, d: 0, e: bounds.height / region.height,
                                      f: 0, g: bounds.minX, h: bounds.minY, i: 1))
    }
}
