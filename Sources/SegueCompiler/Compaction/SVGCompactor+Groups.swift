import SegueXML

/// Fewer groups: the layer tree written as nested `<g>`s, one per layer, collapses where a group
/// does nothing its children could not do themselves.
extension SVGCompactor {
    /// The attributes that place each shape, by element: a translation adds to them.
    static let positionAttributes: [String: (x: String, y: String)] = [
        "rect": ("x", "y"), "text": ("x", "y"), "image": ("x", "y"), "circle": ("cx", "cy"), "ellipse": ("cx", "cy"),
    ]

    /// Collapses the groups inside `element`, innermost first.
    static func collapseGroups(in element: XMLElement) {
        element.forEachChild { child in
            collapseGroups(in: child)
            if child.isNamed("g") { collapse(child) }
        }
    }

    /// Removes a group when that changes nothing drawn or animated:
    /// - with no attributes and no animation of its own, it groups nothing: its children take its
    ///   place;
    /// - with only a translation, still, around shapes that refer to nothing (a clip path or
    ///   gradient in user space would stay behind), the translation moves into their `x`/`y`
    ///   (text and images only where that adds exactly the same numbers, see `placesExactly`);
    /// - with only a transform, around one child that has none and animates none, the child takes
    ///   the transform: its user space, and so whatever it refers to, is the same.
    private static func collapse(_ group: XMLElement) {
        // A group that animates itself stays, asked before its attributes and children are read
        // (most of projected drawing's groups animate a step of a map).
        guard !isAnimated(group) else { return }
        let attributes = group.attributes
        let children = group.children
        if attributes.isEmpty {
            group.unwrap()
            return
        }
        guard attributes.count == 1, attributes[0].name == "transform" else { return }
        let transform = attributes[0].value
        if let (dx, dy) = translation(transform), isStill(group), children.allSatisfy(isTranslatable),
           children.allSatisfy({ !snapsToPixels($0) }) || placesExactly(group) {
            for child in children { translate(child, dx: dx, dy: dy) }
            group.unwrap()
        } else if children.count == 1, let child = children.first, !child.has("transform"), !child.has("id"),
                  !child.containsChild(where: { $0.isNamed("animateTransform") || $0.isNamed("animateMotion") }) {
            child.set("transform", transform)
            group.unwrap()
        }
    }

    /// The offsets of `translate(x,y)`, as `SVGFormat.transform` writes it.
    static func translation(_ transform: String) -> (Double, Double)? {
        guard transform.hasPrefix("translate("), transform.hasSuffix(")") else { return nil }
        let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: ",").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    /// Text and images, which Chromium snaps to device pixels (a text's baseline to a whole pixel):
    /// a position that differs by a rounding error can land a pixel away.
    private static func snapsToPixels(_ element: XMLElement) -> Bool {
        element.name == "text" || element.name == "image"
    }

    /// True when the translation's offsets reach the screen by additions alone, whichever the
    /// order: no group above it scales, turns or animates, and it is not drawn through `<use>`
    /// (inside `<defs>`). Under an animated scale, `s·(a + b)` and `s·a + s·b` differ in their last
    /// bits, enough to move a snapped baseline a pixel on some frames.
    private static func placesExactly(_ group: XMLElement) -> Bool {
        var ancestor = group.parent
        while let current = ancestor {
            if current.name == "defs" || current.has("id") && current.name == "g" { return false }
            if isAnimated(current) { return false }
            if let transform = current.attribute("transform"), translation(transform) == nil { return false }
            ancestor = current.parent
        }
        return true
    }

    /// A shape placed by its own coordinates alone: no transform, no child elements, nothing
    /// referred to in user space.
    private static func isTranslatable(_ element: XMLElement) -> Bool {
        positionAttributes[element.name] != nil && element.children.isEmpty
            && element.attributes.allSatisfy { $0.name != "transform" && !refersToURL($0.value) }
    }

    /// Whether an attribute's value refers to an element (`url(#…)`): looked for in its bytes, as
    /// Foundation's `contains` costs more than the whole attribute's making on Linux.
    private static func refersToURL(_ value: String) -> Bool {
        // How much of `url(` the bytes so far end with (none of it starts again inside it).
        var matched = 0
        for byte in value.utf8 {
            matched = byte == urlOpening[matched] ? matched + 1 : (byte == urlOpening[0] ? 1 : 0)
            if matched == urlOpening.count { return true }
        }
        return false
    }

    private static let urlOpening = Array("url(".utf8)

    /// Adds (dx, dy) to the shape's position; a coordinate that comes to 0 is left to its default.
    private static func translate(_ element: XMLElement, dx: Double, dy: Double) {
        guard let names = positionAttributes[element.name] else { return }
        for (name, offset) in [(names.x, dx), (names.y, dy)] where offset != 0 {
            let value = SVGFormat.number((element.attribute(name).flatMap { Double($0) } ?? 0) + offset)
            if value == "0" { element.removeAttribute(name) } else { element.set(name, value) }
        }
    }
}
