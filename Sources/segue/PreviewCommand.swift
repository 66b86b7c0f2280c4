import ArgumentParser
import Foundation
import Logging
import SegueCompiler
import SegueFiles
import SeguePresets
import SeguePreview

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview page that reloads when the transition file is saved.",
        discussion: "Serves on 127.0.0.1 only, until Ctrl-C. The page plays the HTML (CSS 3D) and the SVG side by side, with play/pause, loop, speed, push/pop, a scrubber, dragging and the keyboard; saving the file (or an image it uses) rebuilds it, and a compile error shows over the page while the last good version keeps playing."
    )

    @Argument(help: "A preset name (see 'segue presets') or a transition file such as Reveal.swift.")
    var source: String

    @Option(name: .customLong("param"), help: ArgumentHelp("A preset parameter as name=value; repeat for several.", valueName: "name=value"))
    var params: [String] = []

    @Option(help: ArgumentHelp("The transition to show when a transition file declares several.", valueName: "name"))
    var name: String?

    @Option(name: .customLong("port"), parsing: .unconditional, help: ArgumentHelp("The port to listen on (a free one by default, as with 0).", valueName: "port"))
    var givenPort: Int?

    /// The port asked for; 0 for a free one.
    private var port: Int { givenPort ?? 0 }

    @Flag(help: "Open the page in the default browser.")
    var open = false

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds a transition file may run before it is stopped (\(Int(TransitionFileLoader.defaultTimeout)) by default).", valueName: "seconds"))
    var givenTimeout: Double?

    /// The seconds a transition file may run.
    private var timeout: Double { givenTimeout ?? TransitionFileLoader.defaultTimeout }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535 (or 0 for a free one)") }
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() async throws {
        let preview = PreviewSource(argument: source, params: params, transition: name, timeout: timeout)
        try checkSource(preview)
        let session = PreviewSession(source: preview)
        let server: PreviewServer
        do {
            server = try PreviewServer(session: session, port: port)
        } catch {
            throw fail(error.message)
        }
        var logger = Logger(label: "segue-preview")
        logger.logLevel = .critical
        let source = self.source, open = self.open
        do {
            try await server.run(logger: logger, onRunning: { port in
                let url = "http://127.0.0.1:\(port)/"
                say("Previewing \(source) at \(url)  (Ctrl-C to stop)")
                if open { BrowserOpener.open(url) }
            }, onRebuild: { status, seconds in
                if let problem = status.problem {
                    printError(problem.report)
                } else {
                    say("built \(status.name ?? source) (version \(status.version)) in \(String(format: "%.2f", seconds)) s")
                }
            })
        } catch {
            let text = String(describing: error)
            if text.contains("in use") || text.contains("EADDRINUSE") || text.contains("errno: 98") {
                throw fail("port \(port) is in use on 127.0.0.1; pick another with --port, or leave it out for a free one")
            }
            throw fail("the preview server stopped: \(text)")
        }
        say("Stopped.")
    }

    /// Refuses what can never be shown before the server starts: an unknown preset or bad
    /// parameters, a transition file that does not exist. (A file that does not compile is
    /// served: its error shows on the page until it is fixed.)
    private func checkSource(_ preview: PreviewSource) throws(ExitCode) {
        switch preview {
        case .preset(let name, let overrides):
            guard self.name == nil else { throw fail("--name picks a transition of a transition file; a preset has one") }
            // An option that would change nothing is refused, not ignored.
            guard givenTimeout == nil else { throw SourceOptions.forTransitionFilesOnly("--timeout") }
            do {
                let preset = try Presets.named(name)
                let pairs = try overrides.map { (text: String) throws(PresetError) in try Preset.splitOverride(text) }
                _ = try preset.transition(overrides: pairs)
            } catch {
                throw fail(error.message)
            }
        case .file(let path, _, _):
            guard params.isEmpty else {
                throw fail("--param sets a preset's parameters; in a transition file, change the Swift instead")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                  FileManager.default.isReadableFile(atPath: path) else {
                throw fail("cannot read '\(path)'; check the path")
            }
        }
    }
}

/// Prints a line to standard output at once (also into a pipe or a log file, where `print` buffers).
private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
