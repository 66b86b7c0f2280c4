// A card turned over in perspective: its front and back are two single-sided layers, each hidden
// while it faces away (`isDoubleSided = false`), as in the card flips of UIKit tutorials. Flat,
// distinct colours, so that the browser checks can tell the layers apart.
import Segue

Transition("single-sided-flip", duration: 1, description: "A card turns over; each face shows only from the front.") { t in
    t.from.backgroundColor = Color(rgb: 0x2E9E4F)
    t.to.isHidden = true
    t.container.sublayerTransform = .perspective(distance: 600)
    let frame = Rect(x: 88, y: 184, width: 200, height: 300)
    let back = Layer(name: "back", frame: frame, contents: .color(Color(rgb: 0xCC2244)))
    back.isDoubleSided = false
    back.transform = Transform3D(rotationAngle: -.pi, x: 0, y: 1, z: 0)
    let front = Layer(name: "front", frame: frame, contents: .color(Color(rgb: 0x3366CC)))
    front.isDoubleSided = false
    t.add(back)
    t.add(front)
    // Eased in, so that no sampled time (quarters of the duration) finds the card edge-on.
    t.animate(curve: .easeIn) {
        front.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
        back.transform = .identity
    }
}
