import ArgumentParser
import Foundation
import Segue
import SegueFiles
import SeguePresets

/// What to compile: a preset and its parameters, or a transition file (`NAME.swift`), in one direction.
struct SourceOptions: ParsableArguments {
    @Argument(help: "A preset name (see 'segue presets') or a transition file such as Reveal.swift.")
    var source: String

    @Option(name: .long, help: "push (forward) or pop (back).")
    var direction: Direction = .push

    @Option(name: .customLong("param"), help: ArgumentHelp("A preset parameter as name=value; repeat for several.", valueName: "name=value"))
    var params: [String] = []

    @Option(help: ArgumentHelp("The transition to use when a transition file declares several.", valueName: "name"))
    var name: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds a transition file may run before it is stopped (\(Int(TransitionFileLoader.defaultTimeout)) by default).", valueName: "seconds"))
    var timeout: Double?

    @Flag(help: "Say whether a transition file was compiled or its cached build used, and how long each step took.")
    var verbose = false

    var isTransitionFile: Bool { source.hasSuffix(".swift") }

    /// The transitions the source stands for, loaded once (a transition file is compiled and run
    /// here). `standardOutputIsOurs`: segue's own standard output is machine-read (JSON), so what
    /// a transition file prints goes to standard error instead.
    func load(standardOutputIsOurs: Bool = false) throws(ExitCode) -> Loaded {
        guard isTransitionFile else {
            // An option that would change nothing is refused, not ignored.
            guard name == nil else { throw fail("--name picks a transition of a transition file; a preset has one") }
            guard timeout == nil && !verbose else {
                throw Self.forTransitionFilesOnly(timeout != nil ? "--timeout" : "--verbose")
            }
            return Loaded(options: self, preset: try presetTransition(), file: nil)
        }
        return Loaded(options: self, preset: nil, file: try loadFile(standardOutputIsOurs: standardOutputIsOurs))
    }

    /// The refusal of an option that only a transition file uses, given with a preset.
    static func forTransitionFilesOnly(_ option: String) -> ExitCode {
        fail("\(option) is for a transition file, which is compiled and run; a preset is built in")
    }

    /// The one resolved timeline in `--direction`, or an error on standard error.
    /// `standardOutputIsOurs`: as for `load`.
    func timeline(standardOutputIsOurs: Bool = false) throws(ExitCode) -> Timeline {
        let loaded = try load(standardOutputIsOurs: standardOutputIsOurs)
        guard let file = loaded.file else { return try loaded.timelines(direction)[0] }
        do {
            return try file.timeline(named: name, direction: direction)
        } catch {
            throw failPrinted(error.description)
        }
    }

    /// A loaded source: a preset's transition or a transition file's.
    struct Loaded {
        let options: SourceOptions
        let preset: Transition?
        let file: TransitionFileContents?

        /// The timelines in `direction`: a preset's one, or those of the file (all, or the one `--name` picks).
        func timelines(_ direction: Direction) throws(ExitCode) -> [Timeline] {
            if let preset {
                do {
                    return [try preset.timeline(direction)]
                } catch {
                    throw fail(error.description)
                }
            }
            do {
                return try file!.timelines(named: options.name, direction: direction)
            } catch {
                throw failPrinted(error.description)
            }
        }
    }

    private func loadFile(standardOutputIsOurs: Bool) throws(ExitCode) -> TransitionFileContents {
        guard params.isEmpty else {
            throw fail("--param sets a preset's parameters; in a transition file, change the Swift instead")
        }
        let timeout = self.timeout ?? TransitionFileLoader.defaultTimeout
        guard timeout.isFinite, timeout > 0 else { throw fail("--timeout must be a positive number of seconds") }
        let contents: TransitionFileContents
        do {
            var loader = try TransitionFileLoader.standard(timeout: timeout)
            loader.capturesProgramOutput = standardOutputIsOurs
            contents = try loader.load(source)
        } catch {
            throw failPrinted(error.description)
        }
        let report = contents.report
        if standardOutputIsOurs && !report.programOutput.isEmpty { printError(report.programOutput) }
        if !report.compilerOutput.isEmpty { printError(report.compilerOutput) }
        if verbose {
            let build = report.compileSeconds.map { "compiled in \(Self.format($0)) s" } ?? "unchanged, used the cached build"
            printError("segue: \(source): \(build) (key \(report.key.prefix(12))), ran in \(Self.format(report.runSeconds)) s")
        }
        return contents
    }

    private func presetTransition() throws(ExitCode) -> Transition {
        if Presets.all.allSatisfy({ $0.name != source }) {
            // A path, or a name the user meant as a file: say so rather than list the presets.
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) {
                throw fail(isFolder.boolValue
                    ? "'\(source)' is a folder; give a preset name or a transition file (NAME.swift), or show a folder's files with 'segue gallery \(source) -o site/'"
                    : "'\(source)' is not a transition file; a transition file's name ends in .swift (see 'segue new')")
            }
            if FileManager.default.fileExists(atPath: source + ".swift") {
                throw fail("there is no preset named '\(source)'; for the transition file, give its whole name: \(source).swift")
            }
            if source.contains("/") {
                throw fail("there is no file '\(source)', and a preset's name has no '/'; give a transition file (NAME.swift) or a preset (see 'segue presets')")
            }
        }
        do throws(PresetError) {
            let preset = try Presets.named(source)
            let overrides = try params.map { (text: String) throws(PresetError) in try Preset.splitOverride(text) }
            return try preset.transition(overrides: overrides)
        } catch {
            throw fail(error.message)
        }
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.3f", seconds)
    }
}

extension Direction: ExpressibleByArgument {}

/// Prints a report that already carries its severity (`error: …` or `path:line:column: error: …`
/// lines) to standard error, and exits with status 1.
func failPrinted(_ report: String) -> ExitCode {
    printError(report)
    return ExitCode.failure
}

/// Prints text to standard error, ending it with a newline.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
