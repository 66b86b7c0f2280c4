import Segue
import SegueXML

/// Writes one direction of a transition as HTML elements animated with CSS: a walker over the
/// timeline. Each layer becomes up to three nested elements, so each CSS transform animation
/// holds one Core Animation property and keeps its own keyframes and curves:
///
/// - the layer element: `translate3d(position, zPosition)`, after the superlayer's
///   `sublayerTransform` (perspective) placed about its anchor point; `preserve-3d` when the layer
///   turns out of its superlayer's plane, so the perspective applies to the turn;
/// - the transform element: `matrix3d(transform)` (`preserve-3d` over a single-sided body, whose
///   back shows only in the turn's 3D context);
/// - the body: the anchor-point offset, size, opacity, background, corner radius, mask
///   (`clip-path`), `backface-visibility`, contents and sublayers (in an element of their own when
///   the bounds origin moves). It is flat, as a `CALayer` flattens its sublayers into its plane.
///
/// A layer that nothing places in motion or in depth is one element, the body, whose transform is
/// the three in their order.
struct HTMLStageBuilder {
    let timeline: Timeline
    let evaluator: Evaluator
    let clock: CSSClock
    let tolerance: Double
    let ids: IDAllocator
    var css: [String] = []

    /// - Parameter scope: the figure's class; every class and keyframe name starts with it.
    init(timeline: Timeline, scope: String, loopPause: Double?, tolerance: Double) {
        self.timeline = timeline
        evaluator = Evaluator(timeline)
        clock = CSSClock(duration: timeline.duration, loopPause: loopPause)
        self.tolerance = tolerance
        ids = IDAllocator(prefix: "\(scope)-\(timeline.direction.rawValue)-")
    }

    /// The rule every element of a stage starts from: placed at its container's
    /// origin, out of the flow, and turned about that origin, as a `CALayer`'s sublayers are
    /// placed in its bounds. Each layer's own rules say only what differs.
    static func baseRule(scope: String) -> String {
        ".\(scope) .segue-stage *{position:absolute;left:0;top:0;transform-origin:0 0}"
    }

    /// Adds the stage for this direction to `parent`; `hidden` until the player shows it (the
    /// direction not shown first: without script, the page plays the other one alone).
    mutating func build(into parent: XMLElement, hidden: Bool = false) throws(ExportError) {
        let stage = parent.addChild("div")
        stage.set("class", "segue-stage")
        stage.set("data-direction", timeline.direction.rawValue)
        if hidden { stage.set("hidden", "hidden") }
        stage.set("role", "img")
        stage.set("aria-label", SVGBuilder.label(timeline))
        if let root = timeline.layers.first {
            try writeLayer(root, parent: nil, into: stage, frozen: false)
        }
    }

    mutating func writeLayer(_ source: LayerNode, parent: LayerNode?, into container: XMLElement, frozen: Bool) throws(ExportError) {
        let layer = frozen ? source.frozen(at: 0) : source
        if layer.isLeftOut { return }
        guard layer.zPosition.isConstant else {
            throw ExportError("\(layer.named) animates its zPosition, which this version cannot write in HTML yet; keep it fixed")
        }
        let base = ids.make(layer.id + (frozen ? "-snapshot" : ""))
        let z = layer.zPosition.initialValue
        // 3D survives into the layer element only where there is 3D: a turn out of the plane or a
        // depth under the superlayer's perspective. Elsewhere everything stays flat, as in 2D.
        let isThreeDimensional = !layer.transform.keyframes.allSatisfy { $0.value.isPlanarAffine && $0.value.m43 == 0 } || z != 0
        // A perspective moves nothing that stays in its plane: a flat layer under one is placed
        // without it, as a flat element (Chromium resamples an element under a perspective, which
        // blurred still screens at a half-pixel origin).
        let perspectiveMovesIt = isThreeDimensional || !Self.hasPerspectiveOnly(parent)
        let underSublayerTransform = perspectiveMovesIt && !Self.hasIdentitySublayerTransform(parent)
        let prefix = try sublayerPrefix(parent, withSublayerTransform: underSublayerTransform)
        func place(_ p: Point) -> String { "\(prefix)translate3d(\(CSSFormat.px(p.x)),\(CSSFormat.px(p.y)),\(CSSFormat.px(z)))" }
        let body: XMLElement, bodyName: String
        var bodyRules: [String]
        if Self.isPlacedStill(layer, underSublayerTransform: underSublayerTransform, isThreeDimensional: isThreeDimensional) {
            // Nothing places it in motion or in depth: one element holds the whole placement, the
            // three transforms in their order, and is the body.
            bodyName = base
            body = container.addChild("div").set("class", bodyName)
            let transform = layer.transform.initialValue
            let turn = transform.isIdentity ? "" : CSSFormat.matrix3d(transform) + " "
            bodyRules = try self.bodyRules(layer, name: bodyName, placement: place(layer.position.initialValue) + " " + turn)
        } else {
            // The layer element: position (and the superlayer's sublayer transform).
            let outer = container.addChild("div").set("class", base)
            var rules = ["transform:\(place(layer.position.initialValue))"]
            if isThreeDimensional { rules.append("transform-style:preserve-3d") }
            addAnimations([animation(base + "-p", "transform", layer.position, place)], to: &rules)
            css.append(".\(base){\(rules.joined(separator: ";"))}")
            // The transform element.
            var holder = outer
            if !(layer.transform.isConstant && layer.transform.initialValue.isIdentity) {
                let name = ids.claim(base + "-t")
                holder = outer.addChild("div").set("class", name)
                // Half turns written to turn the model's way in every engine (`HalfTurns`).
                let transform = HalfTurns.steered(layer.transform)
                var transformRules = ["transform:\(CSSFormat.matrix3d(transform.initialValue))"]
                // A single-sided body judges its back by the turn above it: only in that turn's
                // 3D context (a flattening parent would show it its front at every angle).
                if isThreeDimensional && !layer.isDoubleSided { transformRules.append("transform-style:preserve-3d") }
                addAnimations([animation(name + "-a", "transform", transform, CSSFormat.matrix3d)], to: &transformRules)
                css.append(".\(name){\(transformRules.joined(separator: ";"))}")
            }
            // The body.
            bodyName = ids.claim(base + "-b")
            body = holder.addChild("div").set("class", bodyName)
            bodyRules = try self.bodyRules(layer, name: bodyName, placement: "")
        }
        let sublayers = evaluator.paintOrder(of: layer.id, at: 0)
        try writeContents(layer, name: base, into: body, bodyRules: &bodyRules, hasSublayers: !sublayers.isEmpty)
        css.append(".\(bodyName){\(bodyRules.joined(separator: ";"))}")
        // Sublayers lie in the bounds' coordinates: a bounds origin that moves (a scroll) moves
        // them all, on an element of their own in the body (a still one is in their placement).
        var sublayerHolder = body
        if !sublayers.isEmpty && !Self.hasStillOrigin(layer) {
            let name = ids.claim(base + "-s")
            sublayerHolder = body.addChild("div").set("class", name)
            var rules = ["transform:\(Self.scroll(to: layer.bounds.initialValue.origin))"]
            addAnimations([animation(name + "-a", "transform", layer.bounds) { Self.scroll(to: $0.origin) }], to: &rules)
            css.append(".\(name){\(rules.joined(separator: ";"))}")
        }
        for index in sublayers {
            try writeLayer(timeline.layers[index], parent: layer, into: sublayerHolder, frozen: frozen)
        }
        try checkPaintOrder(of: layer)
    }

    /// True when nothing that places `layer` animates, it stays in its superlayer's plane, and no
    /// sublayer transform of the superlayer places it: its layer, transform and body elements can
    /// be one.
    /// A single-sided layer also needs a transform that keeps its face toward the viewer (m33 > 0):
    /// on the element that hides its back, a flat transform that turns z around (a z scale of −1)
    /// would hide it, where the model, which sees only the plane, shows it.
    private static func isPlacedStill(_ layer: LayerNode, underSublayerTransform: Bool, isThreeDimensional: Bool) -> Bool {
        !isThreeDimensional && layer.position.isConstant && layer.transform.isConstant && layer.bounds.isConstant
            && layer.anchorPoint.isConstant && (layer.isDoubleSided || layer.transform.initialValue.m33 > 0)
            && !underSublayerTransform
    }

    /// Whether the layer's bounds origin, where its sublayers' coordinates start, never moves.
    private static func hasStillOrigin(_ layer: LayerNode) -> Bool {
        let origin = layer.bounds.initialValue.origin
        return layer.bounds.keyframes.allSatisfy { $0.value.origin == origin }
    }

    /// The translation that shows a bounds origin at the layer's top left corner.
    private static func scroll(to origin: Point) -> String {
        "translate(\(CSSFormat.px(-origin.x)),\(CSSFormat.px(-origin.y)))"
    }

    /// Whether the superlayer (if any) leaves its sublayers' placement alone: no sublayer transform.
    private static func hasIdentitySublayerTransform(_ parent: LayerNode?) -> Bool {
        parent.map { $0.sublayerTransform.isConstant && $0.sublayerTransform.initialValue.isIdentity } ?? true
    }

    /// Whether the superlayer's sublayer transform is a still perspective and nothing else (the
    /// identity but for m34), which leaves every point of the plane z = 0 where it is.
    private static func hasPerspectiveOnly(_ parent: LayerNode?) -> Bool {
        guard let parent, parent.sublayerTransform.isConstant else { return false }
        var rest = parent.sublayerTransform.initialValue
        rest.m34 = 0
        return rest.isIdentity
    }

    /// The superlayer's bounds origin and (`withSublayerTransform`: it has one that places the
    /// sublayer) sublayer transform, as the start of a sublayer's transform.
    private func sublayerPrefix(_ parent: LayerNode?, withSublayerTransform: Bool) throws(ExportError) -> String {
        guard let parent else { return "" }
        var prefix = ""
        let origin = parent.bounds.initialValue.origin
        if origin != .zero && Self.hasStillOrigin(parent) { prefix += Self.scroll(to: origin) + " " }
        if withSublayerTransform {
            guard parent.sublayerTransform.isConstant, parent.bounds.isConstant, parent.anchorPoint.isConstant else {
                throw ExportError("\(parent.named) animates its sublayerTransform, which this version cannot write yet; keep it fixed")
            }
            prefix += CSSFormat.matrix3d(Evaluator.sublayerTransform(parent, at: 0)) + " "
        }
        return prefix
    }

    /// The body's declarations: `placement` (transforms) comes before its anchor-point offset.
    private mutating func bodyRules(_ layer: LayerNode, name: String, placement: String) throws(ExportError) -> [String] {
        let bounds = layer.bounds.initialValue
        let anchor = layer.anchorPoint.initialValue
        func offset(_ b: Rect, _ a: Point) -> String {
            "\(placement)translate(\(CSSFormat.px(-a.x * b.width)),\(CSSFormat.px(-a.y * b.height)))"
        }
        var rules = ["width:\(CSSFormat.px(bounds.width))", "height:\(CSSFormat.px(bounds.height))",
                     "transform:\(offset(bounds, anchor))"]
        var animations: [KeyframesRule?] = []
        switch (layer.bounds.isConstant, layer.anchorPoint.isConstant) {
        case (false, false):
            throw ExportError("\(layer.named) animates both its bounds and its anchorPoint, which this version cannot write yet; animate one of them")
        case (false, true):
            animations.append(animation(name + "-o", "transform", layer.bounds) { offset($0, anchor) })
            animations.append(animation(name + "-w", "width", layer.bounds) { CSSFormat.px($0.width) })
            animations.append(animation(name + "-h", "height", layer.bounds) { CSSFormat.px($0.height) })
        case (true, false):
            animations.append(animation(name + "-o", "transform", layer.anchorPoint) { offset(bounds, $0) })
        case (true, true):
            break
        }
        let shown = layer.opacity.shown(hidden: layer.isHidden)
        if !(shown.isConstant && shown.initialValue == 1) { rules.append("opacity:\(SVGFormat.number(shown.initialValue))") }
        animations.append(animation(name + "-a", "opacity", shown) { SVGFormat.number($0) })
        if layer.drawsBackground {
            rules.append("background-color:\(CSSFormat.color(layer.backgroundColor.initialValue))")
            animations.append(animation(name + "-c", "background-color", layer.backgroundColor, CSSFormat.color))
        }
        if !(layer.cornerRadius.isConstant && layer.cornerRadius.initialValue == 0) {
            rules.append("border-radius:\(CSSFormat.px(layer.cornerRadius.initialValue))")
            animations.append(animation(name + "-r", "border-radius", layer.cornerRadius, CSSFormat.px))
        }
        if let mask = layer.mask {
            guard layer.bounds.isConstant else {
                throw ExportError("\(layer.named) animates its bounds under a mask, which this version cannot write yet")
            }
            rules.append("clip-path:\(CSSFormat.clipPath(mask.initialValue, bounds: bounds))")
            animations.append(animation(name + "-m", "clip-path", mask) { CSSFormat.clipPath($0, bounds: bounds) })
        }
        if !layer.isDoubleSided { rules.append("backface-visibility:hidden") }
        if layer.masksToBounds { rules.append("overflow:hidden") }
        addAnimations(animations, to: &rules)
        return rules
    }

    /// A named `@keyframes` rule.
    struct KeyframesRule {
        let name: String
        let rule: String
    }

    mutating func animation<V>(_ name: String, _ property: String, _ track: Animated<V>, _ format: @escaping (V) -> String) -> KeyframesRule? {
        let name = ids.claim(name)
        return CSSAnimation(name: name, property: property, track: track, format: format)
            .rule(clock: clock, tolerance: tolerance).map { KeyframesRule(name: name, rule: $0) }
    }

    /// Adds each present `@keyframes` rule to the sheet and the `animation` list to the rules.
    mutating func addAnimations(_ animations: [KeyframesRule?], to rules: inout [String]) {
        let present = animations.compactMap { $0 }
        css += present.map(\.rule)
        if !present.isEmpty { rules.append("animation:\(present.map { clock.animation($0.name) }.joined(separator: ","))") }
    }

    private func checkPaintOrder(of layer: LayerNode) throws(ExportError) {
        try evaluator.requireFixedPaintOrder(under: layer.id, format: "HTML")
    }
}
