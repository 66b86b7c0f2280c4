import Segue

/// The reference model: the state of every layer at any time, by Core Animation's rules.
///
/// A layer's bounds space maps into its superlayer's space by
/// `translate(-anchorPoint·size - bounds.origin) · transform · translate(position, zPosition)`,
/// followed by the superlayer's `sublayerTransform` applied about the superlayer's anchor point.
/// Each layer is flat: its content is projected into the superlayer's plane (z dropped after the
/// perspective divide), as Core Animation flattens every non-`CATransformLayer`.
public struct Evaluator: Sendable {
    public let timeline: Timeline
    private let children: [String: [Int]]
    /// Each layer's index by id (the first, should two share one), and its superlayer's index.
    private let indices: [String: Int]
    private let parents: [Int?]
    /// Each layer's placing tracks, for walking up the superlayers (`screenTransform`).
    private let placements: [LayerPlacement]
    /// The times where any layer's animation segments start or end (`Timeline.keyframeTimes`, worked out once).
    public let keyframeTimes: [Double]

    public init(_ timeline: Timeline) {
        self.timeline = timeline
        keyframeTimes = timeline.keyframeTimes
        // Read field by field: a `LayerNode` taken out of the list whole copies all its tracks.
        let layers = timeline.layers
        var children: [String: [Int]] = [:]
        for index in layers.indices {
            if let parent = layers[index].parent { children[parent, default: []].append(index) }
        }
        self.children = children
        var indices: [String: Int] = [:]
        for index in layers.indices where indices[layers[index].id] == nil { indices[layers[index].id] = index }
        self.indices = indices
        parents = layers.indices.map { layers[$0].parent.flatMap { indices[$0] } }
        placements = layers.indices.map { LayerPlacement(layers[$0]) }
    }

    /// The layer with `id` (the first, should two share one).
    public func layer(_ id: String) -> LayerNode? {
        indices[id].map { timeline.layers[$0] }
    }

    /// Every layer's state at `time` seconds (clamped to the transition's span).
    public func state(at time: Double) -> FrameState {
        let t = min(max(time, 0), timeline.duration)
        var layers: [LayerState] = []
        if let root = timeline.layers.first {
            visit(root, at: t, parentTransform: .identity, parentSublayer: .identity,
                  parentOpacity: 1, parentHidden: false, parentCulled: false, into: &layers)
        }
        return FrameState(transition: timeline.name, direction: timeline.direction, time: t,
                          progress: timeline.duration > 0 ? t / timeline.duration : 1,
                          size: timeline.size, duration: timeline.duration,
                          keyframeTimes: keyframeTimes, layers: layers)
    }

    /// The layer's bounds-space-to-superlayer map as a 4×4 transform, including the superlayer's
    /// sublayer transform (already placed about its anchor point).
    /// `transform`, when given, is the layer's transform at `t` worked out by the caller.
    public static func localTransform(_ layer: LayerNode, at t: Double, parentSublayer: Transform3D,
                                      transform: Transform3D? = nil) -> Transform3D {
        localTransform(placing: layer, at: t, parentSublayer: parentSublayer, transform: transform)
    }

    /// `localTransform` of whatever holds a layer's placing tracks.
    static func localTransform(placing layer: some LayerPlacing, at t: Double, parentSublayer: Transform3D,
                               transform: Transform3D? = nil) -> Transform3D {
        let bounds = layer.bounds.value(at: t)
        let anchor = layer.anchorPoint.value(at: t)
        let position = layer.position.value(at: t)
        let local = (transform ?? layer.transform.value(at: t))
            .translatedBy(x: -anchor.x * bounds.width - bounds.minX, y: -anchor.y * bounds.height - bounds.minY)
            .thenTranslatedBy(x: position.x, y: position.y, z: layer.zPosition.value(at: t))
        return parentSublayer == .identity ? local : local.concatenating(parentSublayer)
    }

    /// The map from a layer's bounds space to the screen at `t`, walking up its superlayers.
    public func screenTransform(of id: String, at t: Double) -> Homography {
        guard let index = indices[id] else { return .identity }
        return screenTransform(ofLayerAt: index, at: t)
    }

    /// When layer `id` or one of its superlayers moves: when its map to the screen may change.
    func movingSpans(ofLayerAndAncestors id: String) -> MovingSpans {
        var result = MovingSpans.none
        var index = indices[id]
        while let current = index {
            result = result.union(MovingSpans(placing: placements[current]))
            index = parents[current]
        }
        return result
    }

    /// Whether layer `id` and its superlayers hold their placement throughout: none of their
    /// placing tracks (transform, position, anchor point, bounds, z position, sublayer transform)
    /// changes, not even in a jump, so its map to the screen is the same at every instant.
    func placementHolds(ofLayerAndAncestors id: String) -> Bool {
        var index = indices[id]
        while let current = index {
            let layer = placements[current]
            guard layer.transform.isConstant, layer.position.isConstant, layer.anchorPoint.isConstant,
                  layer.bounds.isConstant, layer.zPosition.isConstant, layer.sublayerTransform.isConstant else { return false }
            index = parents[current]
        }
        return true
    }

    private func screenTransform(ofLayerAt index: Int, at t: Double) -> Homography {
        let parent = parents[index]
        var sublayer = Transform3D.identity
        if let parent { sublayer = Self.sublayerTransform(placing: placements[parent], at: t) }
        let local = Self.localTransform(placing: placements[index], at: t, parentSublayer: sublayer).planeProjection
        guard let parent else { return local }
        return local.concatenating(screenTransform(ofLayerAt: parent, at: t))
    }

    /// A layer's sublayer transform placed about its anchor point, in its bounds space.
    public static func sublayerTransform(_ layer: LayerNode, at t: Double) -> Transform3D {
        sublayerTransform(placing: layer, at: t)
    }

    /// `sublayerTransform` of whatever holds a layer's placing tracks.
    static func sublayerTransform(placing layer: some LayerPlacing, at t: Double) -> Transform3D {
        let s = layer.sublayerTransform.value(at: t)
        if s.isIdentity { return .identity }
        let bounds = layer.bounds.value(at: t)
        let anchor = layer.anchorPoint.value(at: t)
        let ax = bounds.minX + anchor.x * bounds.width, ay = bounds.minY + anchor.y * bounds.height
        return s.translatedBy(x: -ax, y: -ay).thenTranslatedBy(x: ax, y: ay)
    }

    private func visit(_ layer: LayerNode, at t: Double, parentTransform: Homography, parentSublayer: Transform3D,
                       parentOpacity: Double, parentHidden: Bool, parentCulled: Bool, into result: inout [LayerState]) {
        let local = Self.localTransform(layer, at: t, parentSublayer: parentSublayer)
        let screen = local.planeProjection.concatenating(parentTransform)
        let bounds = layer.bounds.value(at: t)
        let projected = bounds.corners.map { screen.apply($0) }
        let corners = projected.contains { $0 == nil } ? nil : projected.compactMap { $0 }
        let opacity = layer.opacity.value(at: t)
        let effective = parentOpacity * opacity
        let hidden = parentHidden || layer.isHidden.value(at: t)
        // A layer draws its sublayers in its plane: culling its back culls them too.
        let backFacing = parentCulled || (!layer.isDoubleSided && (corners.map { Self.signedArea($0[0], $0[1], $0[2], $0[3]) < 0 } ?? true))
        result.append(LayerState(
            id: layer.id, parent: layer.parent, corners: corners, opacity: opacity, effectiveOpacity: effective,
            isHidden: hidden, isBackFacing: backFacing,
            visible: !hidden && !backFacing && effective > 0 && corners != nil,
            screenTransform: screen, mask: layer.mask.map { Self.maskState($0.value(at: t), screen) },
            fill: fill(of: layer, at: t), masksToBounds: layer.masksToBounds))
        let sublayer = Self.sublayerTransform(layer, at: t)
        for index in paintOrder(of: layer.id, at: t) {
            visit(timeline.layers[index], at: t, parentTransform: screen, parentSublayer: sublayer,
                  parentOpacity: effective, parentHidden: hidden, parentCulled: backFacing, into: &result)
        }
    }

    /// Sublayers back to front: by `zPosition`, ties in the order they were added.
    public func paintOrder(of id: String, at t: Double) -> [Int] {
        // Each depth read once, through the placing tracks (taking a `LayerNode` out of the
        // timeline's list copies all its tracks).
        let indices = children[id] ?? []
        let depths = indices.map { placements[$0].zPosition.value(at: t) }
        return indices.indices.sorted { a, b in
            depths[a] != depths[b] ? depths[a] < depths[b] : a < b
        }.map { indices[$0] }
    }

    /// Refuses sublayers whose stacking order changes over the transition, which the writers draw
    /// in one fixed order.
    func requireFixedPaintOrder(under id: String, format: String) throws(ExportError) {
        guard (children[id]?.count ?? 0) > 1 else { return }
        let first = paintOrder(of: id, at: 0)
        for time in keyframeTimes where paintOrder(of: id, at: time) != first {
            // The layers that move in depth, by where they were made (the timeline keeps no
            // line for each change).
            let moving = (children[id] ?? []).map { timeline.layers[$0] }.filter { !$0.zPosition.isConstant }
            let which = moving.isEmpty ? "" : " (\(moving.map(\.named).joined(separator: ", ")) animates its zPosition)"
            throw ExportError("the sublayers of '\(id)' change their stacking order (zPosition) during the transition\(which), which this version cannot write in \(format) yet; keep their zPosition order fixed")
        }
    }

    /// A quad's signed area (the shoelace sum): positive when its corners run as `Rect.corners`
    /// runs round a rectangle facing the viewer, negative when it is seen from behind.
    static func signedArea(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Double {
        func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - b.x * a.y }
        var area = 0.0
        area += cross(p0, p1)
        area += cross(p1, p2)
        area += cross(p2, p3)
        area += cross(p3, p0)
        return area / 2
    }

    static func maskState(_ shape: MaskShape, _ screen: Homography) -> MaskState {
        switch shape {
        case .ellipse(let rect):
            let isCircle = abs(rect.width - rect.height) < 1e-9
            var state = MaskState(kind: isCircle ? "circle" : "ellipse", shape: shape)
            if isCircle, let scale = screen.similarityScale, let center = screen.apply(rect.center) {
                state.center = center
                state.radius = rect.width / 2 * scale
            }
            return state
        case .rect: return MaskState(kind: "rect", shape: shape)
        case .path: return MaskState(kind: "path", shape: shape)
        }
    }

    func fill(of layer: LayerNode, at t: Double) -> Color? {
        switch layer.contents {
        case .color(let color):
            return color
        case .snapshot(let snapshot):
            guard let screen = timeline.screen(snapshot.screen),
                  children[screen.id, default: []].isEmpty, screen.contents == nil else { return nil }
            let color = screen.backgroundColor.value(at: 0)
            return color.alpha > 0 ? color : nil
        default:
            let background = layer.backgroundColor.value(at: t)
            return background.alpha > 0 ? background : nil
        }
    }
}

extension Homography {
    /// The uniform scale of an affine map without skew or unequal scaling (a similarity), else nil.
    public var similarityScale: Double? {
        guard isAffine else { return nil }
        let sx = (a * a + b * b).squareRoot(), sy = (d * d + e * e).squareRoot()
        guard abs(sx - sy) <= 1e-9 * max(sx, 1), abs(a * d + b * e) <= 1e-9 * max(sx * sy, 1) else { return nil }
        return sx
    }
}
