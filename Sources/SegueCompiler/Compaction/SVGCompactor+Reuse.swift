import SegueXML

/// svgo's `reusePaths`, for the animated outlines Segue writes: a polygon drawn more than once
/// with the same points and the same animation (a page's clip and its paper, a shade lying on the
/// page) is written once in `<defs>`, bare, and each place that drew it shows it by a `<use>`
/// carrying that place's own attributes (its fill), which the copy inherits. A `<clipPath>` may
/// hold a `<use>` of a shape in SVG 1.1.
///
/// Each drawing element stays the node it was, renamed to `use`, so what refers to it (the layer
/// map the replay reads) still does.
extension SVGCompactor {
    /// Shows repeated animated polygons by `<use>`, where that saves bytes. New ids start with
    /// `idPrefix` and are unique in the document.
    static func reuseRepeatedShapes(in document: XMLDocument, idPrefix: String) {
        let root = document.root
        let elements = root.elementsInDocumentOrder
        // Polygons grouped by their points first: only those whose points another's repeat can
        // be the same drawing, and only theirs need the whole key (their animations' values run
        // to kilobytes).
        var byPoints: [String: [Int]] = [:]
        for (index, element) in elements.enumerated() where element.isNamed("polygon") && !element.has("id") {
            guard let points = element.attribute("points") else { continue }
            byPoints[points, default: []].append(index)
        }
        var groups: [String: [XMLElement]] = [:]
        var firsts: [(index: Int, key: String)] = []
        for indices in byPoints.values where indices.count > 1 {
            for index in indices {
                guard let key = reuseKey(elements[index]) else { continue }
                if groups[key] == nil { firsts.append((index, key)) }
                groups[key, default: []].append(elements[index])
            }
        }
        // In document order, as each first appears.
        let order = firsts.sorted { $0.index < $1.index }.map(\.key)
        guard order.contains(where: { (groups[$0]?.count ?? 0) > 1 }) else { return }
        var ids = Set(elements.compactMap { $0.attribute("id") })
        var counter = 0
        func newID() -> String {
            repeat { counter += 1 } while ids.contains(idPrefix + "shape-\(counter)")
            let id = idPrefix + "shape-\(counter)"
            ids.insert(id)
            return id
        }
        for key in order {
            guard let copies = groups[key], copies.count > 1, let first = copies.first,
                  let points = first.attribute("points") else { continue }
            // Each copy would become `<use xlink:href="#id"/>` (about 24 bytes and the id), and
            // one bare copy joins the definitions.
            let useBytes = 24 + idPrefix.count + 8
            guard (copies.count - 1) * key.count > copies.count * useBytes + useBytes else { continue }
            guard let defs = root.children.first(where: { $0.name == "defs" }) else { return }
            let id = newID()
            let shape = defs.addChild("polygon").set("id", id).set("points", points)
            first.moveChildren(to: shape)
            let xlink = document.namespace(prefix: "xlink", uri: SVGWriter.xlinkNamespace)
            for copy in copies {
                copy.children.forEach { $0.remove() }
                copy.removeAttribute("points")
                copy.rename("use")
                copy.set("href", "#" + id, namespace: xlink)
            }
        }
    }

    /// What makes two polygons the same drawing: their points and their animations, attribute by
    /// attribute; nil for a polygon that does not animate (a still one is too short to gain) or
    /// whose animations something may refer to.
    private static func reuseKey(_ polygon: XMLElement) -> String? {
        let children = polygon.children
        // An animation with an id may be the start of another's: it stays where it is.
        guard !children.isEmpty, children.allSatisfy({ $0.name == "animate" && $0.children.isEmpty && !$0.has("id") }),
              let points = polygon.attribute("points") else { return nil }
        return ([points] + children.map { $0.attributes.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }).joined(separator: "\n")
    }
}
