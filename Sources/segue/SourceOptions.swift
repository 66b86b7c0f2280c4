import ArgumentParser
import Segue
import SeguePresets

/// What to compile: a preset and its parameters, in one direction.
struct SourceOptions: ParsableArguments {
    @Argument(help: "A preset name (see 'segue presets').")
    var source: String

    @Option(name: .long, help: "push (forward) or pop (back).")
    var direction: Direction = .push

    @Option(name: .customLong("param"), help: ArgumentHelp("A preset parameter as name=value; repeat for several.", valueName: "name=value"))
    var params: [String] = []

    /// The transition (both directions), or a one-line error.
    func transition() throws(ExitCode) -> Transition {
        if source.hasSuffix(".swift") {
            throw fail("'\(source)' is a transition file; this version exports the built-in presets only (see 'segue presets')")
        }
        do {
            let preset = try Presets.named(source)
            let overrides = try params.map { (text: String) throws(PresetError) in try Preset.splitOverride(text) }
            return try preset.transition(overrides: overrides)
        } catch {
            throw fail(error.message)
        }
    }

    /// The resolved timeline, or a one-line error.
    func timeline() throws(ExitCode) -> Timeline {
        if source.hasSuffix(".swift") {
            throw fail("'\(source)' is a transition file; this version exports the built-in presets only (see 'segue presets')")
        }
        do {
            let preset = try Presets.named(source)
            let overrides = try params.map { (text: String) throws(PresetError) in try Preset.splitOverride(text) }
            return try preset.transition(overrides: overrides).timeline(direction)
        } catch let error as PresetError {
            throw fail(error.message)
        } catch let error as DiagnosticError {
            throw fail(error.description)
        } catch {
            throw fail("\(error)")
        }
    }
}

extension Direction: ExpressibleByArgument {}
