import SegueXML

/// Which layer each measured element of a written SVG draws: its rectangles and polygons (a
/// layer's outline) and the elements it clips with a mask. Elements are named by their place in
/// document order, counted over every element from the root (0), so the map holds for the bytes
/// as parsed back. `SMILReplay` reads it beside the document: ids in the document would cost
/// bytes in every file for a check only Segue makes.
public struct SVGLayerMap: Sendable, Equatable {
    private var layers: [Int: String] = [:]

    public init() {}

    /// The map of a built document, from the layer of each measured element.
    init(document root: XMLElement, layers byElement: [XMLElement: String]) {
        for (index, element) in root.elementsInDocumentOrder.enumerated() {
            if let layer = byElement[element] { layers[index] = layer }
        }
    }

    /// The layer that the element at `index` in document order draws, if it is measured.
    public func layer(at index: Int) -> String? { layers[index] }

    /// True for the elements whose layer the map records.
    static func isMeasured(_ element: XMLElement) -> Bool {
        element.name == "rect" || element.name == "polygon" || element.has("clip-path")
    }
}
