import Segue
import SegueXML

/// A layer's contents as HTML: colour and gradient fills, text, images and snapshots.
extension HTMLStageBuilder {
    /// Draws the layer's contents in its body (`body`, whose declarations are `bodyRules`). A
    /// fill the body's own background can be, and a line of text the body can hold when nothing
    /// else is in it (no sublayers: its inherited styles would reach their text), are drawn by
    /// the body itself; other contents get an element of their own that fills the body, beneath
    /// the sublayers.
    mutating func writeContents(_ layer: LayerNode, name: String, into body: XMLElement,
                                bodyRules: inout [String], hasSublayers: Bool) throws(ExportError) {
        guard let contents = layer.contents else { return }
        let bounds = layer.bounds.initialValue
        switch contents {
        case .color(let color) where !layer.drawsBackground:
            bodyRules.append("background:\(CSSFormat.color(color))")
            return
        case .gradient(let gradient) where !layer.drawsBackground:
            bodyRules.append("background:\(Self.linearGradient(gradient, size: bounds.size))")
            return
        case .text(let text) where !hasSublayers:
            body.addText(text.string)
            bodyRules += Self.textRules(text)
            return
        default:
            break
        }
        let contentName = ids.claim(name + "-c")
        var rules = ["width:100%", "height:100%", "border-radius:inherit"]
        switch contents {
        case .color(let color):
            body.addChild("div").set("class", contentName)
            rules.append("background:\(CSSFormat.color(color))")
        case .gradient(let gradient):
            body.addChild("div").set("class", contentName)
            rules.append("background:\(Self.linearGradient(gradient, size: bounds.size))")
        case .text(let text):
            body.addChild("div").set("class", contentName).addText(text.string)
            rules += Self.textRules(text)
        case .image(let image):
            body.addChild("img").set("class", contentName).set("alt", "")
                .set("src", "data:\(image.mimeType);base64,\(image.data.base64EncodedString())")
            let fit = switch image.gravity {
            case .resize: "fill"
            case .resizeAspect: "contain"
            case .resizeAspectFill: "cover"
            }
            rules.append("object-fit:\(fit)")
        case .snapshot(let snapshot):
            try writeSnapshot(snapshot, layer: layer, name: contentName, into: body)
            rules.append("overflow:hidden")
        }
        css.append(".\(contentName){\(rules.joined(separator: ";"))}")
    }

    /// A line of text centred vertically in its box and aligned across it, as a `UILabel` draws
    /// it (left alignment is a flex box's own).
    private static func textRules(_ text: Text) -> [String] {
        var rules = ["display:flex", "align-items:center"]
        switch text.alignment {
        case .left: break
        case .center: rules.append("justify-content:center")
        case .right: rules.append("justify-content:flex-end")
        }
        rules += ["white-space:pre", "font-size:\(CSSFormat.px(text.fontSize))", "color:\(CSSFormat.color(text.color))"]
        if text.weight != .regular { rules.append("font-weight:\(SVGFormat.fontWeight(text.weight))") }
        return rules
    }

    /// The screen as it is at the start, scaled so the pictured region fills the layer.
    private mutating func writeSnapshot(_ snapshot: Snapshot, layer: LayerNode, name: String, into body: XMLElement) throws(ExportError) {
        let screen = try timeline.picturedScreen(snapshot)
        let bounds = layer.bounds.initialValue
        let region = timeline.region(of: snapshot)
        guard region.width > 0, region.height > 0 else { return }
        let frame = body.addChild("div").set("class", name)
        let pictureName = ids.make(layer.id + "-picture")
        let picture = frame.addChild("div").set("class", pictureName)
        let screenBounds = screen.bounds.initialValue
        var rules = ["width:\(CSSFormat.px(screenBounds.width))", "height:\(CSSFormat.px(screenBounds.height))",
                     "transform:scale(\(SVGFormat.number(bounds.width / region.width, decimals: 6)),\(SVGFormat.number(bounds.height / region.height, decimals: 6))) translate(\(CSSFormat.px(-region.minX)),\(CSSFormat.px(-region.minY)))"]
        let background = screen.backgroundColor.initialValue
        if background.alpha > 0 { rules.append("background-color:\(CSSFormat.color(background))") }
        let sublayers = evaluator.paintOrder(of: screen.id, at: 0)
        try writeContents(screen, name: pictureName, into: picture, bodyRules: &rules, hasSublayers: !sublayers.isEmpty)
        css.append(".\(pictureName){\(rules.joined(separator: ";"))}")
        for index in sublayers {
            try writeLayer(timeline.layers[index], parent: screen, into: picture, frozen: true)
        }
    }

    /// A `CAGradientLayer` as a CSS `linear-gradient()`: CSS measures stops along a line through the
    /// box's centre whose length reaches the corners, so each stop is moved onto that line.
    static func linearGradient(_ gradient: Gradient, size: Size) -> String {
        let start = Point(x: gradient.startPoint.x * size.width, y: gradient.startPoint.y * size.height)
        let end = Point(x: gradient.endPoint.x * size.width, y: gradient.endPoint.y * size.height)
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return CSSFormat.color(gradient.colors.first ?? .clear) }
        let ux = dx / length, uy = dy / length
        let angle = atan2(dx, -dy) * 180 / .pi
        let line = abs(size.width * ux) + abs(size.height * uy)
        let p0 = Point(x: size.width / 2 - ux * line / 2, y: size.height / 2 - uy * line / 2)
        let stops = gradient.stops.map { stop -> String in
            let x = start.x + stop.location * dx, y = start.y + stop.location * dy
            let along = ((x - p0.x) * ux + (y - p0.y) * uy) / line
            return "\(CSSFormat.color(stop.color)) \(SVGFormat.number(along * 100, decimals: 3))%"
        }
        return "linear-gradient(\(SVGFormat.number(angle, decimals: 3))deg,\(stops.joined(separator: ",")))"
    }
}
