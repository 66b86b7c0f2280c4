import Segue

/// A simple, good-looking app screen drawn with layers: a status bar and a navigation bar, then a
/// few poster cards (a list of films) or a hero card with its film's title, a few lines of text and
/// a button to buy tickets (the film's page), and the round button the seed articles tap.
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
        // A detail screen names its film under its hero card, not in its bar.
        if kind == .list {
            bar.addSublayer(label(title, Rect(x: 70, y: 20, width: max(w - 140, 0), height: 44), size: 17, weight: .semibold,
                                  color: Self.ink, alignment: .center))
        }
        screen.addSublayer(Layer(frame: Rect(x: 0, y: 64, width: w, height: 0.5)).filled(Self.separator))
        if kind == .list {
            drawCards(into: screen)
        } else {
            bar.addSublayer(label("‹ Back", Rect(x: 8, y: 20, width: 70, height: 44), size: 17, weight: .regular,
                                  color: accent, alignment: .left))
            drawDetail(into: screen)
        }
        if let button { drawButton(button, into: screen) }
    }

    /// A few poster cards, each with its film's title and where it shows: a screen that looks
    /// full with little drawing. The cards do not overlap, so their shapes come first and their
    /// words after, and each kind's shared style is said once (`SVGCompactor`).
    private func drawCards(into screen: Layer) {
        // Widths that a narrow screen would make negative draw nothing.
        let inner = max(size.width - 32, 0), textWidth = max(inner - 32, 0), top = 80.0, height = 168.0, gap = 16.0
        let names = ["Arrival", "Her", "Moon", "Gravity", "Solaris", "Contact", "Dune"]
        let tints: [UInt32] = [0x4A90D9, 0x8E5BD9, 0x2BA597, 0xE2574C, 0x34495E, 0x417505, 0x8B572A]
        let fits = (size.height - top + gap) / (height + gap)
        guard fits >= 1 else { return }  // also a NaN height
        let count = fits < Double(names.count) ? Int(fits) : names.count
        let tops = (0..<count).map { top + (height + gap) * Double($0) }
        for (index, y) in tops.enumerated() {
            let card = Layer(frame: Rect(x: 16, y: y, width: inner, height: height)).filled(Color(rgb: tints[index]))
            card.cornerRadius = 14
            screen.addSublayer(card)
        }
        for (index, y) in tops.enumerated() {
            screen.addSublayer(label(names[index], Rect(x: 32, y: y + height - 68, width: textWidth, height: 32), size: 24,
                                     weight: .bold, color: .white, alignment: .left))
        }
        for (index, y) in tops.enumerated() {
            screen.addSublayer(label("In \(2 + index) cinemas", Rect(x: 32, y: y + height - 36, width: textWidth, height: 20),
                                     size: 13, weight: .regular, color: .white, alignment: .left))
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
            let line = Layer(frame: Rect(x: 16, y: y, width: (inner * fraction).rounded(), height: 10)).filled(Color(rgb: 0xE5E0D8))
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
