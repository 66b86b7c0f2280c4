import Foundation
import Segue
@testable import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// A sampled track is written with curved (`keySplines`) timing only where that writes fewer bytes
/// than straight keyframes, which the sampler judges by `WrittenTrackSize`. A strip's map is three
/// animations in step, each repeating the key times and the splines: judged as one animation of
/// its five measured points, a curved interval looked about five times too cheap and a keyframe
/// a third too dear, and page-turn's strips were written curved where straight was smaller.
struct WrittenTrackSizeTests {
    /// What a strip's animations write that depends on its keyframes: values, key times and, when
    /// curved, the spline mode and splines; with what its size model says they write.
    struct StripBytes {
        var written = 0
        var estimated = 0
    }

    /// Page-turn's strips, the curved ones and the straight ones apart.
    static func pageTurnStrips() throws -> (curved: StripBytes, straight: StripBytes) {
        let timeline = try Presets.named("page-turn").transition().timeline()
        let document = try #require(XMLDocument(parsing: try Exporter.render(timeline, as: .svg)))
        var curved = StripBytes(), straight = StripBytes()
        // The elements point into the document: it is kept while they are read.
        withExtendedLifetime(document) {
            for use in document.root.elementsInDocumentOrder where use.name == "use" && (use.attribute("clip-path") ?? "").contains("-strip") {
                var steps: [XMLElement] = []
                var element = use.parent
                while let group = element, let step = group.children.first(where: { $0.name == "animateTransform" }) {
                    steps.append(step)
                    element = group.parent
                }
                guard steps.count == 3, let step = steps.first, let keyTimes = step.attribute("keyTimes") else { continue }
                let written = steps.map { step in
                    ["values", "keyTimes", "calcMode", "keySplines"].compactMap { name in
                        step.attribute(name).map { name.count + $0.count + 4 }
                    }.reduce(0, +)
                }.reduce(0, +)
                // The keyframes as the sampler held them: their times, and each interval's curve.
                let times = keyTimes.split(separator: ";").compactMap { Double($0) }
                let splines = step.attribute("keySplines")?.split(separator: ";").map { $0 != "0 0 1 1" }
                let frames = times.enumerated().map { index, time in
                    let isCurved = index > 0 && splines?[index - 1] == true
                    return Keyframe(time: time, value: 0.0, curve: isCurved ? .bezier(TimingCurve(controlPoints: 0.33, 0, 0.67, 1)) : .linear)
                }
                let estimated = SVGBuilder.StripStep.shearSize.bytes(frames, cycle: 1)
                if splines == nil {
                    straight.written += written
                    straight.estimated += estimated
                } else {
                    curved.written += written
                    curved.estimated += estimated
                }
            }
        }
        return (curved, straight)
    }

    @Test func theSizeOfAStripsMapIsJudgedAsItIsWritten() throws {
        let (curved, straight) = try Self.pageTurnStrips()
        #expect(curved.written > 10_000 && straight.written > 10_000, "page-turn writes both kinds of strip")
        for (kind, bytes) in [("curved", curved), ("straight", straight)] {
            let error = abs(Double(bytes.estimated - bytes.written)) / Double(bytes.written)
            #expect(error < 0.1, "\(kind) strips write \(bytes.written) bytes, judged \(bytes.estimated)")
        }
    }

    /// Of two ways to write the same keyframes, the one with fewer keyframes wins only by enough
    /// to pay for its splines, in every animation of the map.
    @Test func curvedKeyframesPayForTheirSplines() {
        let size = SVGBuilder.StripStep.shearSize
        let curve = Easing.bezier(TimingCurve(controlPoints: 0.33, 0, 0.67, 1))
        func frames(_ count: Int, curved: Bool) -> [Keyframe<Double>] {
            (0..<count).map { Keyframe(time: Double($0), value: 0, curve: curved && $0 > 0 ? curve : .linear) }
        }
        #expect(size.bytes(frames(10, curved: false), cycle: 10) < size.bytes(frames(8, curved: true), cycle: 10))
        #expect(size.bytes(frames(10, curved: false), cycle: 10) > size.bytes(frames(4, curved: true), cycle: 10))
        // The two sides of a base time count once.
        let twins = [Keyframe(time: 0, value: 0.0), Keyframe(time: 0.5, value: 1.0), Keyframe(time: 0.5 + 1e-9, value: 1.0),
                     Keyframe(time: 1, value: 2.0)]
        #expect(size.bytes(twins, cycle: 1) == size.bytes(Array(twins.prefix(2)) + [twins[3]], cycle: 1))
    }
}
