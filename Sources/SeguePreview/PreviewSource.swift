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

    /// Both directions of the transition, loaded now (a transition file is compiled and run, its
    /// build cached). Every failure is a `PreviewProblem` ready for the page's overlay.
    public func load() throws(PreviewProblem) -> (push: Timeline, pop: Timeline) {
        switch self {
        case .preset(let name, let overrides):
            do {
                let preset = try Presets.named(name)
                let pairs = try overrides.map { (text: String) throws(PresetError) in try Preset.splitOverride(text) }
                let transition = try preset.transition(overrides: pairs)
                return (try transition.timeline(.push), try transition.timeline(.pop))
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
                return (try contents.timeline(named: transition, direction: .push),
                        try contents.timeline(named: transition, direction: .pop))
            } catch {
                throw PreviewProblem(report: error.description)
            }
        }
    }
}
