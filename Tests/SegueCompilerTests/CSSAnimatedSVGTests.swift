import Foundation
import Segue
import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// The CSS flavour of SVG (`--svg-animation css`): the same drawing, moved by `@keyframes` in the
/// SVG's `<style>`, still valid SVG 1.1, and paused on its last frame for reduced motion.
struct CSSAnimatedSVGTests {
    let css = ExportOptions(svg: SVGOptions(animation: .css))

    @Test(arguments: Presets.all.map(\.name))
    func everyPresetValidatesWithCSSMotion(name: String) throws {
        let timeline = try Presets.named(name).transition(overrides: [(name: "screens", value: "flat")]).timeline()
        let data = try Exporter.render(timeline, as: .svg, options: css)
        let text = String(decoding: data, as: UTF8.self)
        #expect(try DTDValidator.validateSVG(data).isEmpty)
        #expect(!text.contains("<animate"))
        #expect(text.contains("@keyframes") && text.contains("prefers-reduced-motion"))
    }

    @Test func theMaskGrowsThroughTheSameRadii() throws {
        let timeline = try Preset.circleReveal.transition().timeline()
        let text = String(decoding: try Exporter.render(timeline, as: .svg, options: css), as: UTF8.self)
        #expect(text.contains("0%{r:20px}100%{r:730.883px}"))
    }

    @Test func projectedCornersAreTheSameAsSMILs() throws {
        // The flat book: SMIL moves polygon points, CSS moves path data through the same corners.
        let timeline = try Preset.bookOpen.transition(overrides: [(name: "screens", value: "flat")]).timeline()
        let smil = String(decoding: try Exporter.render(timeline, as: .svg), as: UTF8.self)
        let cssText = String(decoding: try Exporter.render(timeline, as: .svg, options: css), as: UTF8.self)
        let pointsValues = smil.components(separatedBy: "attributeName=\"points\" values=\"").dropFirst()
            .flatMap { $0.prefix { $0 != "\"" }.split(separator: ";") }
        let first = try #require(pointsValues.first).split(separator: " ")
        let asPath = "M" + first.map { $0.replacingOccurrences(of: ",", with: " ") }.joined(separator: "L") + "Z"
        #expect(cssText.contains("d:path(\"\(asPath)\")"))
    }
}
