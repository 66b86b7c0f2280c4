// Article 003's "Gewara" reveal, written from scratch without the circle-reveal preset: the
// detail screen grows out of the button in the top-right corner through a circular mask.
//
//     segue export examples/CircleReveal.swift -o examples/CircleReveal.svg --loop
import Segue

let stage = Size.iPhone
/// The button: 40 × 40 pt, 20 pt from the top and right edges.
let button = Rect(x: stage.width - 60, y: 20, width: 40, height: 40)
let ink = Color(rgb: 0x222222)
let orange = Color(rgb: 0xFFA500)

/// A line of text, like a UILabel.
func label(_ text: String, _ frame: Rect, size: Double, weight: Text.Weight = .regular, color: Color = ink) -> Layer {
    Layer(frame: frame, contents: .text(Text(text, fontSize: size, weight: weight, color: color)))
}

/// A filled, rounded rectangle.
func block(_ frame: Rect, _ color: Color, radius: Double = 6) -> Layer {
    let layer = Layer(frame: frame, contents: .color(color))
    layer.cornerRadius = radius
    return layer
}

Transition("gewara-reveal", duration: 0.5,
           description: "The detail screen grows out of the top-right button through a circular mask.") { t in
    // The list we leave: a title, six rows and the round orange button.
    t.from.backgroundColor = .white
    t.from.addSublayer(label("Movies", Rect(x: 20, y: 24, width: 200, height: 32), size: 28, weight: .bold))
    for row in 0..<6 {
        let y = 84 + Double(row) * 72
        t.from.addSublayer(block(Rect(x: 20, y: y, width: 48, height: 48), orange.withAlpha(0.3 + 0.1 * Double(row))))
        t.from.addSublayer(block(Rect(x: 84, y: y + 8, width: 180, height: 12), Color(white: 0.85)))
        t.from.addSublayer(block(Rect(x: 84, y: y + 30, width: 120, height: 10), Color(white: 0.92)))
    }
    t.from.addSublayer(block(button, orange, radius: button.width / 2))

    // The detail screen we arrive at.
    t.to.backgroundColor = orange
    t.to.addSublayer(block(Rect(x: 20, y: 90, width: stage.width - 40, height: 200), .white.withAlpha(0.35), radius: 14))
    t.to.addSublayer(label("Arrival", Rect(x: 20, y: 310, width: 300, height: 40), size: 32, weight: .bold, color: .white))

    // HWTransitionAnimator: the mask starts as the oval in the button's frame and ends as that frame
    // inset by -radius, where radius = sqrt(c.x² + (c.y − screen height)²) for the button's centre c:
    // its distance from the bottom-left corner, the farthest one. Linear, over the whole 0.5 s.
    let c = button.center
    let radius = (c.x * c.x + (c.y - t.size.height) * (c.y - t.size.height)).squareRoot()
    t.to.mask = .circle(in: button)
    t.animate(curve: .linear) {
        t.to.mask = .circle(in: button.insetBy(dx: -radius, dy: -radius))
    }
}
