import SegueXML

/// Which layer each measured element of a written SVG draws: its rectangles and polygons (a
/// layer's outline) and the elements it clips with a mask. Elements are named by their place in
/// document order, counted over every element from the root (0), so the map holds for the bytes
/// as parsed back. `SMILReplay` reads it beside the document: ids in the document would cost
/// bytes in every file for a check only Segue makes.
public struct SVGLayerMap: Sendable, Equatable {
    private var layers: [Int: String] = [:]

    public init() {}

    /// Tags each measured element of a built document with its layer (`XMLElement.tag`), so that
    /// the map can be read once the document is rewritten (`SVGCompactor`): a tag stays with its
    /// element wherever it moves and is gone with it, and an element made meanwhile has none.
    /// Returns the layers, by tag.
    static func tag(_ byElement: [XMLElement: String]) -> [String] {
        var layers: [String] = []
        for (element, layer) in byElement {
            element.setTag(layers.count)
            layers.append(layer)
        }
        return layers
    }

    /// The map of a document whose measured elements were tagged (`tag`), from the layers by tag;
    /// the tags are taken off.
    init(document root: XMLElement, taggedLayers: [String]) {
        for (index, element) in root.elementsInDocumentOrder.enumerated() {
            guard let tag = element.tag else { continue }
            layers[index] = taggedLayers[tag]
            element.setTag(nil)
        }
    }

    /// The layer that the element at `index` in document order draws, if it is measured.
    public func layer(at index: Int) -> String? { layers[index] }

    /// True for the elements whose layer the map records.
    static func isMeasured(_ element: XMLElement) -> Bool {
        element.name == "rect" || element.name == "polygon" || element.has("clip-path")
    }
}
