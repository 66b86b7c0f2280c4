import Foundation
import Segue
import SegueCompiler
import Testing

/// Text in perspective is drawn as strips, each placed by an affine map that is not quite the
/// projection and keyframed: the two strayings add up. Together, as written and as SMIL plays
/// them, they must stay within the tolerance.
struct StripStrayingTests {
    /// A line of text on a page turning about its left edge, seen from close by.
    static func turningLine(tolerance: Double) throws -> (deviations: [SMILReplay.Deviation], stats: SVGStats) {
        let timeline = try Transition("turning-line", duration: 0.5) { t in
            let page = Layer(name: "page", frame: Rect(x: 40, y: 120, width: 300, height: 400), contents: .color(Color(rgb: 0xF4EFE6)))
            page.anchorPoint = Point(x: 0, y: 0.5)
            let line = Layer(name: "line", frame: Rect(x: 16, y: 40, width: 150, height: 40),
                             contents: .text(Text("A page turning", fontSize: 22)))
            page.addSublayer(line)
            t.container.sublayerTransform = Transform3D.perspective(distance: 600)
            t.add(page)
            t.animate { page.transform = Transform3D(rotationAngle: -.pi / 3, x: 0, y: 1, z: 0) }
        }.timeline()
        let rendered = try Exporter.renderSVG(timeline, options: SVGOptions(tolerance: tolerance))
        return (try SMILReplay(rendered, timeline: timeline).deviations(includingStrips: true), rendered.stats)
    }

    @Test(arguments: [0.5, 1])
    func theWrittenStripsStayWithinTheTolerance(tolerance: Double) throws {
        let (deviations, stats) = try Self.turningLine(tolerance: tolerance)
        let line = deviations.filter { $0.layer == "line" }
        // The line is measured through its strips, at every replayed instant.
        #expect(line.count > 50)
        let worst = line.map(\.distance).max() ?? 0
        // The tolerance, and the rounding of the printed keyTimes.
        #expect(worst <= tolerance * 1.1, "the line's strips stray \(worst) px")
        // Where the line is drawn strays farther than its outline alone would: the strips' fit
        // and their keyframes both count.
        #expect(worst > tolerance / 4, "\(worst) px")
        #expect(stats.worstContentDeviation <= tolerance, "\(stats.worstContentDeviation) px")
        #expect(stats.worstContentDeviation >= worst * 0.9, "the writer's own measure, \(stats.worstContentDeviation) px, saw less than the replay, \(worst) px")
    }
}
