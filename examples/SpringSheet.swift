// A sheet springs up from the bottom edge and settles with a little overshoot, as with UIKit's
// animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:), while the screen
// behind dims.
//
//     segue export examples/SpringSheet.swift -o examples/SpringSheet.svg --loop
import Segue

let stage = Size.iPhone
let sheetTop = 120.0

Transition("spring-sheet", duration: 0.8, description: "A sheet springs up from the bottom while the screen behind dims.") { t in
    t.from.backgroundColor = Color(rgb: 0xEEF2F7)
    t.from.addSublayer(Layer(frame: Rect(x: 20, y: 40, width: 300, height: 36),
                             contents: .text(Text("Inbox", fontSize: 30, weight: .bold))))
    for row in 0..<7 {
        let line = Layer(frame: Rect(x: 20, y: 100 + Double(row) * 64, width: stage.width - 40, height: 52), contents: .color(.white))
        line.cornerRadius = 10
        t.from.addSublayer(line)
    }

    let dim = Layer(name: "dim", frame: Rect(size: stage), contents: .color(.black))
    dim.opacity = 0
    t.container.insertSublayer(dim, at: 1)

    // The sheet: the to screen, with rounded top corners, starting just below the screen.
    t.to.backgroundColor = .white
    t.to.cornerRadius = 16
    t.to.addSublayer(Layer(frame: Rect(x: stage.width / 2 - 20, y: 8, width: 40, height: 5), contents: .color(Color(white: 0.8))))
    t.to.addSublayer(Layer(frame: Rect(x: 20, y: 30, width: 300, height: 30),
                           contents: .text(Text("New message", fontSize: 22, weight: .semibold))))
    t.to.position = Point(x: stage.width / 2, y: stage.height * 1.5)

    t.animate(duration: 0.3, curve: .linear) { dim.opacity = 0.4 }
    t.animate(usingSpringWithDamping: 0.62, initialSpringVelocity: 0.4) {
        t.to.position = Point(x: stage.width / 2, y: stage.height / 2 + sheetTop)
    }
}
