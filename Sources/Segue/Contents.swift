/// What a layer draws inside its bounds, above its `backgroundColor` and below its sublayers
/// (Core Animation's `contents`, plus the drawing of `CATextLayer` and snapshot views).
public enum Contents: Hashable, Codable, Sendable {
    /// A flat colour filling the bounds (with the layer's `cornerRadius`).
    case color(Color)
    /// An embedded bitmap (PNG or JPEG), placed by its gravity. SVG: `<image>` with a data URI.
    case image(Image)
    /// A line of text, like a `CATextLayer` or a `UILabel`. SVG: `<text>`.
    case text(Text)
    /// A picture of a region of the from or to screen, like `resizableSnapshotView(from:)`,
    /// taken at the start of the transition and stretched to the layer's bounds.
    case snapshot(Snapshot)
    /// An axial colour gradient across the bounds, like a `CAGradientLayer` (page shadows).
    /// SVG: a `linearGradient`; CSS: `linear-gradient()`.
    case gradient(Gradient)
}

/// An axial gradient, as `CAGradientLayer` draws it: colours at locations along the line from
/// `startPoint` to `endPoint` (unit coordinates of the bounds), constant across it.
public struct Gradient: Hashable, Codable, Sendable {
    public var colors: [Color]
    /// Where each colour sits along the line, 0...1; nil spreads them evenly.
    public var locations: [Double]?
    /// Unit coordinates; `CAGradientLayer`'s default runs from top (0.5, 0) to bottom (0.5, 1).
    public var startPoint: Point
    public var endPoint: Point

    public init(colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Each colour with its location (evenly spread when none were given).
    public var stops: [(location: Double, color: Color)] {
        let count = colors.count
        return colors.enumerated().map { index, color in
            let location = locations.flatMap { index < $0.count ? $0[index] : nil }
                ?? (count > 1 ? Double(index) / Double(count - 1) : 0)
            return (location, color)
        }
    }
}

/// How contents fit the bounds, like `CALayerContentsGravity` / `UIView.ContentMode`.
public enum ContentsGravity: String, Hashable, Codable, Sendable {
    /// Stretch to fill (`.resize`, `scaleToFill`).
    case resize
    /// Fit inside, keeping the aspect ratio (`.resizeAspect`, `scaleAspectFit`).
    case resizeAspect
    /// Fill, keeping the aspect ratio and cropping (`.resizeAspectFill`, `scaleAspectFill`).
    case resizeAspectFill
}

/// An embedded bitmap: its bytes travel inside the output (no external references).
public struct Image: Hashable, Codable, Sendable {
    /// The file's bytes (PNG or JPEG).
    public var data: Data
    /// `image/png` or `image/jpeg`.
    public var mimeType: String
    /// The bitmap's size in pixels.
    public var pixelSize: Size
    public var gravity: ContentsGravity

    public init(data: Data, mimeType: String, pixelSize: Size, gravity: ContentsGravity = .resizeAspectFill) {
        self.data = data
        self.mimeType = mimeType
        self.pixelSize = pixelSize
        self.gravity = gravity
    }

    /// Reads a PNG or JPEG. Relative paths resolve against the current directory, which is the
    /// transition file's folder when Segue runs it.
    public init(contentsOf path: String, gravity: ContentsGravity = .resizeAspectFill) throws(ImageError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
        guard let (mime, size) = ImageHeader.sniff(data) else { throw .unsupported(path) }
        self.init(data: data, mimeType: mime, pixelSize: size, gravity: gravity)
    }
}

/// Why an image could not be used.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case unsupported(String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read image '\(path)'; check the path (relative paths start at the transition file's folder)"
        case .unsupported(let path): "'\(path)' is not a PNG or JPEG image; convert it to one of those"
        }
    }
}

/// A line of text drawn in the layer's bounds, vertically centred.
public struct Text: Hashable, Codable, Sendable {
    public enum Alignment: String, Hashable, Codable, Sendable { case left, center, right }
    public enum Weight: String, Hashable, Codable, Sendable { case regular, medium, semibold, bold }

    public var string: String
    public var fontSize: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment

    public init(_ string: String, fontSize: Double = 17, weight: Weight = .regular,
                color: Color = .black, alignment: Alignment = .left) {
        self.string = string
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
        self.alignment = alignment
    }
}

/// Which screen of the transition a snapshot pictures.
public enum ScreenID: String, Hashable, Codable, Sendable {
    case from, to
}

/// A picture of `rect` (in the screen's coordinates; nil for the whole screen) of a screen.
public struct Snapshot: Hashable, Codable, Sendable {
    public var screen: ScreenID
    public var rect: Rect?

    public init(screen: ScreenID, rect: Rect? = nil) {
        self.screen = screen
        self.rect = rect
    }
}
