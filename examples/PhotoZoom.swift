// A photo in a grid zooms to fill the width of the screen, as in a photo library. The picture is
// sunset.png beside this file; its bytes are embedded in the SVG, which stays self-contained.
//
//     segue export examples/PhotoZoom.swift -o examples/PhotoZoom.svg --loop
import Segue

let stage = Size.iPhone
let columns = 3
let gap = 4.0
let tile = (stage.width - gap * Double(columns + 1)) / Double(columns)
/// The grid cell the photo starts in: second row, second column.
let thumbnail = Rect(x: gap * 2 + tile, y: 100 + gap + tile, width: tile, height: tile)
/// Where it ends: the full width, at the picture's 3:2 aspect ratio, centred.
let fullWidth = Rect(x: 0, y: (stage.height - stage.width * 2 / 3) / 2, width: stage.width, height: stage.width * 2 / 3)

Transition("photo-zoom", duration: 0.45, description: "A photo grows from its place in the grid to the full width.") { t in
    t.from.backgroundColor = .white
    t.from.addSublayer(Layer(frame: Rect(x: 16, y: 40, width: 300, height: 40),
                             contents: .text(Text("Library", fontSize: 30, weight: .bold))))
    for row in 0..<4 {
        for column in 0..<columns {
            let cell = Rect(x: gap + Double(column) * (tile + gap), y: 100 + gap + Double(row) * (tile + gap), width: tile, height: tile)
            t.from.addSublayer(Layer(frame: cell, contents: .color(Color(white: 0.75 + 0.04 * Double((row + column) % 4)))))
        }
    }

    t.to.backgroundColor = .black
    t.to.opacity = 0

    let photo = Layer(name: "photo", frame: thumbnail, contents: .image("sunset.png"))
    photo.masksToBounds = true
    t.add(photo)

    t.animate(curve: .easeInEaseOut) {
        photo.frame = fullWidth
        t.to.opacity = 1
    }
}
