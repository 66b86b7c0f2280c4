import SegueXML

/// Rewrites a built SVG in fewer bytes without changing a pixel it draws or anything it animates,
/// as svgo's `collapseGroups` and `moveElemsAttrsToGroup` would, for the documents Segue writes.
/// Each pass keeps every element's computed style and user space as they were:
///
/// - groups: a `<g>` with no attributes gives way to its children; a still `<g>` that only
///   translates shapes moves the translation into their coordinates; a `<g>` that only transforms
///   one child hands the transform to it (`SVGCompactor+Groups.swift`);
/// - inheritance: presentation attributes that children of a group share move to the group where
///   that saves bytes (`SVGCompactor+Inheritance.swift`);
/// - runs: siblings that follow one another and set the same such values get a new `<g>` that
///   sets them (`SVGCompactor+Runs.swift`);
/// - text baseline: every text's `dominant-baseline`, which SVG 1.1 and WebKit do not inherit,
///   becomes one style rule (`SVGCompactor+TextBaseline.swift`);
/// - reuse: an animated polygon drawn more than once the same (a clip and the fill it clips) is
///   defined once and shown by `<use>` (`SVGCompactor+Reuse.swift`);
/// - rectangle paths: still rectangles that paint alike, one after another and apart, become one
///   `<path>` (`SVGCompactor+RectPaths.swift`), once the passes above have said their paint.
///
/// An element with an `id` is left as it is: something refers to it (a `clip-path`, a `<use>`, a
/// rule of the CSS flavour's style sheet), and the writer gives ids to nothing else. Animation
/// elements (`animate`, `animateTransform`, `set`) stay on the element they animate.
enum SVGCompactor {
    /// Compacts the document in place; ids it adds start with `idPrefix`.
    static func compact(_ document: XMLDocument, idPrefix: String) {
        collapseGroups(in: document.root)
        hoistSharedAttributes(in: document.root)
        groupRuns(in: document.root)
        centreTextsByRule(in: document.root)
        reuseRepeatedShapes(in: document, idPrefix: idPrefix)
        mergeRectangles(in: document.root)
    }

    /// SMIL's animation elements, which act on their parent.
    private static let animationElements = ["animate", "animateTransform", "animateMotion", "set"]

    /// True when the element is one of SMIL's animation elements (its name compared in place:
    /// compaction asks this of nearly every element, several times).
    static func isAnimation(_ element: XMLElement) -> Bool {
        animationElements.contains { element.isNamed($0) }
    }

    /// True when the element animates itself: one of its children is an animation element.
    static func isAnimated(_ element: XMLElement) -> Bool {
        element.containsChild(where: isAnimation)
    }

    /// True when nothing in the element (itself included) animates or is referred to by id.
    static func isStill(_ element: XMLElement) -> Bool {
        element.allElements { !isAnimation($0) && !$0.has("id") }
    }
}
