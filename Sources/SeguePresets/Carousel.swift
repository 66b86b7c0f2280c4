import Segue

/// Article 001's `BooksLayout`: covers 362×568 pt in a horizontal row, 10 pt apart, the content
/// inset centring the first cover; each cover scaled by `0.7·min(max(1 − d/w, 0.75), 1)` where d
/// is its distance from the centre.
public struct Carousel: Sendable {
    public static let spacing = 10.0
    public var stage: Size
    public var books: Int
    public var design: BookDesign

    public init(stage: Size, books: Int, design: BookDesign) {
        self.stage = stage
        self.books = books
        self.design = design
    }

    /// `itemSize.width + minimumLineSpacing`.
    public static var step: Double { BookLayout.pageSize.width + spacing }

    /// The content inset on the left: `bounds.width / 2 − PageWidth / 2`.
    public var inset: Double { stage.width / 2 - BookLayout.pageSize.width / 2 }

    /// The cover's scale at a content offset (points).
    public func scale(of index: Int, offset: Double) -> Double {
        let distance = abs(offset + inset - Double(index) * Self.step)
        return 0.7 * min(max(1 - distance / stage.width, 0.75), 1)
    }

    /// The cover's centre on screen at a content offset (cell i starts at content x = i·step, and
    /// content x − offset is screen x).
    public func center(of index: Int, offset: Double) -> Point {
        Point(x: Double(index) * Self.step - offset + BookLayout.pageSize.width / 2, y: stage.height / 2)
    }

    /// The offset that centres cover `index`.
    public func offset(centering index: Int) -> Double { Double(index) * Self.step - inset }

    /// Draws the covers on a shelf-coloured screen, scrolled so `selected` is centred.
    @discardableResult
    public func draw(into screen: Layer, selected: Int) -> [Layer] {
        screen.backgroundColor = BookDesign.shelf
        let offset = offset(centering: selected)
        return (0..<books).map { index in
            let cover = Layer(name: "cover-\(index)")
            cover.bounds = Rect(size: BookLayout.pageSize)
            cover.position = center(of: index, offset: offset)
            cover.transform = Transform3D(scale: scale(of: index, offset: offset))
            design.dressCover(cover, book: index)
            screen.addSublayer(cover)
            return cover
        }
    }
}
