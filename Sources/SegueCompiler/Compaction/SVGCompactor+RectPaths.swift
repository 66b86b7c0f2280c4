import Segue
import SegueXML

/// Plain rectangles that paint alike, drawn one after another, become one `<path>` of rectangles
/// (svgo's `convertShapeToPath` and `mergePaths`, for the rectangles Segue writes): a mock list's
/// eight separators are `M76 135.5h299v.5H76zm0 72h299v.5H76z…` instead of eight `<rect>`s.
///
/// Only what draws the same pixels is merged. A rectangle joins a run when it is square-cornered,
/// untransformed, unstroked, still and referred to by nothing (no `id`, no children, no clip,
/// mask or filter), and paints exactly as the run's others do (the same attributes but for its
/// `x`, `y`, `width` and `height`). Each rectangle lies at least `clearance` user units from every
/// other of its run: a pixel touched by two shapes drawn apart blends their antialiased edges
/// twice, and by one path once, so no pixel may be touched by two of them at any scale down to
/// one half. Rectangles inside a `<clipPath>` are left as they are.
extension SVGCompactor {
    /// How far apart, in user units, the rectangles of one path lie at least: one device pixel at
    /// half scale (a README picture at half its width).
    static let clearance = 2.0

    /// The attributes a merged rectangle may carry besides its place and size: its paint.
    private static let paintAttributes: Set<String> = ["fill", "fill-opacity", "opacity"]

    /// Merges runs of like rectangles into paths everywhere inside `element`. A group left holding
    /// only the path hands its own values to it (the run it held was the whole group).
    static func mergeRectangles(in element: XMLElement) {
        guard !element.isNamed("clipPath") else { return }
        element.forEachChild(mergeRectangles(in:))
        mergeRuns(among: element)
        if element.isNamed("g"), element.childElementCount == 1, let only = element.children.first, only.isNamed("path") {
            handValues(of: element, to: only)
        }
    }

    /// Merges each run of two or more like rectangles among `parent`'s children.
    private static func mergeRuns(among parent: XMLElement) {
        var run: [(element: XMLElement, rect: Rect)] = [], paint: [String: String] = [:]
        func flush() {
            if run.count > 1 { merge(run) }
            run = []
        }
        for child in parent.children {
            guard let (rect, childPaint) = mergeable(child) else {
                flush()
                continue
            }
            if childPaint != paint || !run.allSatisfy({ isClear($0.rect, of: rect) }) {
                flush()
                paint = childPaint
            }
            run.append((child, rect))
        }
        flush()
    }

    /// The rectangle and paint of a `<rect>` that may join a path, or nil.
    private static func mergeable(_ element: XMLElement) -> (Rect, [String: String])? {
        guard element.isNamed("rect"), element.childElementCount == 0 else { return nil }
        var paint: [String: String] = [:]
        var place: [String: Double] = [:]
        for attribute in element.attributes {
            switch attribute.name {
            case "x", "y", "width", "height":
                guard let value = Double(attribute.value), value.isFinite else { return nil }
                place[attribute.name] = value
            case let name where paintAttributes.contains(name):
                paint[name] = attribute.value
            default:
                return nil
            }
        }
        let rect = Rect(x: place["x"] ?? 0, y: place["y"] ?? 0, width: place["width"] ?? 0, height: place["height"] ?? 0)
        guard rect.width > 0, rect.height > 0 else { return nil }
        return (rect, paint)
    }

    /// True when `a` and `b` lie at least `clearance` apart, across or along.
    private static func isClear(_ a: Rect, of b: Rect) -> Bool {
        b.minX - a.maxX >= clearance || a.minX - b.maxX >= clearance
            || b.minY - a.maxY >= clearance || a.minY - b.maxY >= clearance
    }

    /// Turns the first rectangle of the run into the path of them all, in place (it keeps its
    /// identity and paint), and takes the others out.
    private static func merge(_ run: [(element: XMLElement, rect: Rect)]) {
        var data = PathData()
        var previous: Rect?
        for r in run.map(\.rect) {
            // After `z` the pen is back at the subpath's start: the next moves relative to it.
            if let p = previous { data.command("m", r.minX - p.minX, r.minY - p.minY) } else { data.command("M", r.minX, r.minY) }
            data.command("h", r.width)
            data.command("v", r.height)
            // Back to the left edge: absolute or relative, whichever is shorter to write.
            if PathData.spell(r.minX).count <= PathData.spell(-r.width).count { data.command("H", r.minX) } else { data.command("h", -r.width) }
            data.command("z")
            previous = r
        }
        let first = run[0].element
        for name in ["x", "y", "width", "height"] { first.removeAttribute(name) }
        first.rename("path")
        first.set("d", data.text)
        run.dropFirst().forEach { $0.element.remove() }
    }

    /// Moves a group's inherited values onto its only child, which sets none of its own, and the
    /// group gives way: `<g fill="#ccc"><path d="…"/></g>` is `<path fill="#ccc" d="…"/>`.
    private static func handValues(of group: XMLElement, to child: XMLElement) {
        let inherited = Set(inheritedAttributes.map(\.name))
        let attributes = group.attributes
        guard !attributes.isEmpty, attributes.allSatisfy({ inherited.contains($0.name) && !child.has($0.name) }) else { return }
        for attribute in attributes { child.set(attribute.name, attribute.value) }
        group.unwrap()
    }
}

/// SVG path data written short: numbers without trailing zeros or a zero before the point, to
/// six decimals (what the rectangles' own attributes said, without the noise of subtracting
/// them), and no separator where the grammar needs none (before a command letter, a minus sign,
/// or a point after a number that has one).
struct PathData {
    private(set) var text = ""
    private var lastNumber: String?

    static func spell(_ value: Double) -> String { SVGFormat.number(value, decimals: 6) }

    mutating func command(_ letter: Character, _ numbers: Double...) {
        text.append(letter)
        lastNumber = nil
        for value in numbers {
            let spelled = Self.spell(value)
            if let last = lastNumber, !(spelled.hasPrefix("-") || spelled.hasPrefix(".") && last.contains(".")) {
                text.append(" ")
            }
            text.append(spelled)
            lastNumber = spelled
        }
    }
}
