import Segue

extension Preset {
    /// page-turn's widest screen: each half turns its outer edge half the width toward a camera
    /// 500 pt away; at 900 pt it comes within 50 pt, drawn ten times larger than the spine, and
    /// wider screens reach so near the camera that the projection has no faithful polygon.
    private static let widest = 900.0

    /// Article 004, "page turn": under the container's perspective (`m34 = −0.002`) the current
    /// screen's right half (anchor (0, 0.5)) turns from 0 to −π/2 about y in the first half of the
    /// time while its shadow rises to 1; then the target's left half (anchor (1, 0.5)), hidden until
    /// then and starting at +π/2, turns to 0 while its shadow falls from 1 to 0. The target's right
    /// half lies underneath throughout. `animateKeyframes` with UIKit's default curve, linear
    /// calculation, keyframes 0–0.5 and 0.5–1; at the end the snapshots and the current screen are
    /// removed, leaving the target screen.
    public static let pageTurn = Preset(
        name: "page-turn",
        summary: "The screen turns like a page: its right half folds away, the next screen's left half folds in.",
        article: "004",
        parameters: []
    ) { arguments throws(PresetError) in
        let stage = try StageParameters(arguments, duration: 0.5)
        guard stage.size.width <= widest else {
            throw PresetError("--param size=\(Int(stage.size.width))x\(Int(stage.size.height)): page-turn's camera is 500 pt from the screen (m34 = −0.002, article 004), and each half turns its outer edge toward it, reaching past it on a screen wider than \(Int(widest)) pt; use a width of \(Int(widest)) or less")
        }
        return Transition("page-turn", duration: stage.duration, size: stage.size,
                          description: "The screen turns like a book page onto the next screen (article 004).") { t in
            stage.dress(t.from, as: .list, title: "Movies", button: nil)
            stage.dress(t.to, as: .detail, title: "Arrival", button: nil)
            t.container.sublayerTransform = Transform3D.perspective(distance: 500)   // m34 = −0.002
            t.container.insertSublayer(t.to, at: 0)
            let w = t.size.width, h = t.size.height
            // The halves meet at the spine, and two antialiased edges meeting there let what lies
            // beneath show through as a hairline wherever the spine falls between pixels (375 pt
            // at 1x). Each turning half reaches a point or more past the spine over what shows the
            // same picture there: the current screen's right half over the current screen, the
            // next one's left half under the next one's right half. Their edges then fall where
            // either side draws alike, and they still turn about the spine. The edge falls on a
            // whole point, as the still right half's does: Chromium clips each shape drawn in a
            // half with an antialiased edge, so across a pixel cut in two the half's own
            // background showed through the shapes on it (a lighter line down the cards).
            let fromRightStart = (w / 2 - 1).rounded(.down), toLeftEnd = (w / 2 + 1).rounded(.up)
            let fromRight = t.snapshot(of: .from, rect: Rect(x: fromRightStart, y: 0, width: w - fromRightStart, height: h), name: "from-right")
            let toLeft = t.snapshot(of: .to, rect: Rect(x: 0, y: 0, width: toLeftEnd, height: h), name: "to-left")
            // The next screen's right half, which lies still, starts at the whole point at or after
            // the spine: an edge between pixels (375 pt at 1x) would let the half turning beneath
            // it show through its antialiased column as a line; the turning half reaches past it.
            let spine = (w / 2).rounded(.up)
            let toRight = t.snapshot(of: .to, rect: Rect(x: spine, y: 0, width: w - spine, height: h), name: "to-right")
            fromRight.anchorPoint = Point(x: (w / 2 - fromRightStart) / fromRight.bounds.width, y: 0.5)
            fromRight.position = Point(x: w / 2, y: h / 2)
            toLeft.anchorPoint = Point(x: (w / 2) / toLeft.bounds.width, y: 0.5)
            toLeft.position = Point(x: w / 2, y: h / 2)
            let fromShadow = shadow(for: fromRight, from: Point(x: 0, y: 1), to: Point(x: 1, y: 1), name: "from-right-shadow")
            let toShadow = shadow(for: toLeft, from: Point(x: 1, y: 1), to: Point(x: 0, y: 1), name: "to-left-shadow")
            t.add(toLeft)
            t.add(toRight)
            t.add(fromRight)
            toLeft.isHidden = true
            toLeft.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
            fromShadow.opacity = 0
            t.animateKeyframes(calculationMode: .linear) {
                t.addKeyframe(relativeStartTime: 0, relativeDuration: 0.5) {
                    fromRight.transform = Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0)
                    fromShadow.opacity = 1
                }
                t.addKeyframe(relativeStartTime: 0.5, relativeDuration: 0.5) {
                    toLeft.isHidden = false
                    toLeft.transform = .identity
                    toShadow.opacity = 0
                }
            }
            // The completion block: the snapshots and the current screen go, and the next screen
            // shows as itself, without the spine where its halves met (at 1x their antialiased
            // edges there let the halves' own backgrounds show through as a faint line).
            t.at(t.duration) {
                for half in [toLeft, toRight, fromRight] { half.isHidden = true }
                t.from.isHidden = true
            }
        }
    }

    /// `addShadowView:startPoint:endPoint:`: a gradient across the turning half, clear at the spine.
    private static func shadow(for half: Layer, from start: Point, to end: Point, name: String) -> Layer {
        let shadow = Layer(name: name, frame: Rect(size: half.bounds.size))
        shadow.contents = .gradient(Gradient(colors: [Color(white: 0, alpha: 0), Color(white: 0, alpha: 0.5)],
                                             startPoint: start, endPoint: end))
        half.addSublayer(shadow)
        return shadow
    }
}
