import Segue

extension Preset {
    /// Article 003, the "Gewara" zoom: the pushed screen is revealed through a circle that grows
    /// from the button 20 pt from the top and right edges until it covers the screen.
    ///
    /// Formula (`HWTransitionAnimator`): the mask starts as the oval in the button's frame and ends
    /// as that frame inset by `-radius`, `radius = sqrt(c.x² + (c.y - screenHeight)²)` for the
    /// button's centre c; a `CABasicAnimation` on the mask's path, 0.5 s, linear.
    /// The article returns the same animator for pop, so the pop reveals the first screen the same way.
    public static let circleReveal = Preset(
        name: "circle-reveal",
        summary: "The pushed screen grows out of a button through a circular mask (Gewara zoom).",
        article: "003",
        parameters: [
            PresetParameter("button", .rect, default: "20 pt from the top and right edges, 40x40",
                            "the button's frame; the circle starts as the oval inside it"),
        ]
    ) { arguments throws(PresetError) in
        let stage = try StageParameters(arguments, duration: 0.5)
        let button = arguments.rect("button", default: Rect(x: stage.size.width - 60, y: 20, width: 40, height: 40))
        let mockButton = MockScreen.Button(frame: button)
        func reveal(_ t: TransitionContext) {
            let center = button.center
            let radius = hypot(center.x - 0, center.y - t.size.height)
            t.to.mask = .circle(in: button)
            t.animate(curve: .linear) {
                t.to.mask = .circle(in: button.insetBy(dx: -radius, dy: -radius))
            }
        }
        return Transition("circle-reveal", duration: stage.duration, size: stage.size,
                          description: "The detail screen grows out of the top-right button through a circular mask, as in the Gewara app.",
                          push: { t in
                              stage.dress(t.from, as: .list, title: "Movies", button: mockButton)
                              stage.dress(t.to, as: .detail, title: "Arrival", button: mockButton)
                              reveal(t)
                          },
                          pop: { t in
                              stage.dress(t.from, as: .detail, title: "Arrival", button: mockButton)
                              stage.dress(t.to, as: .list, title: "Movies", button: mockButton)
                              reveal(t)
                          })
    }
}
