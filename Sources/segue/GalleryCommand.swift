import ArgumentParser
import Foundation
import Segue
import SegueCompiler
import SegueFiles
import SeguePresets

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Export a folder of transition files and/or the presets, and build a page that shows them all.",
        discussion: """
        Writes NAME.svg and NAME.html for every transition into the output folder, and index.html: each \
        transition as an <img> of its SVG and as its HTML rendering, with its name, description, duration, \
        size, file sizes and the snippets to use it. A file that fails is reported and the rest still build; \
        the exit status is then 1.
        """
    )

    @Argument(help: ArgumentHelp("Folders of transition files (*.swift).", valueName: "folder"))
    var folders: [String] = []

    @Flag(help: "Include the built-in presets (with their default parameters).")
    var presets = false

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the site into.", valueName: "folder"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("How many transitions to export at once.", valueName: "n"))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("The page's title.", valueName: "text"))
    var title = "Transitions"

    @Flag(inversion: .prefixedNo, help: "Play the animations repeatedly, holding the last frame for --pause seconds.")
    var loop = true

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to hold the last frame between loops (1 by default).", valueName: "seconds"))
    var pause: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("How far, in pixels, SVG drawing may stray from the model between keyframes.", valueName: "px"))
    var tolerance: Double = 0.5

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds a transition file may run before it is stopped (\(Int(TransitionFileLoader.defaultTimeout)) by default).", valueName: "seconds"))
    var givenTimeout: Double?

    func run() throws {
        guard presets || !folders.isEmpty else { throw fail("give a folder of transition files, --presets, or both") }
        // An option that would change nothing is refused, not ignored.
        if givenTimeout != nil && folders.isEmpty {
            throw fail("--timeout is for transition files, which are compiled and run; the presets are built in")
        }
        let timeout = givenTimeout ?? TransitionFileLoader.defaultTimeout
        guard (1...64).contains(jobs) else { throw fail("--jobs must be from 1 to 64") }
        let pause = self.pause ?? 1
        guard pause.isFinite, pause >= 0 else { throw fail("--pause must be zero or more seconds") }
        if self.pause != nil && !loop { throw fail("--pause sets the hold between plays of a loop; leave out --no-loop or --pause") }
        guard tolerance.isFinite, tolerance >= 0.01, tolerance <= 20 else { throw fail("--tolerance must be between 0.01 and 20 pixels") }
        guard timeout.isFinite, timeout > 0 else { throw fail("--timeout must be a positive number of seconds") }
        let sources = (presets ? Presets.all.map(GallerySource.preset) : []) + (try folders.flatMap { (folder: String) throws(ExitCode) in
            try GallerySource.files(in: folder)
        })
        var loader: TransitionFileLoader?
        if !folders.isEmpty {
            do {
                loader = try TransitionFileLoader.standard(timeout: timeout)
                loader?.capturesProgramOutput = true
            } catch {
                throw failPrinted(error.description)
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw fail("cannot create the folder '\(output)' (\(error.localizedDescription)); check the path and its permissions")
        }

        let options = ExportOptions(svg: SVGOptions(loopPause: loop ? pause : nil, tolerance: tolerance),
                                    html: HTMLOptions(loopPause: loop ? pause : nil))
        let progress = ProgressReporter(total: sources.count)
        let start = Date()
        let results = WorkerPool.run(sources, workers: jobs) { [loader] (source: GallerySource) -> Result<[GallerySource.Rendered], GalleryFailure> in
            progress.started(source.name)
            let result = source.render(loader: loader, options: options)
            switch result {
            case .success(let rendered):
                let sizes = rendered.map { "\($0.push.name) (SVG \(GalleryPage.bytes($0.svg.count)), HTML \(GalleryPage.bytes($0.html.count)))" }
                progress.finished(source.name, detail: sizes.joined(separator: ", "))
            case .failure(let failure):
                progress.failed(source.name, report: failure.report)
            }
            return result
        }
        progress.finish()

        let rendered = results.flatMap { (try? $0.get()) ?? [] }
        let failures = results.count { if case .failure = $0 { true } else { false } }
        guard !rendered.isEmpty else { throw fail("no transition could be built (see above); no page was written") }
        let entries: [GalleryEntry]
        do throws(ExportError) {
            entries = try write(rendered)
            let page = try GalleryPage(title: title, entries: entries, options: options.html).data()
            try AtomicFile.write(page, to: folderPath("index.html"))
        } catch {
            throw fail(error.description)
        }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        print("wrote \(folderPath("index.html")): \(entries.count) transitions, each as SVG and HTML, in \(seconds) s"
              + (failures > 0 ? "; \(failures) of \(sources.count) sources failed (see above)" : ""))
        if failures > 0 { throw ExitCode.failure }
    }

    /// Writes each transition's SVG and HTML page, named after it (a name met twice gets `-2`, `-3`…).
    private func write(_ rendered: [GallerySource.Rendered]) throws(ExportError) -> [GalleryEntry] {
        var taken = Set(["index"])
        return try rendered.map { (item: GallerySource.Rendered) throws(ExportError) -> GalleryEntry in
            var stem = item.push.name, number = 1
            while taken.contains(stem.lowercased()) {
                number += 1
                stem = "\(item.push.name)-\(number)"
            }
            taken.insert(stem.lowercased())
            try AtomicFile.write(item.svg, to: folderPath(stem + ".svg"))
            try AtomicFile.write(item.html, to: folderPath(stem + ".html"))
            return GalleryEntry(push: item.push, pop: item.pop, origin: item.origin,
                                svgFile: stem + ".svg", svgBytes: item.svg.count, htmlFile: stem + ".html", htmlBytes: item.html.count)
        }
    }

    private func folderPath(_ file: String) -> String {
        (output.hasSuffix("/") ? output : output + "/") + file
    }
}
