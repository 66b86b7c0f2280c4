import Segue

extension LayerNode {
    /// True when the layer is hidden or fully transparent throughout: nothing of it, nor of its
    /// sublayers, ever shows, and the documents leave it out.
    var isLeftOut: Bool {
        (isHidden.isConstant && isHidden.initialValue) || (opacity.isConstant && opacity.initialValue == 0)
    }
}
