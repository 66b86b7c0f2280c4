import Segue
import SegueXML

/// Drawing a layer's background, contents and mask shapes.
extension SVGBuilder {
    /// `frame`: the bounds the drawing is framed by (the layer's own unless sampled with its
    /// steps, `SampledTogether`).
    mutating func writeBackgroundAndContents(_ layer: LayerNode, into body: XMLElement, frame: Animated<Rect>? = nil) throws(ExportError) {
        let frame = frame ?? layer.bounds
        if layer.drawsBackground {
            let rect = writeRect(frame, cornerRadius: layer.cornerRadius, into: body)
            writeFill(layer.backgroundColor, on: rect)
        }
        switch layer.contents {
        case nil:
            break
        case .color(let color):
            let rect = writeRect(frame, cornerRadius: layer.cornerRadius, into: body)
            writeFill(Animated(color), on: rect)
        case .text(let text):
            try writeText(text, in: layer, into: body)
        case .image(let image):
            let element = body.addChild("image")
            writeFrame(frame, on: element)
            element.set("preserveAspectRatio", Self.aspect(image.gravity))
            element.set("href", "data:\(image.mimeType);base64,\(image.data.base64EncodedString())", namespace: xlink())
        case .snapshot(let snapshot):
            try writeSnapshot(snapshot, in: layer, into: body)
        case .gradient(let gradient):
            let id = ids.make(layer.id + "-gradient")
            writeGradient(gradient, id: id, bounds: layer.bounds.initialValue)
            let rect = writeRect(frame, cornerRadius: layer.cornerRadius, into: body)
            rect.set("fill", "url(#\(id))")
        }
    }

    /// A `linearGradient` in the layer's own coordinates, so its bands stay perpendicular to the
    /// gradient line in the layer's space, as `CAGradientLayer` draws them.
    func writeGradient(_ gradient: Gradient, id: String, bounds: Rect) {
        let element = defs.addChild("linearGradient").set("id", id).set("gradientUnits", "userSpaceOnUse")
        element.set("x1", SVGFormat.number(bounds.minX + gradient.startPoint.x * bounds.width))
        element.set("y1", SVGFormat.number(bounds.minY + gradient.startPoint.y * bounds.height))
        element.set("x2", SVGFormat.number(bounds.minX + gradient.endPoint.x * bounds.width))
        element.set("y2", SVGFormat.number(bounds.minY + gradient.endPoint.y * bounds.height))
        for stop in gradient.stops {
            let node = element.addChild("stop")
            node.set("offset", SVGFormat.number(min(max(stop.location, 0), 1)))
            node.set("stop-color", SVGFormat.color(stop.color))
            if stop.color.alpha < 1 { node.set("stop-opacity", SVGFormat.number(stop.color.alpha)) }
        }
    }

    /// A `<rect>` covering the bounds (animated with them), rounded by the corner radius.
    @discardableResult
    func writeRect(_ bounds: Animated<Rect>, cornerRadius: Animated<Double>, into parent: XMLElement) -> XMLElement {
        let rect = parent.addChild("rect")
        writeFrame(bounds, on: rect)
        if !(cornerRadius.isConstant && cornerRadius.initialValue == 0) {
            // A still `ry` is left out: it is then `rx`'s.
            for attribute in cornerRadius.isConstant ? ["rx"] : ["rx", "ry"] {
                rect.set(attribute, SVGFormat.number(cornerRadius.initialValue))
                animator.animate(cornerRadius, attribute, on: rect) { SVGFormat.number($0) }
            }
        }
        return rect
    }

    /// `x`, `y`, `width` and `height` from a rectangle track; only the changing ones animate.
    func writeFrame(_ bounds: Animated<Rect>, on element: XMLElement) {
        Self.writeFrame(bounds.initialValue, on: element)
        for (name, part) in Self.frameParts {
            animator.animate(bounds.map(part), name, on: element) { SVGFormat.number($0) }
        }
    }

    /// A still frame's `x`, `y` (unless 0), `width` and `height`.
    static func writeFrame(_ rect: Rect, on element: XMLElement) {
        for (name, part) in frameParts {
            let value = part(rect)
            if value != 0 || name == "width" || name == "height" { element.set(name, SVGFormat.number(value)) }
        }
    }

    private static let frameParts: [(String, @Sendable (Rect) -> Double)] = [("x", \.minX), ("y", \.minY), ("width", \.width), ("height", \.height)]

    func writeFill(_ color: Animated<Color>, on element: XMLElement) {
        element.set("fill", SVGFormat.color(color.initialValue))
        animator.animate(color.map { $0.withAlpha(1) }, "fill", on: element) { SVGFormat.color($0) }
        let alpha = color.map(\.alpha)
        if !(alpha.isConstant && alpha.initialValue == 1) {
            element.set("fill-opacity", SVGFormat.number(alpha.initialValue))
            animator.animate(alpha, "fill-opacity", on: element) { SVGFormat.number($0) }
        }
    }

    private func writeText(_ text: Text, in layer: LayerNode, into body: XMLElement) throws(ExportError) {
        guard layer.bounds.isConstant else {
            throw ExportError("text \(layer.named) animates its bounds, which this version cannot draw in SVG yet; move it with position or transform instead")
        }
        let bounds = layer.bounds.initialValue
        let element = body.addChild("text")
        let (x, anchor): (Double, String) = switch text.alignment {
        case .left: (bounds.minX, "start")
        case .center: (bounds.midX, "middle")
        case .right: (bounds.maxX, "end")
        }
        element.set("x", SVGFormat.number(x))
        element.set("y", SVGFormat.number(bounds.midY))
        element.set("dominant-baseline", "central")
        if anchor != "start" { element.set("text-anchor", anchor) }
        element.set("font-size", SVGFormat.number(text.fontSize))
        if text.weight != .regular { element.set("font-weight", SVGFormat.fontWeight(text.weight)) }
        element.set("fill", SVGFormat.color(text.color))
        if text.color.alpha < 1 { element.set("fill-opacity", SVGFormat.number(text.color.alpha)) }
        element.addText(text.string)
    }

    private mutating func writeSnapshot(_ snapshot: Snapshot, in layer: LayerNode, into body: XMLElement) throws(ExportError) {
        guard layer.bounds.isConstant else {
            throw ExportError("snapshot \(layer.named) animates its bounds, which this version cannot draw in SVG yet; scale it with transform instead")
        }
        let picture = try snapshotID(of: snapshot.screen)
        let bounds = layer.bounds.initialValue
        let region = timeline.region(of: snapshot)
        guard region.width > 0, region.height > 0 else { return }
        let clipID = ids.make(layer.id + "-frame")
        let clip = defs.addChild("clipPath").set("id", clipID)
        writeFrame(layer.bounds, on: clip.addChild("rect"))
        let fit = Homography.fitting(region, into: bounds)
        let use = body.addChild("g").set("clip-path", "url(#\(clipID))").addChild("use")
        use.set("href", "#" + picture, namespace: xlink())
        if !fit.isNearIdentity { use.set("transform", SVGFormat.transform(fit)) }
    }

    /// The mask's shape inside a `<clipPath>`, its geometry animated by SMIL.
    func writeMaskShape(_ mask: Animated<MaskShape>, into clipPath: XMLElement) {
        switch mask.initialValue {
        case .ellipse:
            let rects = mask.map { shape -> Rect in if case .ellipse(let r) = shape { r } else { .zero } }
            let isCircle = rects.keyframes.allSatisfy { abs($0.value.width - $0.value.height) < 1e-9 }
            let element = clipPath.addChild(isCircle ? "circle" : "ellipse")
            let parts: [(String, (Rect) -> Double)] = isCircle
                ? [("cx", \.midX), ("cy", \.midY), ("r", { $0.width / 2 })]
                : [("cx", \.midX), ("cy", \.midY), ("rx", { $0.width / 2 }), ("ry", { $0.height / 2 })]
            for (name, part) in parts {
                element.set(name, SVGFormat.number(part(rects.initialValue)))
                animator.animate(rects.map(part), name, on: element) { SVGFormat.number($0) }
            }
        case .rect:
            let rects = mask.map { shape -> Rect in if case .rect(let r, _) = shape { r } else { .zero } }
            let radii = mask.map { shape -> Double in if case .rect(_, let c) = shape { c } else { 0 } }
            writeRect(rects, cornerRadius: radii, into: clipPath)
        case .path:
            let paths = mask.map { shape -> Path in if case .path(let p) = shape { p } else { Path() } }
            let element = clipPath.addChild("path").set("d", SVGFormat.path(paths.initialValue))
            animator.animate(paths, "d", on: element, format: { SVGFormat.path($0) }, css: { "path(\"\(SVGFormat.path($0))\")" })
        }
    }

    static func aspect(_ gravity: ContentsGravity) -> String {
        switch gravity {
        case .resize: "none"
        case .resizeAspect: "xMidYMid meet"
        case .resizeAspectFill: "xMidYMid slice"
        }
    }
}
