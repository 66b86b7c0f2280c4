import Segue

/// Where drawing in SVG's 2D transforms gives way to drawing projections: the layers whose
/// subtrees are drawn as what they look like on screen, in the space of a superlayer drawn in 2D
/// (`SVGBuilder.writeProjected`).
extension SVGBuilder {
    /// Whether `layer`'s sublayer transform gives its sublayers (`children`) depth, so each is
    /// drawn as its projection; otherwise it is one 2D transform of them all (or none).
    static func projectsSublayers(of layer: LayerNode, children: [LayerNode]) -> Bool {
        let sublayer = layer.sublayerTransform
        if sublayer.isConstant && sublayer.initialValue.isIdentity { return false }
        let placed = Evaluator.sublayerTransform(layer, at: 0).planeProjection
        return !(sublayer.isConstant && layer.bounds.isConstant && layer.anchorPoint.isConstant && placed.isAffine
                 && children.allSatisfy(\.isFlat))
    }

    /// Whether `layer`, in a superlayer drawn in 2D, is drawn as its projection: its superlayer
    /// projects its sublayers, or SVG's 2D transforms cannot place it.
    static func isProjectionRoot(_ layer: LayerNode, parentProjectsSublayers: Bool) -> Bool {
        if parentProjectsSublayers { return true }
        do {
            _ = try TransformSteps(layer: layer)
            return false
        } catch {
            return true
        }
    }
}

extension KeyframeStates {
    /// The projection roots of a 2D snapshot's picture of `screen` (`SVGBuilder.snapshotID`),
    /// which draws the screen's subtree from the screen down, the screen itself in 2D.
    static func pictureProjectionRoots(_ evaluator: Evaluator, of screen: ScreenID) -> Set<String> {
        drawing(evaluator, from: evaluator.timeline.screen(screen)?.id).roots
    }

    /// The layers drawn from `start` down (in 2D) that are drawn as their projections in a
    /// superlayer drawn in 2D (`roots`, `SVGBuilder.isProjectionRoot`; a layer inside a projected
    /// subtree is not one), and those drawn in 2D (`flat`, `start` among them).
    static func drawing(_ evaluator: Evaluator, from start: String?) -> (roots: Set<String>, flat: Set<String>) {
        let layers = evaluator.timeline.layers
        var roots: Set<String> = []
        // Layers drawn in 2D, from `start` down (superlayers come before their sublayers): each
        // decides for its sublayers.
        var flat: Set<String> = start.map { [$0] } ?? []
        for layer in layers where flat.contains(layer.id) {
            let children = evaluator.paintOrder(of: layer.id, at: 0).map { layers[$0] }
            let projects = SVGBuilder.projectsSublayers(of: layer, children: children)
            for child in children {
                if SVGBuilder.isProjectionRoot(child, parentProjectsSublayers: projects) {
                    roots.insert(child.id)
                } else {
                    flat.insert(child.id)
                }
            }
        }
        return (roots, flat)
    }
}
