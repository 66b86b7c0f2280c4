import ArgumentParser
import Foundation
import Segue
import SegueCompiler

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a transition as an animated SVG.",
        discussion: "The file is validated against the SVG 1.1 DTD and written atomically: on any error nothing is written and an existing file is left as it was."
    )

    @OptionGroup var source: SourceOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file; its extension picks the format (.svg).", valueName: "path"))
    var output: String

    @Flag(help: "Play repeatedly, holding the last frame for --pause seconds between plays.")
    var loop = false

    @Option(help: ArgumentHelp("Seconds to hold the last frame between loops.", valueName: "seconds"))
    var pause: Double = 1

    func run() throws {
        guard pause.isFinite, pause >= 0 else { throw fail("--pause must be zero or more seconds") }
        let transition = try source.transition()
        let timeline = try source.timeline()
        let options = ExportOptions(svg: SVGOptions(loopPause: loop ? pause : nil),
                                    html: HTMLOptions(loopPause: loop ? pause : nil))
        do {
            try Exporter.export(transition, direction: source.direction, to: output, options: options)
        } catch {
            throw fail(error.description)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        let kind = OutputFormat(path: output) == .svg ? "valid SVG 1.1" : "HTML page with the push and the pop"
        print("wrote \(output) (\(bytes) bytes, \(timeline.title), \(kind))")
    }
}
