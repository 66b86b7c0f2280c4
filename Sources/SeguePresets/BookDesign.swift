import Segue

/// How the books of the book presets look: covers with a band and a title, cream pages with a
/// page number, a shadow along the spine, the shelf behind them.
public struct BookDesign: Sendable {
    public static let shelf = Color(rgb: 0x2B2D42)
    public static let paper = Color(rgb: 0xFBF7EE)
    public static let coverColors: [UInt32] = [0xC0392B, 0x2E86AB, 0xE09F3E, 0x33673B, 0x7E5A9B, 0x3D405B, 0xB5651D]
    public static let titles = ["Paper", "Voyage", "Atlas", "Meadow", "Orbit", "Harbor", "Ember"]

    /// Whether the pages carry text (a page number), or are plain paper.
    public var pageText: Bool
    /// Flat colours only, one per page and cover, no bands and no shadows: colours identify layers
    /// in browser checks.
    public var flat: Bool

    public init(pageText: Bool = true, flat: Bool = false) {
        self.pageText = pageText
        self.flat = flat
    }

    /// A distinct flat colour for page `index` (flat mode).
    public static func flatPageColor(_ index: Int) -> Color {
        let hues: [UInt32] = [0xE6194B, 0x3CB44B, 0x4363D8, 0xF58231, 0x911EB4, 0x46F0F0, 0xF032E6, 0xBCF60C,
                              0xFABEBE, 0x008080, 0xE6BEFF, 0x9A6324, 0xFFFAC8, 0x800000, 0xAAFFC3, 0x808000]
        return Color(rgb: hues[index % hues.count])
    }

    public static func coverColor(_ book: Int) -> Color { Color(rgb: coverColors[book % coverColors.count]) }

    /// Dresses a layer of the page size as the front cover of book `book`.
    public func dressCover(_ layer: Layer, book: Int) {
        let size = BookLayout.pageSize
        layer.backgroundColor = Self.coverColor(book)
        if flat { return }
        let band = Layer(frame: Rect(x: 0, y: size.height * 0.62, width: size.width, height: 64))
        band.backgroundColor = Color(white: 1, alpha: 0.85)
        layer.addSublayer(band)
        if pageText {
            band.addSublayer(Layer(frame: Rect(x: 0, y: 0, width: size.width, height: 64),
                                   contents: .text(Text(Self.titles[book % Self.titles.count], fontSize: 34, weight: .bold,
                                                        color: Self.coverColor(book), alignment: .center))))
        }
    }

    /// Dresses page `index` (not the cover): paper, a page number, and text lines.
    public func dressPage(_ layer: Layer, index: Int) {
        let size = BookLayout.pageSize
        layer.backgroundColor = flat ? Self.flatPageColor(index) : Self.paper
        guard pageText, !flat else { return }
        let right = BookLayout.isRightPage(index)
        layer.addSublayer(Layer(frame: Rect(x: 24, y: size.height - 40, width: size.width - 48, height: 20),
                                contents: .text(Text("\(index)", fontSize: 13, color: Color(rgb: 0x8A8275),
                                                     alignment: right ? .right : .left))))
        layer.addSublayer(Layer(frame: Rect(x: 32, y: 40, width: size.width - 64, height: 36),
                                contents: .text(Text("Chapter \(index / 2 + 1)", fontSize: 24, weight: .semibold,
                                                     color: Color(rgb: 0x3A352C), alignment: .left))))
    }

    /// A shadow across the page, darkest along the spine: a `CAGradientLayer` sublayer.
    public static func shadow(for index: Int) -> Layer {
        let size = BookLayout.pageSize
        let right = BookLayout.isRightPage(index)
        let shadow = Layer(name: "page-\(index)-shadow", frame: Rect(size: size))
        shadow.contents = .gradient(Gradient(
            colors: [Color(white: 0, alpha: 0.35), Color(white: 0, alpha: 0)], locations: [0, 0.5],
            startPoint: Point(x: right ? 0 : 1, y: 0.5), endPoint: Point(x: right ? 1 : 0, y: 0.5)))
        return shadow
    }

    /// How dark a page's shadow is at a ratio: strongest upright, gone when flat.
    public static func shadowOpacity(ratio: Double) -> Double {
        1 - min(abs(ratio), 1)
    }
}
