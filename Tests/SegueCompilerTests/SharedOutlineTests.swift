import Foundation
import Segue
import SegueCompiler
import Testing

/// A page turning in perspective with sublayers on it: a shade lying exactly on the page follows
/// the very outline of the page's edge (worked out once for both), while sublayers that do not lie
/// exactly on it (moved by a point, rounded, hidden for a while) get their own, and everything
/// replays within the tolerance.
struct SharedOutlineTests {
    static let size = Size(width: 200, height: 300)

    static func turningPage() -> Transition {
        Transition("shaded-turn", duration: 0.6) { t in
            let page = Layer(name: "page", frame: Rect(x: 90, y: 120, width: size.width, height: size.height))
            page.backgroundColor = Color(rgb: 0xF4EFE6)
            page.masksToBounds = true
            page.anchorPoint = Point(x: 0, y: 0.5)
            let shade = Layer(name: "shade", frame: Rect(size: size))
            shade.contents = .gradient(Gradient(colors: [Color(white: 0, alpha: 0.4), Color(white: 0, alpha: 0)],
                                                locations: [0, 1], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
            let blink = Layer(name: "blink", frame: Rect(size: size), contents: .color(Color(white: 1, alpha: 0.2)))
            let inset = Layer(name: "inset", frame: Rect(x: 1, y: 0, width: size.width, height: size.height),
                              contents: .color(Color(rgb: 0x3366AA, alpha: 0.3)))
            let rounded = Layer(name: "rounded", frame: Rect(size: size), contents: .color(Color(rgb: 0xAA3366, alpha: 0.3)))
            rounded.cornerRadius = 16
            for layer in [shade, blink, inset, rounded] { page.addSublayer(layer) }
            t.container.sublayerTransform = Transform3D.perspective(distance: 700)
            t.add(page)
            t.at(0.2) { blink.isHidden = true }
            t.at(0.4) { blink.isHidden = false }
            t.animate(duration: 0.6, curve: .easeInEaseOut) {
                page.transform = Transform3D(rotationAngle: -.pi * 0.45, x: 0, y: 1, z: 0)
            }
        }
    }

    /// The `values` of the `points` animation of the shape whose tag starts at `tag` (for a
    /// `<use>`, of the polygon it shows).
    static func outlineValues(ofShapeAt tag: String.Index, in svg: String) throws -> String {
        var rest = svg[tag...]
        if rest.hasPrefix("<use") {
            let href = try #require(rest.range(of: "xlink:href=\"#")).upperBound
            let id = String(rest[href...].prefix { $0 != "\"" })
            rest = svg[try #require(svg.range(of: "<polygon id=\"\(id)\"")).lowerBound...]
        }
        let start = try #require(rest.range(of: "attributeName=\"points\" values=\"")).upperBound
        return String(rest[start...].prefix { $0 != "\"" })
    }

    /// The outline of the shape whose tag holds `marker`.
    static func outlineValues(drawnBy marker: String, in svg: String) throws -> String {
        let at = try #require(svg.range(of: marker), "\(marker) is written")
        return try outlineValues(ofShapeAt: try #require(svg[..<at.lowerBound].range(of: "<", options: .backwards)).lowerBound, in: svg)
    }

    @Test func aShadeLyingOnAPageFollowsItsEdgeExactlyAndEverythingReplaysWithinTolerance() throws {
        let timeline = try Self.turningPage().timeline()
        let rendered = try Exporter.renderSVG(timeline)
        let svg = String(decoding: rendered.data, as: UTF8.self)
        let worst = try SMILReplay(rendered, timeline: timeline).worstDeviation()
        #expect(worst <= 0.55, "\(worst) px")
        let clip = try #require(svg.range(of: "<clipPath id=\"sg-shaded-turn-page-bounds\">")).upperBound
        let edge = try Self.outlineValues(ofShapeAt: clip, in: svg)
        #expect(edge.split(separator: ";").count > 2, "the page's edge is keyframed")
        // The paper and the shade on it fill exactly the clipped edge, at every keyframe.
        #expect(try Self.outlineValues(drawnBy: "fill=\"#f4efe6\"", in: svg) == edge)
        #expect(try Self.outlineValues(drawnBy: "fill=\"url(#sg-shaded-turn-shade-gradient)\"", in: svg) == edge)
        // A point to the side is a different outline.
        #expect(try Self.outlineValues(drawnBy: "fill=\"#36a\"", in: svg) != edge)
    }
}
