import Segue

/// A simple, good-looking app screen drawn with layers: a status bar, a navigation bar or large
/// title, content rows or a hero card, and the round button the seed articles tap.
public struct MockScreen: Sendable {
    public enum Kind: Sendable { case list, detail }

    /// A round button drawn on the screen.
    public struct Button: Sendable {
        public var frame: Rect
        public var color: Color
        public var symbol: String

        /// The same button on both screens, as in the articles' demos.
        public init(frame: Rect, color: Color = Color(rgb: 0xFF6A3D), symbol: String = "+") {
            self.frame = frame
            self.color = color
            self.symbol = symbol
        }
    }

    public var kind: Kind
    public var size: Size
    public var title: String
    public var accent: Color
    public var button: Button?

    public init(kind: Kind, size: Size, title: String, accent: Color, button: Button?) {
        self.kind = kind
        self.size = size
        self.title = title
        self.accent = accent
        self.button = button
    }

    static let ink = Color(rgb: 0x1C1C1E)
    static let secondaryInk = Color(rgb: 0x8E8E93)
    static let separator = Color(rgb: 0xD1D1D6)
    static let bar = Color(rgb: 0xF7F7F8)

    /// Adds the screen's layers to `screen` (which should fill the stage).
    public func draw(into screen: Layer) {
        let w = size.width
        screen.backgroundColor = kind == .list ? .white : Color(rgb: 0xFFF8EC)
        // Status bar and navigation bar.
        let bar = Layer(name: nil, frame: Rect(x: 0, y: 0, width: w, height: 64))
        // A detail screen's bar is the screen's own colour: the screen's background shows through.
        if kind == .list { bar.backgroundColor = Self.bar }
        screen.addSublayer(bar)
        bar.addSublayer(label("9:41", Rect(x: 0, y: 0, width: w, height: 20), size: 12, weight: .semibold,
                              color: Self.ink, alignment: .center))
        bar.addSublayer(label(title, Rect(x: 70, y: 20, width: max(w - 140, 0), height: 44), size: 17, weight: .semibold,
                              color: Self.ink, alignment: .center))
        screen.addSublayer(Layer(frame: Rect(x: 0, y: 64, width: w, height: 0.5)).filled(Self.separator))
        if kind == .list {
            drawRows(into: screen)
        } else {
            bar.addSublayer(label("‹ Back", Rect(x: 8, y: 20, width: 70, height: 44), size: 17, weight: .regular,
                                  color: accent, alignment: .left))
            drawDetail(into: screen)
        }
        if let button { drawButton(button, into: screen) }
    }

    /// The rows' thumbnails, then their titles, subtitles and separators: rows do not overlap, so
    /// the order draws the same, and each kind's shared style can be said once (`SVGCompactor`).
    private func drawRows(into screen: Layer) {
        // Widths that a narrow screen would make negative draw nothing.
        let w = size.width, textWidth = max(w - 92, 0)
        let names = ["Arrival", "Interstellar", "Her", "Inception", "Gravity", "Moon", "Solaris", "Contact", "Sunshine", "Dune"]
        let tints: [UInt32] = [0x4A90D9, 0xF5A623, 0x7ED321, 0xBD10E0, 0x50E3C2, 0xD0021B, 0x9013FE, 0x417505, 0xF8E71C, 0x8B572A]
        let rows = (size.height - 64) / 72
        guard rows >= 1 else { return }  // also a NaN height
        let count = rows < Double(names.count) ? Int(rows) : names.count
        let tops = (0..<count).map { 64 + 72 * Double($0) }
        for (index, y) in tops.enumerated() {
            let thumb = Layer(frame: Rect(x: 16, y: y + 12, width: 48, height: 48)).filled(Color(rgb: tints[index]).withAlpha(0.85))
            thumb.cornerRadius = 8
            screen.addSublayer(thumb)
        }
        for (index, y) in tops.enumerated() {
            screen.addSublayer(label(names[index], Rect(x: 76, y: y + 12, width: textWidth, height: 24), size: 16,
                                     weight: .semibold, color: Self.ink, alignment: .left))
        }
        for (index, y) in tops.enumerated() {
            screen.addSublayer(label("Now showing · \(2 + index) cinemas", Rect(x: 76, y: y + 36, width: textWidth, height: 20),
                                     size: 13, weight: .regular, color: Self.secondaryInk, alignment: .left))
        }
        for y in tops {
            screen.addSublayer(Layer(frame: Rect(x: 76, y: y + 71.5, width: max(w - 76, 0), height: 0.5)).filled(Self.separator))
        }
    }

    private func drawDetail(into screen: Layer) {
        // Sizes that a narrow screen would make negative draw nothing.
        let w = size.width, h = size.height, inner = max(w - 32, 0)
        let hero = Layer(frame: Rect(x: 16, y: 80, width: inner, height: min(220, h * 0.33))).filled(accent.withAlpha(0.9))
        hero.cornerRadius = 14
        screen.addSublayer(hero)
        screen.addSublayer(label("▶", hero.frame, size: 44, weight: .regular, color: .white, alignment: .center))
        var y = hero.frame.maxY + 16
        screen.addSublayer(label(title, Rect(x: 16, y: y, width: inner, height: 32), size: 24, weight: .bold,
                                 color: Self.ink, alignment: .left))
        y += 40
        for (index, fraction) in [0.92, 0.86, 0.9, 0.6].enumerated() where y + 14 < h {
            let line = Layer(frame: Rect(x: 16, y: y, width: inner * fraction, height: 10)).filled(Color(rgb: 0xE5E0D8))
            line.cornerRadius = 5
            screen.addSublayer(line)
            y += index == 3 ? 28 : 20
        }
        let cta = Layer(frame: Rect(x: 16, y: min(y + 8, h - 64), width: inner, height: 48)).filled(accent)
        cta.cornerRadius = 12
        screen.addSublayer(cta)
        screen.addSublayer(label("Buy tickets", cta.frame, size: 17, weight: .semibold, color: .white, alignment: .center))
    }

    private func drawButton(_ button: Button, into screen: Layer) {
        let circle = Layer(frame: button.frame).filled(button.color)
        circle.cornerRadius = min(button.frame.width, button.frame.height) / 2
        screen.addSublayer(circle)
        // A button with no height has no symbol to show.
        guard button.frame.height > 0 else { return }
        screen.addSublayer(label(button.symbol, button.frame, size: button.frame.height * 0.6, weight: .medium,
                                 color: .white, alignment: .center))
    }

    private func label(_ text: String, _ frame: Rect, size: Double, weight: Text.Weight, color: Color,
                       alignment: Text.Alignment) -> Layer {
        Layer(frame: frame, contents: .text(Text(text, fontSize: size, weight: weight, color: color, alignment: alignment)))
    }
}

extension Layer {
    /// Gives the layer colour contents and returns it, for compact screen drawing.
    func filled(_ color: Color) -> Layer {
        contents = .color(color)
        return self
    }
}
