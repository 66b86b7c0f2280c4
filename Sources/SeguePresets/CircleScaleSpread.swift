import Segue

extension Preset {
    /// Article 004, "circle with scaling screen": an orange (#FFA500) disc whose radius is the
    /// farthest-corner distance from a point, centred on it, grows from scale 0.01 to 1 while the
    /// target screen grows from scale 0.01 to 1, fades from alpha 0 to 1 and moves from the point
    /// to its own centre; one `UIView.animate` block (ease-in-ease-out).
    public static let circleScaleSpread = Preset(
        name: "circle-scale-spread",
        summary: "An orange disc and the next screen grow together out of a point.",
        article: "004",
        parameters: [
            PresetParameter("center", .point, default: "48 pt from the bottom and right edges",
                            "the point the disc and the screen grow from"),
            PresetParameter("disc-color", .color, default: "#FFA500", "the disc's colour"),
        ]
    ) { arguments throws(PresetError) in
        let stage = try StageParameters(arguments, duration: 0.5)
        let size = stage.size
        let center = arguments.point("center", default: Point(x: size.width - 48, y: size.height - 48))
        let discColor = arguments.color("disc-color", default: Color(rgb: 0xFFA500))
        let button = MockScreen.Button(frame: .circle(center: center, radius: 24))
        return Transition("circle-scale-spread", duration: stage.duration, size: size,
                          description: "An orange disc and the next screen grow together out of a button.") { t in
            stage.dress(t.from, as: .list, title: "Movies", button: button)
            stage.dress(t.to, as: .detail, title: "Arrival", button: nil)
            // frameToCircle: a square whose side is twice the farthest-corner distance, centred on the point.
            let radius = hypot(max(center.x, size.width - center.x), max(center.y, size.height - center.y))
            let disc = Layer(name: "disc", frame: .circle(center: center, radius: radius))
            disc.backgroundColor = discColor
            disc.cornerRadius = radius
            disc.transform = Transform3D(scale: 0.01)
            t.container.insertSublayer(disc, at: 1)
            let home = t.to.center
            t.to.transform = Transform3D(scale: 0.01)
            t.to.alpha = 0
            t.to.center = center
            t.animate {
                disc.transform = .identity
                t.to.center = home
                t.to.transform = .identity
                t.to.alpha = 1
            }
        }
    }
}
