import Segue

/// What of a snapshot's picture can show: only its pictured region, which the snapshot's frame
/// clips to (and a point of the snapshot beyond, so that the frame's clip, not where the drawing
/// stops, makes the edge). A layer of the picture that lies wholly outside it is not drawn, and a
/// text or an image is cut into strips only where it lies inside: a screen half turning in
/// perspective pictures the whole screen, and half of its text would otherwise be cut into strips
/// that never show.
///
/// The region is carried down the picture's layers while each lies still and flat in its
/// superlayer (an affine map that never changes), mapped into each layer's own bounds space.
extension SVGBuilder.Lineage {
    /// Whether `layer`'s map into `parent`'s bounds space is the same at every time: nothing that
    /// places it animates, nor its superlayer's sublayer transform, bounds or anchor.
    func placesStillInParent(_ layer: LayerNode) -> Bool {
        layer.transform.isConstant && layer.position.isConstant && layer.anchorPoint.isConstant
            && layer.bounds.isConstant && layer.zPosition.isConstant && parent.sublayerTransform.isConstant
            && parent.bounds.isConstant && parent.anchorPoint.isConstant
    }

    /// `window` in `layer`'s bounds space: the bounding box of its image under the inverse of the
    /// layer's map into its superlayer, when that map is still and affine; nil (anything may show)
    /// otherwise.
    func window(of layer: LayerNode, transform: TransformTrack) -> Rect? {
        guard let window, let back = stillPlacementInParent(of: layer, transform: transform)?.affineInverse else { return nil }
        return Rect.enclosing(window.corners.compactMap(back.apply))
    }
}
