import Foundation
import Segue
import SegueCompiler
import Testing

/// A layer drawn in perspective whose corners round as it turns: its outline keeps one number of
/// points while the radius grows from 0, so SMIL can interpolate it, and it replays within the
/// tolerance. (Found by the property tests: the sharp outline had 4 points, the rounded 20.)
struct ProjectedOutlineTests {
    @Test(arguments: [false, true])
    func cornersThatRoundWhileTurningInPerspectiveReplayWithinTolerance(masksToBounds: Bool) throws {
        let transition = Transition("round-turn", duration: 0.5) { t in
            let card = Layer(frame: Rect(x: 60, y: 120, width: 200, height: 300), contents: .color(Color(rgb: 0xCC2244)))
            card.masksToBounds = masksToBounds
            t.container.sublayerTransform = Transform3D.perspective(distance: 800)
            t.add(card)
            t.animate {
                card.transform = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
                card.cornerRadius = 24
            }
        }
        let timeline = try transition.timeline()
        let rendered = try Exporter.renderSVG(timeline)
        let svg = rendered.data
        let worst = try SMILReplay(rendered, timeline: timeline).worstDeviation()
        #expect(worst <= 0.55, "\(worst) px")
        // Every keyframe of every polygon has as many points as the first.
        let text = String(decoding: svg, as: UTF8.self)
        for values in text.components(separatedBy: "attributeName=\"points\" values=\"").dropFirst() {
            let counts = Set(values.prefix { $0 != "\"" }.split(separator: ";").map { $0.split(separator: " ").count })
            #expect(counts.count == 1, "\(counts)")
        }
    }
}
