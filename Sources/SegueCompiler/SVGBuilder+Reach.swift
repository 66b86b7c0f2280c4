import Segue

extension SVGBuilder {
    /// How far, in px on screen, the layer and its sublayers reach from its anchor point at any of
    /// the model's keyframe times: how far a turn of the layer moves them per radian. SMIL's
    /// `keyTimes` for a layer's turn and scale are made as precise as that motion needs, so they
    /// keep in step with its translations (`SMILAnimation.keyTimes`).
    func reach(of layer: LayerNode) -> Double {
        let bounds = layer.bounds, anchorPoint = layer.anchorPoint
        var reach = 0.0
        for state in keyframeStates.states {
            guard let own = state.layers.first(where: { $0.id == layer.id }) else { continue }
            let b = bounds.value(at: state.time), a = anchorPoint.value(at: state.time)
            guard let anchor = own.screenTransform.apply(Point(x: b.minX + a.x * b.width, y: b.minY + a.y * b.height)) else { continue }
            var subtree: Set<String> = [layer.id]
            for other in state.layers {  // superlayers come before their sublayers
                guard other.id == layer.id || other.parent.map(subtree.contains) == true else { continue }
                subtree.insert(other.id)
                for corner in other.corners ?? [] { reach = max(reach, corner.distance(to: anchor)) }
            }
        }
        return reach
    }
}

/// Every layer's state at each of the model's keyframe times, worked out on first use and kept
/// for the rest of one document's writing.
final class KeyframeStates {
    private let evaluator: Evaluator
    private(set) lazy var states: [FrameState] = evaluator.keyframeTimes.map(evaluator.state)

    init(_ evaluator: Evaluator) {
        self.evaluator = evaluator
    }
}
