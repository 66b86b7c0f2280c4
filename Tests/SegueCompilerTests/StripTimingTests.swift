import Foundation
import Segue
import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// Text in perspective is drawn as strips, each placed by nested animated steps from one keyframed
/// map (translate, rotate, skewX, scale; or translate, scale, skewY). The steps must change at the
/// very same instants: had one of them its `keyTimes` rounded differently (a skew swinging 180° at
/// an edge-on instant took more decimals than the rest), the strip would fall out of step there.
struct StripTimingTests {
    @Test func theStepsOfAStripShareTheirKeyTimes() throws {
        let timeline = try Presets.named("page-turn").transition().timeline()
        let svg = try Exporter.render(timeline, as: .svg)
        let document = try #require(XMLDocument(parsing: svg))
        // The elements point into the document: it is kept while they are read.
        let checked = withExtendedLifetime(document) { () -> Int in
            let strips = document.root.elementsInDocumentOrder.filter { $0.name == "use" && ($0.attribute("clip-path") ?? "").contains("-strip") }
            #expect(strips.count > 20)
            var checked = 0
            for strip in strips {
                var keyTimes: [String] = []
                var element = strip.parent
                while let group = element, let step = group.children.first(where: { $0.name == "animateTransform" }) {
                    keyTimes.append(step.attribute("keyTimes") ?? "")
                    element = group.parent
                }
                #expect(Set(keyTimes).count <= 1, "a strip's steps change at different instants: \(keyTimes)")
                if keyTimes.count > 1 { checked += 1 }
            }
            return checked
        }
        #expect(checked > 20)
    }

    /// A page turning about its vertical edge keeps verticals vertical, so each strip's map is
    /// written in five parts (`translate`, `scale`, `skewY`) rather than six: no turn or skew
    /// swinging half a turn as the page goes edge-on, and the text still within the tolerance.
    @Test func stripsOfAPageTurningAboutItsEdgeTakeFiveParts() throws {
        let timeline = try Presets.named("page-turn").transition().timeline()
        let rendered = try Exporter.renderSVG(timeline)
        let svg = String(decoding: rendered.data, as: UTF8.self)
        #expect(svg.contains("type=\"skewY\""))
        #expect(!svg.contains("type=\"rotate\"") && !svg.contains("type=\"skewX\""))
        #expect(rendered.stats.worstContentDeviation <= 0.5, "\(rendered.stats.worstContentDeviation) px")
    }
}

