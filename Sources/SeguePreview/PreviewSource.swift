import Foundation
import Segue
import SegueFiles
import SeguePresets

/// What a preview shows: a built-in preset with its parameters, or a transition file that is
/// compiled again every time it (or an image beside it) changes.
public enum PreviewSource: Sendable {
    /// A preset by name, with `name=value` overrides of its parameters.
    case preset(name: String, overrides: [String])
    /// A transition file (`Reveal.swift`), and the transition to show when it declares several.
    case file(path: String, transition: String?, timeout: Double)

    /// The source a command-line argument names: a path ending in `.swift` is a transition file,
    /// anything else a preset.
    public init(argument: String, params: [String] = [], transition: String? = nil,
                timeout: Double = TransitionFileLoader.defaultTimeout) {
        if argument.hasSuffix(".swift") {
            self = .file(path: argument, transition: transition, timeout: timeout)
        } else {
            self = .preset(name: argument, overrides: params)
        }
    }

    /// The transition file, when the source is one.
    public var filePath: String? {
        if case .file(let path, _, _) = self { return path }
        return nil
    }

    /// What a load gives: both directions of the transition shown, and every transition the
    /// source declares (a preset declares one), for the page's picker.
    public struct Loaded: Sendable {
        public var push: Timeline
        public var pop: Timeline
        public var names: [String]
    }

    /// Both directions of the transition, loaded now (a transition file is compiled and run, its
    /// build cached): the one named `selection`, else the one `--name` gave, else the file's first.
    /// Every failure is a `PreviewProblem` ready for the page's overlay.
    public func load(selection: String? = nil) throws(PreviewProblem) -> Loaded {
        switch self {
        case .preset(let name, let overrides):
            do {
                let preset = try Presets.named(name)
                let pairs = try overrides.map { (text: String) throws(PresetError) in try Preset.splitOverride(text) }
                let transition = try preset.transition(overrides: pairs)
                return Loaded(push: try transition.timeline(.push), pop: try transition.timeline(.pop), names: [transition.name])
            } catch let error as PresetError {
                throw PreviewProblem(message: error.message)
            } catch {
                throw PreviewProblem(report: "\(error)")
            }
        case .file(let path, let transition, let timeout):
            do {
                var loader = try TransitionFileLoader.standard(timeout: timeout)
                loader.capturesProgramOutput = true
                let contents = try loader.load(path)
                // A picked transition that was renamed or removed falls back to the first.
                var chosen = transition ?? contents.names.first
                if let selection, contents.names.contains(selection) { chosen = selection }
                return Loaded(push: try contents.timeline(named: chosen, direction: .push),
                              pop: try contents.timeline(named: chosen, direction: .pop), names: contents.names)
            } catch {
                throw PreviewProblem(report: error.description)
            }
        }
    }
}
