extension Timeline {
    /// A snapshot layer that would picture itself, or nil when there is none. A snapshot shows its
    /// screen with the screen's sublayers, so one that sits inside the screen it pictures (or inside
    /// the other screen while that screen holds a snapshot of this one) would contain itself
    /// without end. iOS snapshots the screen before the snapshot view is added; add such a layer
    /// to the container (`t.add(_:)`) instead.
    public var selfPicturingSnapshot: LayerNode? {
        let byID = Dictionary(layers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func screen(containing layer: LayerNode) -> ScreenID? {
            var current = layer.parent.flatMap { byID[$0] }
            var steps = 0
            while let node = current, steps < layers.count {
                if node.role == .fromScreen { return .from }
                if node.role == .toScreen { return .to }
                current = node.parent.flatMap { byID[$0] }
                steps += 1
            }
            return nil
        }
        var edges: [(layer: LayerNode, inside: ScreenID, pictures: ScreenID)] = []
        for layer in layers {
            guard case .snapshot(let snapshot) = layer.contents, let inside = screen(containing: layer) else { continue }
            edges.append((layer, inside, snapshot.screen))
        }
        if let loop = edges.first(where: { $0.inside == $0.pictures }) { return loop.layer }
        let crossing = edges.first { edge in edges.contains { $0.inside == edge.pictures && $0.pictures == edge.inside } }
        return crossing?.layer
    }
}
