import SegueXML

/// Shared presentation attributes said once per run: siblings that follow one another and set the
/// same values (a list's titles, all semibold; its separators, all one grey) are put in a new
/// `<g>` that sets them, where that saves bytes. Hoisting (`SVGCompactor+Inheritance.swift`)
/// moves a value to a group that exists; this makes the group, for the values a group's other
/// children do not share.
///
/// Each member sets the values itself before, so what it inherits from the new group is what it
/// drew with; the group has no transform and no clip, so nothing else changes.
extension SVGCompactor {
    /// The elements a `<g>` may hold in SVG 1.1 that draw with inherited attributes.
    private static let groupableElements: Set<String> = [
        "g", "rect", "circle", "ellipse", "line", "polygon", "polyline", "path", "text", "use", "image",
    ]

    /// Groups runs of like siblings in every group inside `element` (and in the element itself),
    /// innermost first.
    static func groupRuns(in element: XMLElement) {
        element.forEachChild(groupRuns(in:))
        if element.isNamed("g") || element.isNamed("svg") { groupRunsAmongChildren(of: element) }
    }

    /// Groups runs among `group`'s own children, then among the members of each new group, which
    /// may share more values in shorter runs. What lies deeper is done already.
    private static func groupRunsAmongChildren(of group: XMLElement) {
        let children = group.children
        // A run takes two siblings at least.
        guard children.count > 1 else { return }
        let values = children.map(movableValues)
        var start = 0
        while start < children.count {
            guard let run = bestRun(from: start, values: values) else {
                start += 1
                continue
            }
            let members = Array(children[start...run.last])
            let wrapper = group.wrap(members, in: "g")
            for (name, value) in run.shared {
                members.forEach { $0.removeAttribute(name) }
                wrapper.set(name, value)
            }
            groupRunsAmongChildren(of: wrapper)
            start = run.last + 1
        }
    }

    /// The run starting at `start` whose shared values save the most bytes, if one saves any: the
    /// index of its last member, and the values its members share. `values` holds each sibling's
    /// movable values.
    private static func bestRun(from start: Int, values: [[(String, String)]]) -> (last: Int, shared: [(String, String)])? {
        var shared = values[start]
        var best: (last: Int, shared: [(String, String)], saved: Int)?
        var last = start + 1
        while last < values.count, !shared.isEmpty {
            let next = values[last]
            shared = shared.filter { pair in next.contains { $0 == pair } }
            // Each member past the first saves the values; the group costs `<g>`, `</g>` and the
            // values once.
            let saved = (last - start) * shared.map { writtenBytes($0.0, $0.1) }.reduce(0, +) - 7
            if saved > (best?.saved ?? 0) { best = (last, shared, saved) }
            last += 1
        }
        return best.map { ($0.last, $0.shared) }
    }

    /// The inherited values `element` sets itself and could take from a group instead (not
    /// pinned: nothing animates them or refers to the element).
    private static func movableValues(_ element: XMLElement) -> [(String, String)] {
        // Animations first, told without making a string of their long names.
        guard !isAnimation(element), groupableElements.contains(element.name) else { return [] }
        return inheritedAttributes.compactMap { attribute in
            guard let value = element.attribute(attribute.name), !isPinned(element, attribute.name) else { return nil }
            return (attribute.name, value)
        }
    }
}
