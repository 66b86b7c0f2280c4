import Segue

/// A projected layer's placement in the drawing's space and whether it is shown, each remembered
/// by time. A sublayer that lies exactly on its superlayer (a shade filling a page) shares its
/// superlayer's memos, so outlines keyframed from them are known to be the same and are worked out
/// once (`SVGBuilder.boundsOutlineTrack`).
struct ProjectedLayerModel {
    let place: Memo<Homography>
    let shown: Memo<Bool>

    /// Whether both memos are the very ones `other` has.
    func isSame(as other: ProjectedLayerModel) -> Bool {
        place === other.place && shown === other.shown
    }

    /// Whether `layer`'s bounds space is `parent`'s at every time: nothing that places it
    /// animates, `parent` has no sublayer transform, and the layer's own placement is exactly the
    /// identity. Its placement is then its superlayer's.
    static func coincides(_ layer: LayerNode, withParent parent: LayerNode) -> Bool {
        guard layer.transform.isConstant, layer.position.isConstant, layer.anchorPoint.isConstant,
              layer.bounds.isConstant, layer.zPosition.isConstant, parent.sublayerTransform.isConstant,
              Evaluator.sublayerTransform(parent, at: 0) == .identity else { return false }
        return Evaluator.localTransform(layer, at: 0, parentSublayer: .identity) == .identity
    }

    /// Whether `layer`, coinciding with `parent`, is also shown exactly when `parent` is: the same
    /// bounds (so the same corners face the viewer or not), never hidden itself, and hiding its
    /// back only if `parent` does too. A layer showing both faces on a page that hides its back
    /// (a page's shade) goes with the page: a sublayer is shown only while its superlayer is.
    static func sharesVisibility(_ layer: LayerNode, withParent parent: LayerNode) -> Bool {
        layer.bounds == parent.bounds && (layer.isDoubleSided || !parent.isDoubleSided)
            && layer.isHidden.isConstant && !layer.isHidden.initialValue
    }

    /// Whether `layer`, placed in `parent`'s bounds space by `local` at every time (nil: its
    /// placement there moves), is shown exactly when `parent` is: the map is affine, so the layer
    /// lies flat in `parent`'s plane; its bounds land inside `parent`'s, so its corners lie between
    /// `parent`'s, and none is behind the viewer or nearer the camera plane while `parent`'s are
    /// not (the projective weight is affine over the plane); it never hides, and shows both faces
    /// (`parent` may hide its back: a sublayer is shown only while its superlayer is).
    static func sharesVisibility(_ layer: LayerNode, placedBy local: Homography?, inside parent: LayerNode) -> Bool {
        guard let local, local.isAffine, layer.isDoubleSided, layer.isHidden.isConstant, !layer.isHidden.initialValue,
              layer.bounds.isConstant, parent.bounds.isConstant else { return false }
        let frame = parent.bounds.initialValue
        return layer.bounds.initialValue.corners.allSatisfy { corner in
            guard let p = local.apply(corner) else { return false }
            return p.x >= frame.minX && p.x <= frame.maxX && p.y >= frame.minY && p.y <= frame.maxY
        }
    }
}

/// What a projected bounds outline's keyframes depend on: the layer's model, the map to the screen
/// (by the layer it belongs to; nil for a still picture), the times the sampler starts from, and
/// the outline itself.
struct BoundsOutlineKey {
    let model: ProjectedLayerModel
    let screen: String?
    let base: [Double]
    let bounds: Animated<Rect>
    let cornerRadius: Animated<Double>

    func matches(_ other: BoundsOutlineKey) -> Bool {
        model.isSame(as: other.model) && screen == other.screen && base == other.base
            && bounds == other.bounds && cornerRadius == other.cornerRadius
    }
}
