// A hand of cards fans out from the deck, one card after another: a loop works out each card's
// angle, and every card turns about the same pivot below the hand (its anchor point).
//
//     segue export examples/CardFan.swift -o examples/CardFan.svg --loop
import Segue

let cardCount = 7
/// The angle between the outermost cards.
let spread = 72.0 * .pi / 180
let card = Size(width: 110, height: 160)
/// Where the cards turn: below the middle of the screen.
let pivot = Point(x: Size.iPhone.width / 2, y: 560)
let suits = ["♠", "♥", "♦", "♣"]
let felt = Color(rgb: 0x1E6B45)

/// Card `index`'s angle: evenly spread across the fan, the middle card upright.
func angle(of index: Int) -> Double {
    spread * (Double(index) / Double(cardCount - 1) - 0.5)
}

/// A card face: white, rounded, with its suit in the corner and in the middle.
func makeCard(_ index: Int) -> Layer {
    let face = Layer(name: "card-\(index)", frame: Rect(origin: .zero, size: card), contents: .color(.white))
    face.cornerRadius = 10
    let suit = suits[index % suits.count]
    let tint = suit == "♥" || suit == "♦" ? Color(rgb: 0xC62828) : Color(rgb: 0x212121)
    face.addSublayer(Layer(frame: Rect(x: 10, y: 8, width: 30, height: 24),
                           contents: .text(Text(suit, fontSize: 20, color: tint))))
    face.addSublayer(Layer(frame: Rect(x: 0, y: 50, width: card.width, height: 60),
                           contents: .text(Text(suit, fontSize: 48, color: tint, alignment: .center))))
    return face
}

Transition("card-fan", duration: 0.9, description: "Seven cards fan out from the deck, one after another.") { t in
    t.from.backgroundColor = felt
    t.from.addSublayer(Layer(frame: Rect(x: 20, y: 30, width: 300, height: 30),
                             contents: .text(Text("Table", fontSize: 24, weight: .bold, color: .white))))
    t.to.backgroundColor = felt
    t.to.addSublayer(Layer(frame: Rect(x: 20, y: 30, width: 300, height: 30),
                           contents: .text(Text("Your hand", fontSize: 24, weight: .bold, color: .white))))
    t.to.opacity = 0
    t.animate(duration: 0.2) { t.to.opacity = 1 }

    for index in 0..<cardCount {
        let layer = makeCard(index)
        // The anchor point sits on the pivot, below the card, so a rotation swings the card out.
        layer.anchorPoint = Point(x: 0.5, y: (pivot.y - 300) / card.height)
        layer.position = pivot
        layer.zPosition = Double(index)
        t.add(layer)
        t.animate(duration: 0.5, delay: 0.06 * Double(index), curve: .easeOut) {
            layer.transform = Transform3D(rotationAngle: angle(of: index))
        }
    }
}
