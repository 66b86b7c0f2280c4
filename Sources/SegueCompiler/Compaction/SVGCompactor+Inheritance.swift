import SegueXML

/// Shared presentation attributes said once: a value that several children of a group set moves
/// to the group, and the few children that relied on inheriting another value say it (svgo's
/// `moveElemsAttrsToGroup`, which needs every child to agree; this asks only that it saves bytes).
extension SVGCompactor {
    /// The inherited presentation attributes Segue writes, with their initial values where an
    /// element can state them (an unknown initial value means: never leave it to the default).
    static let inheritedAttributes: [(name: String, initial: String?)] = [
        ("fill", "#000"), ("fill-opacity", "1"), ("font-family", nil), ("font-size", nil),
        ("font-weight", "400"), ("text-anchor", "start"),
    ]

    /// The attributes that change only how text is drawn.
    static let textAttributes: Set<String> = ["font-family", "font-size", "font-weight", "text-anchor"]

    /// Elements painted with `fill`.
    static let filledElements: Set<String> = ["rect", "circle", "ellipse", "polygon", "polyline", "path", "text"]

    /// Hoists shared attributes in every group inside `element`, innermost first, so a value can
    /// travel up several levels.
    static func hoistSharedAttributes(in element: XMLElement) {
        element.forEachChild(hoistSharedAttributes(in:))
        guard element.isNamed("g") else { return }
        // Hoisting changes attributes only: the group's members, and what it animates itself,
        // are the same for every attribute.
        // What the group animates: a name or two, looked through rather than hashed.
        var members: [XMLElement] = [], animated: [String] = []
        for child in element.children {
            if isAnimation(child) {
                if let name = child.attribute("attributeName") { animated.append(name) }
            } else {
                members.append(child)
            }
        }
        // A value the group animates itself would reach the children: theirs stay their own.
        for attribute in inheritedAttributes where !animated.contains(attribute.name) {
            hoist(attribute.name, initial: attribute.initial, into: element, members: members)
        }
    }

    /// Moves the children's most common value of `name` to `group` when the bytes saved outweigh
    /// the bytes added: the group's own attribute, and the value the group passed on before,
    /// written on each child that inherited it and draws with it. `members`: the group's
    /// children but its animations.
    private static func hoist(_ name: String, initial: String?, into group: XMLElement, members: [XMLElement]) {
        let movable = members.filter { $0.has(name) && !isPinned($0, name) }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for member in movable {
            let value = member.attribute(name) ?? ""
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        let written = { (value: String) in writtenBytes(name, value) }
        guard let value = order.max(by: { counts[$0]! * written($0) < counts[$1]! * written($1) }) else { return }
        let current = group.attribute(name)
        let saved = counts[value]! * written(value)
        if current == value {
            movable.filter { $0.attribute(name) == value }.forEach { $0.removeAttribute(name) }
            return
        }
        let heirs = members.filter { !$0.has(name) && drawsWithInherited(name, $0) }
        let passedOn = current ?? inheritedValue(of: name, above: group, initial: initial)
        if !heirs.isEmpty && passedOn == nil { return }
        let added = (current.map { value.utf8.count - $0.utf8.count } ?? written(value))
            + heirs.count * (passedOn.map(written) ?? 0)
        guard saved > added else { return }
        for heir in heirs { heir.set(name, passedOn!) }
        movable.filter { $0.attribute(name) == value }.forEach { $0.removeAttribute(name) }
        group.set(name, value)
    }

    /// True when the element's own `name` must stay: something animates it, or it has an id (a
    /// style rule may animate it).
    static func isPinned(_ element: XMLElement, _ name: String) -> Bool {
        element.has("id") || animates(element, name)
    }

    /// True when one of the element's own animations animates `name`.
    static func animates(_ element: XMLElement, _ name: String) -> Bool {
        element.containsChild { isAnimation($0) && $0.attribute("attributeName") == name }
    }

    /// The bytes of ` name="value"`.
    static func writtenBytes(_ name: String, _ value: String) -> Int {
        name.utf8.count + value.utf8.count + 4
    }

    /// True when the element, not setting `name`, draws something with the value it inherits.
    static func drawsWithInherited(_ name: String, _ element: XMLElement) -> Bool {
        if element.has(name) { return false }
        switch element.name {
        case "text": return true
        case "use": return true  // the referenced content inherits through the use
        case "g", "a", "switch": return element.containsChild { drawsWithInherited(name, $0) }
        default: return !textAttributes.contains(name) && filledElements.contains(element.name)
        }
    }

    /// The value of `name` that `element` inherits: an ancestor's, or the initial value. Unknown
    /// (nil) inside `<defs>`, whose content inherits from each `<use>` that shows it.
    static func inheritedValue(of name: String, above element: XMLElement, initial: String?) -> String? {
        var ancestor = element.parent
        while let current = ancestor {
            if current.name == "defs" { return nil }
            if let value = current.attribute(name) { return value }
            ancestor = current.parent
        }
        return initial
    }
}
