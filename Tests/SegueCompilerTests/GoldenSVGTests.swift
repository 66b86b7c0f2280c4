import Foundation
import Segue
import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// Every preset, both directions, in the mock and flat screens, against reviewed golden SVGs in
/// `Tests/Fixtures/presets/`. Set `SEGUE_UPDATE_GOLDEN=1` to rewrite them, then render and look at
/// them before committing.
struct GoldenSVGTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/presets")

    /// Every preset in flat screens, both ways; in mock screens too, except page-turn, whose mock
    /// screens in perspective make a document too large to keep as a fixture.
    static let cases: [(String, Direction, String)] = Presets.all.flatMap { preset in
        Direction.allCases.flatMap { direction in
            (preset.name == "page-turn" ? ["flat"] : ["mock", "flat"]).map { (preset.name, direction, $0) }
        }
    }

    @Test(arguments: cases)
    func matchesGolden(name: String, direction: Direction, screens: String) throws {
        let timeline = try Presets.named(name).transition(overrides: [(name: "screens", value: screens)]).timeline(direction)
        let data = try Exporter.render(timeline, as: .svg)
        let file = Self.fixtures.appendingPathComponent("\(name)-\(direction.rawValue)-\(screens).svg")
        if ProcessInfo.processInfo.environment["SEGUE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            try data.write(to: file)
        }
        let golden = try Data(contentsOf: file)
        #expect(data == golden, "\(file.lastPathComponent) differs; if the change is intended, rerun with SEGUE_UPDATE_GOLDEN=1 and review the images")
        #expect(try DTDValidator.validateSVG(golden).isEmpty)
    }

    @Test func outputIsDeterministic() throws {
        for preset in Presets.all where preset.name != "page-turn" {
            let timeline = try preset.transition().timeline()
            #expect(try Exporter.render(timeline, as: .svg) == Exporter.render(timeline, as: .svg))
        }
    }

    @Test func documentsCarryTitleDescriptionAndRole() throws {
        let data = try Exporter.render(try Preset.circleReveal.transition().timeline(), as: .svg)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("role=\"img\""))
        #expect(text.contains("<title>circle-reveal transition (push, 0.5 s)</title>"))
        #expect(text.contains("<desc>"))
        #expect(!text.contains("<script"))
    }

    @Test func theDrawingClipsToTheStageInItsOwnUserSpace() throws {
        let data = try Exporter.render(try Preset.openDoor.transition().timeline(), as: .svg)
        let document = try #require(XMLDocument(parsing: data))
        // Not the viewport's clip: a box of another shape letterboxes the stage, and a page's
        // style sheet may undo `overflow`. The door halves slide out beyond the stage.
        let drawing = try #require(document.root.children.last { $0.name == "g" })
        let clip = try #require(drawing.attribute("clip-path"))
        let defs = try #require(document.root.children.first { $0.name == "defs" })
        let clipPath = try #require(defs.children.first { "url(#\($0.attribute("id") ?? ""))" == clip })
        let rect = try #require(clipPath.children.first)
        #expect(rect.name == "rect" && rect.attribute("width") == "375" && rect.attribute("height") == "667")
        #expect(!rect.has("x") && !rect.has("y"))
    }

    @Test func loopingDocumentsRepeatWithAPause() throws {
        let timeline = try Preset.circleSpread.transition().timeline()
        let data = try Exporter.render(timeline, as: .svg, options: ExportOptions(svg: SVGOptions(loopPause: 1.5)))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("dur=\"2s\""))
        #expect(text.contains("repeatCount=\"indefinite\""))
        #expect(!text.contains("fill=\"freeze\""))
        // The mask's last keyframe is held through the pause: 0.5 s of a 2 s cycle.
        #expect(text.contains("keyTimes=\"0;.25;1\""))
        #expect(try DTDValidator.validateSVG(data).isEmpty)
    }
}

/// The pictures in the README are real exports; they must match what Segue writes today.
struct DocsPictureTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs")

    static let pictures = ["circle-reveal", "circle-spread", "circle-scale-spread", "open-door", "book-open", "book-flip", "book-carousel"]

    @Test(arguments: pictures)
    func readmePictureIsFresh(name: String) throws {
        let timeline = try Presets.named(name).transition().timeline()
        let data = try Exporter.render(timeline, as: .svg, options: ExportOptions(svg: SVGOptions(loopPause: 1)))
        let committed = try Data(contentsOf: Self.docs.appendingPathComponent("\(name).svg"))
        #expect(data == committed, "docs/\(name).svg is stale: run 'swift run segue export \(name) --loop -o docs/\(name).svg'")
    }
}
