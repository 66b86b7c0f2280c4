import Segue

/// The tracks that place a layer in its superlayer: what `Evaluator.localTransform` and
/// `Evaluator.sublayerTransform` read.
protocol LayerPlacing {
    var bounds: Animated<Rect> { get }
    var anchorPoint: Animated<Point> { get }
    var position: Animated<Point> { get }
    var zPosition: Animated<Double> { get }
    var transform: Animated<Transform3D> { get }
    var sublayerTransform: Animated<Transform3D> { get }
}

extension LayerNode: LayerPlacing {}

/// A layer's placing tracks alone, shared by reference. Projected drawing asks for a layer's map to
/// the screen at thousands of times, walking up its superlayers each time; taking a whole
/// `LayerNode` out of the timeline's list copies its twenty-odd tracks, this copies a pointer.
final class LayerPlacement: LayerPlacing, Sendable {
    let bounds: Animated<Rect>
    let anchorPoint: Animated<Point>
    let position: Animated<Point>
    let zPosition: Animated<Double>
    let transform: Animated<Transform3D>
    let sublayerTransform: Animated<Transform3D>

    init(_ layer: LayerNode) {
        bounds = layer.bounds
        anchorPoint = layer.anchorPoint
        position = layer.position
        zPosition = layer.zPosition
        transform = layer.transform
        sublayerTransform = layer.sublayerTransform
    }
}
