import Segue

extension LayerNode {
    /// True when the background colour is not clear at some keyframe: the layer draws it.
    var drawsBackground: Bool {
        backgroundColor.keyframes.contains { $0.value.alpha > 0 }
    }
}
