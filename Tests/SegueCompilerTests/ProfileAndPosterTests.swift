import Foundation
import Segue
import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// `validate --profile github` and poster frames.
struct ProfileAndPosterTests {
    @Test func theGitHubProfileCatchesScriptsExternalImagesAndForeignObjects() {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1">
        <script type="text/javascript">alert(1)</script>
        <image xlink:href="https://example.com/x.png" width="1" height="1"/>
        <foreignObject width="1" height="1"/>
        <rect width="1" height="1" onload="x()" fill="url(https://example.com/p.svg#g)"/>
        <style type="text/css">@import url(https://example.com/s.css);</style>
        </svg>
        """
        let findings = SVGProfile.github.check(Data(svg.utf8))
        let messages = findings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("2: error") && $0.contains("<script>") })
        #expect(messages.contains { $0.hasPrefix("3: error") && $0.contains("https://example.com/x.png") })
        #expect(messages.contains { $0.hasPrefix("4: error") && $0.contains("foreignObject") })
        #expect(messages.contains { $0.hasPrefix("5: error") && $0.contains("onload") })
        #expect(messages.contains { $0.hasPrefix("5: error") && $0.contains("url(https://example.com/p.svg#g)") })
        #expect(messages.contains { $0.hasPrefix("6: error") && $0.contains("@import") })
    }

    @Test func embeddedImagesAndLocalReferencesPass() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><image xlink:href=\"data:image/png;base64,AAAA\"/><rect fill=\"url(#g)\"/><use xlink:href=\"#a\"/></svg>"
        #expect(SVGProfile.github.check(Data(svg.utf8)).isEmpty)
    }

    @Test(arguments: Presets.all.map(\.name))
    func everySVGSegueWritesPassesTheGitHubProfile(name: String) throws {
        for animation in SVGAnimation.allCases {
            let timeline = try Presets.named(name).transition(overrides: [(name: "screens", value: "flat")]).timeline()
            let data = try Exporter.render(timeline, as: .svg, options: ExportOptions(svg: SVGOptions(animation: animation)))
            #expect(SVGProfile.github.check(data).filter { $0.severity == .error }.isEmpty, "\(name) \(animation)")
        }
    }

    @Test func aPosterIsTheModelStoppedAtATime() throws {
        let timeline = try Preset.openDoor.transition().timeline()
        let poster = timeline.poster(at: 0.25)
        let data = try Exporter.render(poster, as: .svg)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("<animate"))
        #expect(try DTDValidator.validateSVG(data).isEmpty)
        let still = Evaluator(poster).state(at: 0), moving = Evaluator(timeline).state(at: 0.25)
        for (a, b) in zip(still.layers, moving.layers) {
            #expect(a.corners == b.corners && a.visible == b.visible)
        }
    }
}
