/// A layer of the transition, with Core Animation's geometry and properties (`CALayer`).
///
/// Set properties outside an animation block to give their value at the start; set them inside
/// `t.animate { … }` to animate them, exactly as in `UIView.animate(withDuration:animations:)`.
/// In SVG a layer becomes a `<g>`; in HTML, an element.
public final class Layer {
    /// A name that identifies the layer in outputs and diagnostics (`CALayer.name`); one is made up
    /// from the layer's place in the tree when none is given.
    public let name: String?
    /// Where the layer was created.
    public let location: SourceLocation
    public private(set) var sublayers: [Layer] = []
    public private(set) weak var superlayer: Layer?
    var role: LayerRole = .layer
    var structureErrors: [String] = []

    let bounds_ = RecordedProperty<Rect>("bounds", .zero)
    let position_ = RecordedProperty<Point>("position", .zero)
    let anchorPoint_ = RecordedProperty<Point>("anchorPoint", Point(x: 0.5, y: 0.5))
    let zPosition_ = RecordedProperty<Double>("zPosition", 0)
    let transform_ = RecordedProperty<Transform3D>("transform", .identity)
    let sublayerTransform_ = RecordedProperty<Transform3D>("sublayerTransform", .identity)
    let opacity_ = RecordedProperty<Double>("opacity", 1)
    let isHidden_ = RecordedProperty<Bool>("isHidden", false)
    let backgroundColor_ = RecordedProperty<Color>("backgroundColor", .clear)
    let cornerRadius_ = RecordedProperty<Double>("cornerRadius", 0)
    let mask_ = RecordedProperty<MaskShape?>("mask", nil)

    /// What the layer draws inside its bounds (not animatable).
    public var contents: Contents?
    /// `isDoubleSided`: when false, the layer is not drawn while its back faces the viewer.
    public var isDoubleSided = true
    /// `masksToBounds`: clip contents and sublayers to the bounds and corner radius.
    public var masksToBounds = false

    /// A new layer, optionally named and placed by its frame.
    public init(name: String? = nil, frame: Rect? = nil, contents: Contents? = nil,
                file: String = #filePath, line: Int = #line, column: Int = #column) {
        self.name = name
        self.location = SourceLocation(file: file, line: line, column: column)
        self.contents = contents
        if let frame { self.frame = frame }
        DiagnosticSink.current?.created(self)
    }

    /// True when some property was changed inside an animation block.
    var isAnimated: Bool {
        !bounds_.changes.isEmpty || !position_.changes.isEmpty || !anchorPoint_.changes.isEmpty
            || !zPosition_.changes.isEmpty || !transform_.changes.isEmpty || !sublayerTransform_.changes.isEmpty
            || !opacity_.changes.isEmpty || !isHidden_.changes.isEmpty || !backgroundColor_.changes.isEmpty
            || !cornerRadius_.changes.isEmpty || !mask_.changes.isEmpty
    }

    /// True when the layer is the stage's container or lies under it.
    func isOnStage(_ container: Layer) -> Bool {
        self === container || isDescendant(of: container)
    }

    /// The layer's own coordinate space (`bounds`): its size, and the origin of its sublayers' space.
    public var bounds: Rect { get { bounds_.value } set { bounds_.set(newValue) } }
    /// Where the anchor point sits in the superlayer's coordinates (`position`).
    public var position: Point { get { position_.value } set { position_.set(newValue) } }
    /// The point of the bounds, in unit coordinates, placed at `position` and turned about by
    /// `transform` (`anchorPoint`, default (0.5, 0.5)). SVG: a translate; CSS: `transform-origin`.
    public var anchorPoint: Point { get { anchorPoint_.value } set { anchorPoint_.set(newValue) } }
    /// Place along z; siblings with a higher `zPosition` draw on top.
    public var zPosition: Double { get { zPosition_.value } set { zPosition_.set(newValue) } }
    /// The layer's 3D transform about its anchor point (`CALayer.transform`).
    public var transform: Transform3D { get { transform_.value } set { transform_.set(newValue) } }
    /// A transform applied to every sublayer about this layer's anchor point; set `m34` here for
    /// perspective (`sublayerTransform`). CSS: `perspective` on the element.
    public var sublayerTransform: Transform3D {
        get { sublayerTransform_.value } set { sublayerTransform_.set(newValue) }
    }
    /// Group opacity, 0...1 (`opacity`; UIKit's `alpha`).
    public var opacity: Double { get { opacity_.value } set { opacity_.set(newValue) } }
    /// UIKit's name for `opacity`.
    public var alpha: Double { get { opacity } set { opacity = newValue } }
    /// Hidden layers and their sublayers are not drawn (`isHidden`). Changes take effect at the
    /// start of the animation block they are made in.
    public var isHidden: Bool { get { isHidden_.value } set { isHidden_.set(newValue) } }
    public var backgroundColor: Color { get { backgroundColor_.value } set { backgroundColor_.set(newValue) } }
    /// Rounds the background, colour contents and (with `masksToBounds`) the clip.
    public var cornerRadius: Double { get { cornerRadius_.value } set { cornerRadius_.set(newValue) } }
    /// The shape that masks the layer (a `CAShapeLayer` as `layer.mask`), in the layer's coordinates.
    public var mask: MaskShape? { get { mask_.value } set { mask_.set(newValue) } }

    /// The frame in the superlayer's coordinates, derived from position, bounds and anchor point,
    /// as `CALayer.frame` (ignoring the transform). Setting it sets `position` and `bounds.size`.
    public var frame: Rect {
        get {
            Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                 width: bounds.width, height: bounds.height)
        }
        set {
            // Only what changes is set: moving the frame animates the position alone, and
            // resizing it about a corner anchor the bounds alone, so either may overlap an
            // animation of the other.
            if newValue.size != bounds.size { bounds = Rect(origin: bounds.origin, size: newValue.size) }
            let moved = Point(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
            if moved != position { position = moved }
        }
    }

    /// The centre of the frame, like `UIView.center` (the position when the anchor is centred).
    public var center: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set { position = Point(x: position.x + newValue.x - center.x, y: position.y + newValue.y - center.y) }
    }

    /// Adds a sublayer on top of the others (`addSublayer(_:)`).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts a sublayer at an index in the back-to-front order (`insertSublayer(_:at:)`).
    public func insertSublayer(_ layer: Layer, at index: Int) {
        if layer === self || isDescendant(of: layer) {
            structureErrors.append("adding layer '\(layer.name ?? "unnamed")' under itself would make a cycle; add it to another layer")
            return
        }
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
    }

    /// Takes the layer out of its superlayer.
    public func removeFromSuperlayer() {
        superlayer?.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    func isDescendant(of other: Layer) -> Bool {
        var current = superlayer
        while let layer = current {
            if layer === other { return true }
            current = layer.superlayer
        }
        return false
    }
}
