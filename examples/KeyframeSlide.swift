// The next screen slides in, overshoots and settles, while the current one drifts left and dims:
// one keyframe animation, as with UIView.animateKeyframes and addKeyframe(withRelativeStartTime:
// relativeDuration:), each keyframe a fraction of the whole second.
//
//     segue export examples/KeyframeSlide.swift -o examples/KeyframeSlide.svg --loop
import Segue

let width = Size.iPhone.width
let middle = Size.iPhone.height / 2

/// A screen's content: a title and a few grey lines.
func dress(_ screen: Layer, title: String, tint: Color) {
    screen.backgroundColor = tint
    screen.addSublayer(Layer(frame: Rect(x: 20, y: 40, width: 300, height: 36),
                             contents: .text(Text(title, fontSize: 30, weight: .bold))))
    for row in 0..<5 {
        let bar = Layer(frame: Rect(x: 20, y: 110 + Double(row) * 36, width: width - 40 - Double(row % 3) * 50, height: 14),
                        contents: .color(Color(white: 0, alpha: 0.12)))
        bar.cornerRadius = 7
        screen.addSublayer(bar)
    }
}

Transition("keyframe-slide", duration: 1.0, description: "The next screen slides in, overshoots and settles.") { t in
    dress(t.from, title: "Settings", tint: Color(rgb: 0xF4F4F4))
    dress(t.to, title: "Wi-Fi", tint: Color(rgb: 0xDCEBFF))
    t.container.backgroundColor = .black   // the window behind the screens, which the dimming lets through
    t.to.position = Point(x: width * 1.5, y: middle)

    t.animateKeyframes(curve: .linear) {
        t.addKeyframe(relativeStartTime: 0, relativeDuration: 0.5) {
            t.to.position = Point(x: width / 2 - 24, y: middle)       // past its place
        }
        t.addKeyframe(relativeStartTime: 0.5, relativeDuration: 0.25) {
            t.to.position = Point(x: width / 2 + 8, y: middle)        // back a little too far
        }
        t.addKeyframe(relativeStartTime: 0.75, relativeDuration: 0.25) {
            t.to.position = Point(x: width / 2, y: middle)            // at rest
        }
        t.addKeyframe(relativeStartTime: 0, relativeDuration: 0.6) {
            t.from.position = Point(x: width * 0.3, y: middle)
            t.from.opacity = 0.6
        }
    }
}
