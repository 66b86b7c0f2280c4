// A list scrolled by its bounds origin, as a UIScrollView scrolls: its rows move up inside it,
// clipped to it (`masksToBounds`). Flat, distinct colours, so that the browser checks can tell
// the layers apart.
import Segue

Transition("scrolling-list", duration: 0.8, description: "A list scrolls its rows up by 150 points.") { t in
    t.from.backgroundColor = Color(rgb: 0x2E9E4F)
    t.to.isHidden = true
    let list = Layer(name: "list", frame: Rect(x: 60, y: 160, width: 240, height: 300), contents: .color(Color(rgb: 0x8E44AD)))
    list.masksToBounds = true
    let colors: [UInt32] = [0x3366CC, 0xCC2244, 0xD98E04, 0x138D90]
    for (index, color) in colors.enumerated() {
        list.addSublayer(Layer(name: "row-\(index)", frame: Rect(x: 20, y: 20 + Double(index) * 110, width: 200, height: 90),
                               contents: .color(Color(rgb: color))))
    }
    t.add(list)
    t.animate(curve: .easeInEaseOut) { list.bounds.origin.y = 150 }
}
