import Segue

extension Preset {
    /// Article 004, "open door": the current screen, cut into left and right halves (snapshots),
    /// slides apart by a half-width each (the right one from the whole point before the middle,
    /// the left one to the even point after, under the right one) while the target screen grows
    /// from scale 0.7 to identity underneath; one `UIView.animate` block with the ease-out curve.
    public static let openDoor = Preset(
        name: "open-door",
        summary: "The current screen opens like double doors while the next one grows from 70 % behind it.",
        article: "004",
        parameters: [
            PresetParameter("start-scale", .number(0.01...1), default: "0.7", "the next screen's scale at the start"),
        ]
    ) { arguments throws(PresetError) in
        let stage = try StageParameters(arguments, duration: 0.5)
        let startScale = arguments.number("start-scale", default: 0.7)
        return Transition("open-door", duration: stage.duration, size: stage.size,
                          description: "The current screen opens like double doors onto the next screen growing behind it.") { t in
            stage.dress(t.from, as: .list, title: "Movies", button: nil)
            stage.dress(t.to, as: .detail, title: "Arrival", button: nil)
            let w = t.size.width, h = t.size.height
            // The doors meet in the middle, and two antialiased edges meeting there let the black
            // behind show through as a hairline wherever the middle falls between pixels (187.5 pt
            // at 1x). The right door, on top, starts at the whole point before the middle, and the
            // left one reaches under it to the even point after, each over what shows the same
            // picture there: the edge that shows lies on a whole pixel at 1x, and, at half size
            // (the README's pictures), on the left door. Each door slides out by its own width.
            let middle = (w / 2).rounded(.down)
            let leftEnd = max((w / 4).rounded(.up) * 2, w / 2)
            let left = t.snapshot(of: .from, rect: Rect(x: 0, y: 0, width: leftEnd, height: h), name: "left-door")
            let right = t.snapshot(of: .from, rect: Rect(x: middle, y: 0, width: w - middle, height: h), name: "right-door")
            t.add(left)
            t.add(right)
            t.from.isHidden = true
            t.container.backgroundColor = .black   // the window behind the container view
            t.to.transform = Transform3D(scaleX: startScale, y: startScale, z: 1)
            t.animate(curve: .easeOut) {
                left.frame = left.frame.offsetBy(dx: -left.frame.width, dy: 0)
                right.frame = right.frame.offsetBy(dx: right.frame.width, dy: 0)
                t.to.transform = .identity
            }
        }
    }
}
