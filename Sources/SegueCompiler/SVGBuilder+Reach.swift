import Segue

extension SVGBuilder {
    /// How far, in px on screen, the layer and its sublayers reach from its anchor point at any of
    /// the times `KeyframeStates` looks at: how far a turn of the layer moves them per radian. SMIL's
    /// `keyTimes` for a layer's turn and scale are made as precise as that motion needs, so they
    /// keep in step with its translations (`SMILAnimation.keyTimes`).
    func reach(of layer: LayerNode) -> Double {
        let bounds = layer.bounds, anchorPoint = layer.anchorPoint
        var reach = 0.0
        for state in keyframeStates.states {
            guard let own = state.layers.first(where: { $0.id == layer.id }) else { continue }
            let b = bounds.value(at: state.time), a = anchorPoint.value(at: state.time)
            guard let anchor = own.screenTransform.apply(Point(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)) else { continue }
            Self.visitCorners(of: layer.id, in: state) { reach = max(reach, $0.distance(to: anchor)) }
        }
        return reach
    }

    /// The corners, in the layer's bounds space, of a box around what the layer and its
    /// sublayers draw at any of the times `KeyframeStates` looks at (its own bounds where its map
    /// to the screen is not affine, or collapses it, at all of them).
    func drawnBox(of layer: LayerNode) -> [Point] {
        var points: [Point] = []
        for state in keyframeStates.states {
            guard let back = state.layers.first(where: { $0.id == layer.id })?.screenTransform.affineInverse else { continue }
            Self.visitCorners(of: layer.id, in: state) { corner in back.apply(corner).map { points.append($0) } }
        }
        return points.isEmpty ? layer.bounds.initialValue.corners : Rect.enclosing(points).corners
    }

    /// Visits the corners on screen of a layer and of its sublayers, theirs and so on, in `state`.
    private static func visitCorners(of layer: String, in state: FrameState, _ visit: (Point) -> Void) {
        var subtree: Set<String> = [layer]
        for other in state.layers {  // superlayers come before their sublayers
            guard other.id == layer || other.parent.map(subtree.contains) == true else { continue }
            subtree.insert(other.id)
            for corner in other.corners ?? [] { visit(corner) }
        }
    }
}

/// Every layer's state at each of the model's keyframe times and wherever a curve carries some
/// layer's geometry furthest beyond its keyframes, and how far each layer's spaces stretch on
/// screen then, worked out on first use and kept for the rest of one document's writing.
final class KeyframeStates {
    private let evaluator: Evaluator
    private(set) lazy var states: [FrameState] = Self.times(evaluator).map(evaluator.state)

    /// The model's keyframe times and the times a layer's size, place or transform overshoots
    /// furthest (`Animated.overshootTimes`): a spring that carries a layer twice as far as where
    /// it comes to rest (an undamped one does) would otherwise be measured only at its ends, and
    /// a turn sampled for that reach strays on the far side of the swing.
    private static func times(_ evaluator: Evaluator) -> [Double] {
        var overshoots: Set<Double> = []
        for layer in evaluator.timeline.layers {
            overshoots.formUnion(layer.bounds.overshootTimes)
            overshoots.formUnion(layer.position.overshootTimes)
            overshoots.formUnion(layer.anchorPoint.overshootTimes)
            overshoots.formUnion(layer.transform.overshootTimes)
            overshoots.formUnion(layer.sublayerTransform.overshootTimes)
        }
        return overshoots.isEmpty ? evaluator.keyframeTimes : Set(evaluator.keyframeTimes).union(overshoots).sorted()
    }

    /// How many px on screen one unit spans at most, at any of the times `states` holds, in the
    /// spaces a layer written with SVG's 2D transforms is written in: its superlayer's sublayer
    /// space (where its position and translation move it) and its own bounds space (its anchor
    /// offset, its contents). A spring sampled to 0.35 px in a layer scaled up three times would
    /// otherwise stray three times as far on screen.
    func pixelScale(of layer: String, parent: String?) -> Double {
        let scale = max(stretches[layer]?.bounds ?? 0, parent.map { stretches[$0]?.sublayers ?? 0 } ?? 1)
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// How many px on screen one unit of a layer's sublayer space spans at most, at any of the
    /// times `states` holds: the space its sublayers' positions and transforms move them in (the
    /// stage's, 1, for none).
    func sublayerScale(of layer: String?) -> Double {
        guard let layer else { return 1 }
        let scale = stretches[layer]?.sublayers ?? 0
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// For each layer, how many px on screen one unit of its bounds space, and of its sublayer
    /// space (its bounds space through its sublayer transform), spans at most over `states`.
    private lazy var stretches: [String: (bounds: Double, sublayers: Double)] = {
        let layers = Dictionary(evaluator.timeline.layers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: (bounds: Double, sublayers: Double)] = [:]
        for state in states {
            for own in state.layers {
                let sublayer = layers[own.id].map { Evaluator.sublayerTransform($0, at: state.time).planeProjection } ?? .identity
                let previous = result[own.id] ?? (0, 0)
                result[own.id] = (max(previous.bounds, own.screenTransform.largestStretch),
                                  max(previous.sublayers, sublayer.concatenating(own.screenTransform).largestStretch))
            }
        }
        return result
    }()

    /// The part of the tolerance a layer's motion SVG cannot say (a spring, a curve leaving the
    /// unit square) may stray by once written as straight keyframes: one over the most layers with
    /// such motion on any line from the stage down to a layer without sublayers that passes
    /// through it. A layer carries its sublayers, so their strays add up along such a line; with
    /// each getting at most one over their number there, the sum stays within the tolerance.
    ///
    /// A projected subtree (`SVGBuilder.writeProjected`) counts as one such layer on each line
    /// through it: its drawing strays too (keyframes, chords of curves, strips' maps), and the
    /// superlayers drawn in 2D carry it (`projectedShare`).
    func sampledShare(of layer: String) -> Double {
        1 / Double(max(sampledLayersThrough[layer] ?? 1, 1))
    }

    /// The part of the tolerance a projected subtree drawn in the space of `base` (a layer drawn
    /// in 2D) may stray by: what the strays of `base` and its superlayers with sampled motion
    /// (`sampledShare`) leave. All of it where none has such motion.
    func projectedShare(base: String) -> Double {
        var spent = 0.0
        var next: String? = base
        while let id = next, let layer = evaluator.layer(id) {
            if layer.hasSampledMotion { spent += sampledShare(of: id) }
            next = layer.parent
        }
        return max(1 - spent, 0)
    }

    /// The part of the tolerance a projected subtree of a 2D snapshot's picture of `screen` may
    /// stray by: the picture is drawn once, still, and shown by every snapshot layer drawn in 2D
    /// that pictures the screen, so what the strays of the least of them and its superlayers
    /// leave (`projectedShare`); each counts the picture's projection on its lines
    /// (`sampledLayersThrough`), so some is left. Not the screen's own superlayers': their
    /// motion does not carry the picture.
    func pictureShare(of screen: ScreenID) -> Double {
        pictureCarriers[screen, default: []].map { projectedShare(base: $0) }.min() ?? 1
    }

    /// The layers drawn in 2D whose contents are a snapshot of a screen whose picture has a
    /// projected subtree, by screen: they carry that projection, which strays too.
    private lazy var pictureCarriers: [ScreenID: [String]] = {
        let flat = stageDrawing.flat
        var projects: [ScreenID: Bool] = [:]
        var carriers: [ScreenID: [String]] = [:]
        for layer in evaluator.timeline.layers where flat.contains(layer.id) {
            guard case .snapshot(let snapshot)? = layer.contents else { continue }
            let screen = snapshot.screen
            if projects[screen] == nil { projects[screen] = !Self.pictureProjectionRoots(evaluator, of: screen).isEmpty }
            if projects[screen] == true { carriers[screen, default: []].append(layer.id) }
        }
        return carriers
    }()

    /// The layers drawn from the stage down as their projections, and those drawn in 2D
    /// (`KeyframeStates.drawing`).
    private lazy var stageDrawing = Self.drawing(evaluator, from: evaluator.timeline.layers.first?.id)

    /// For each layer, the most layers with sampled motion (or projected subtrees) on a line from
    /// the stage through it.
    private lazy var sampledLayersThrough: [String: Int] = {
        let layers = evaluator.timeline.layers
        let roots = layers.contains(where: \.hasSampledMotion) ? stageDrawing.roots : []
        let sampled = Dictionary(layers.map { ($0.id, $0.hasSampledMotion || roots.contains($0.id) ? 1 : 0) }, uniquingKeysWith: max)
        // A snapshot layer drawn in 2D carries its picture, and a projection in the picture
        // strays like a sublayer of it would (`pictureShare`).
        let carriers = Set(pictureCarriers.values.joined())
        // Superlayers come before their sublayers: from the stage down, then back up.
        var above: [String: Int] = [:], below: [String: Int] = [:]
        for layer in layers {
            above[layer.id] = (layer.parent.flatMap { above[$0] } ?? 0) + sampled[layer.id, default: 0]
        }
        for layer in layers.reversed() {
            if carriers.contains(layer.id) { below[layer.id] = max(below[layer.id, default: 0], 1) }
            let own = below[layer.id, default: 0] + sampled[layer.id, default: 0]
            below[layer.id] = own
            if let parent = layer.parent { below[parent] = max(below[parent, default: 0], own) }
        }
        return Dictionary(layers.map { ($0.id, above[$0.id, default: 0] + below[$0.id, default: 0] - sampled[$0.id, default: 0]) },
                          uniquingKeysWith: max)
    }()

    init(_ evaluator: Evaluator) {
        self.evaluator = evaluator
    }
}

extension LayerNode {
    /// Whether any of the layer's geometry moves along a curve SVG cannot say (a spring, or a
    /// timing curve leaving the unit square), which is written as straight keyframes that stray.
    var hasSampledMotion: Bool {
        bounds.hasSampledSegment || position.hasSampledSegment || anchorPoint.hasSampledSegment
            || transform.hasSampledSegment || sublayerTransform.hasSampledSegment || cornerRadius.hasSampledSegment
            || (mask?.hasSampledSegment ?? false)
    }
}
