import Segue

extension Preset {
    /// Article 004, "circle spread": the target screen is masked by a circle at a point that grows
    /// from a small radius to the distance of the farthest corner,
    /// `sqrt(max(x, w - x)² + max(y, h - y)²)`; a path animation with the default (linear) timing.
    public static let circleSpread = Preset(
        name: "circle-spread",
        summary: "The next screen spreads from a point in a growing circle that reaches the farthest corner.",
        article: "004",
        parameters: [
            PresetParameter("center", .point, default: "48 pt from the bottom and right edges",
                            "the point the circle grows from"),
            PresetParameter("start-radius", .number(0...10_000), default: "24", "the circle's radius at the start"),
        ]
    ) { arguments throws(PresetError) in
        let stage = try StageParameters(arguments, duration: 0.5)
        let size = stage.size
        let center = arguments.point("center", default: Point(x: size.width - 48, y: size.height - 48))
        let startRadius = arguments.number("start-radius", default: 24)
        let button = MockScreen.Button(frame: .circle(center: center, radius: startRadius))
        return Transition("circle-spread", duration: stage.duration, size: size,
                          description: "The next screen spreads out of a button in a circle that grows to the farthest corner.") { t in
            // The button on both screens, as in circle-reveal: the circle starts as the button, so
            // the first frame shows it, not a disc of the next screen's background.
            stage.dress(t.from, as: .list, title: "Movies", button: button)
            stage.dress(t.to, as: .detail, title: "Arrival", button: button)
            let endRadius = hypot(max(center.x, size.width - center.x), max(center.y, size.height - center.y))
            t.to.mask = .circle(center: center, radius: startRadius)
            t.animate(curve: .linear) {
                t.to.mask = .circle(center: center, radius: endRadius)
            }
        }
    }
}
