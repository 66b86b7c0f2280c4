import ArgumentParser
import Foundation
import Segue
import SegueCompiler
import SegueFiles

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a transition as an animated SVG or an HTML page.",
        discussion: "An SVG is validated against the SVG 1.1 DTD; every file is written atomically: on any error nothing is written and an existing file is left as it was. Give a folder (-o out/) to write each transition of a transition file as out/NAME.svg."
    )

    @OptionGroup var source: SourceOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The output file, whose extension picks the format (.svg or .html), or a folder ending in '/'.", valueName: "path"))
    var output: String

    @Flag(help: "Play repeatedly, holding the last frame for --pause seconds between plays.")
    var loop = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to hold the last frame between loops (with --loop; 1 by default).", valueName: "seconds"))
    var pause: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("How far, in pixels, SVG drawing of perspective and springs may stray from the model between keyframes (0.5 by default).", valueName: "px"))
    var tolerance: Double?

    @Option(name: .customLong("svg-animation"), help: ArgumentHelp("How an SVG moves: smil (plays everywhere, <img> included; the default) or css (keyframes in the SVG's <style>; honours prefers-reduced-motion).", valueName: "smil|css"))
    var svgAnimation: SVGAnimation?

    @Flag(help: "With an .html output: write a fragment to paste into any page (its styles and names scoped to it) instead of a whole page.")
    var embed = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Write a still frame instead: start, end, or a time in seconds (for places where motion is not allowed).", valueName: "start|end|seconds"))
    var poster: String?

    @Flag(help: "Print the SVG's keyframe count, bytes and worst deviation from the model (replayed by SMIL's rules).")
    var stats = false

    func run() throws {
        let pause = self.pause ?? 1, tolerance = self.tolerance ?? 0.5, svgAnimation = self.svgAnimation ?? .smil
        guard pause.isFinite, pause >= 0 else { throw fail("--pause must be zero or more seconds") }
        guard tolerance.isFinite, tolerance >= 0.01, tolerance <= 20 else { throw fail("--tolerance must be between 0.01 and 20 pixels") }
        // An option that would change nothing is refused, not ignored.
        if self.pause != nil && !loop { throw fail("--pause sets the hold between plays of a loop; add --loop") }
        let playingOptions = [("--loop", loop), ("--svg-animation", self.svgAnimation != nil), ("--stats", stats)]
        if poster != nil, let option = playingOptions.first(where: \.1)?.0 {
            throw fail("--poster writes a still frame, which does not play; leave out \(option)")
        }
        // Told before a transition file is compiled (a folder takes SVGs).
        let destination = ExportDestination(output)
        if poster != nil && !destination.isFolder && OutputFormat(path: output) == .html {
            throw fail("--poster writes a still SVG, and an HTML page is a player of both directions; give an output ending in .svg")
        }
        let loaded = try source.load()
        var timelines = try loaded.timelines(source.direction)
        // A file whose changes all set where the layers start draws a still: likely changes
        // meant for an animation block.
        for timeline in timelines where source.isTransitionFile && poster == nil && timeline.isStill {
            printError("warning: nothing in '\(timeline.name)' moves: its changes were all made outside t.animate { } (or t.at, or a keyframe block), where they set how the layers start; make them inside one to animate them")
        }
        if let poster {
            timelines = try timelines.map { (timeline: Timeline) throws(ExitCode) -> Timeline in
                switch poster {
                case "start": return timeline.poster(at: 0)
                case "end": return timeline.poster(at: timeline.duration)
                default:
                    guard let seconds = Double(poster), seconds.isFinite, seconds >= 0, seconds <= timeline.duration else {
                        throw fail("--poster \(poster): give start, end, or seconds from 0 to \(timeline.duration)")
                    }
                    return timeline.poster(at: seconds)
                }
            }
        }
        let paths: [String]
        do {
            paths = try destination.paths(for: timelines.map(\.name), from: source.source)
        } catch {
            throw failPrinted(error.description)
        }
        if embed && !paths.allSatisfy({ $0.lowercased().hasSuffix(".html") }) {
            throw fail("--embed writes an HTML fragment; give an output ending in .html")
        }
        let formats: [OutputFormat]
        do {
            formats = try paths.map { (path: String) throws(ExportError) in try Exporter.format(of: path) }
        } catch {
            throw fail(error.description)
        }
        if !formats.contains(.svg) && (self.tolerance != nil || self.svgAnimation != nil) {
            throw fail("--tolerance and --svg-animation shape an SVG; an HTML page draws with CSS 3D and needs neither")
        }
        if stats && !(formats.contains(.svg) && svgAnimation == .smil) {
            throw fail("--stats measures a SMIL SVG (keyframes, bytes, the replay against the model); export to .svg without --svg-animation css")
        }
        // An HTML page carries the other direction too, for its player.
        let reverses = formats.contains(.html) ? try loaded.timelines(source.direction == .push ? .pop : .push) : nil
        let options = ExportOptions(svg: SVGOptions(loopPause: loop ? pause : nil, tolerance: tolerance, animation: svgAnimation),
                                    html: HTMLOptions(loopPause: loop ? pause : nil, fragment: embed))
        var report: [String] = []
        do {
            // Every document is rendered (and an SVG validated) before the first is written.
            let documents = try timelines.indices.map { (index: Int) throws(ExportError) -> Data in
                guard stats, formats[index] == .svg, svgAnimation == .smil else {
                    return try Exporter.render(timelines[index], reverse: reverses?[index], as: formats[index], options: options)
                }
                let rendered = try Exporter.renderSVG(timelines[index], options: options.svg)
                let replayed = try SMILReplay(rendered, timeline: timelines[index]).worstDeviation()
                report.append(StatsReport.line(path: paths[index], figures: rendered.stats, replayed: replayed))
                return rendered.data
            }
            do {
                try destination.createFolder()
            } catch {
                throw fail("cannot create the folder '\(output)' (\(error.localizedDescription)); check the path and its permissions")
            }
            for (data, path) in zip(documents, paths) { try AtomicFile.write(data, to: path) }
        } catch let error as ExportError {
            throw fail(error.description)
        }
        for index in timelines.indices {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: paths[index])[.size] as? Int) ?? 0
            let kind = formats[index] == .svg ? "valid SVG 1.1" : embed ? "HTML fragment with the push and the pop" : "HTML page with the push and the pop"
            print("wrote \(paths[index]) (\(bytes) bytes, \(timelines[index].title), \(kind))")
        }
        report.forEach { print($0) }
        for index in timelines.indices {
            print(Snippets.usage(path: paths[index], format: formats[index], timeline: timelines[index], fragment: embed))
        }
    }
}

extension SVGAnimation: ExpressibleByArgument {}
