import Foundation
import Segue
import SegueCompiler
import SegueFiles
import SeguePresets

/// The inputs Segue reads from outside, as fuzz targets: each takes arbitrary bytes and must either
/// accept them or refuse them with a message, never crash or hang. `segue-fuzz` runs them under
/// libFuzzer (`scripts/fuzz`); the tests replay the kept corpus (`Tests/Fuzz/corpus/<target>`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A transition file's output as the compiler reads it: Timeline JSON, decoded, checked
    /// (`TimelineCheck`), and, when sound, evaluated at its start, middle and end.
    case timeline
    /// The `--param name=value` overrides of a preset: the first byte picks the preset, each line
    /// after it is one `--param`; accepted overrides build and resolve the transition.
    case param

    /// Runs one input; returns false when it was refused (a message, as a user would see it).
    @discardableResult
    public func run(_ data: Data) -> Bool {
        switch self {
        case .timeline: Self.timeline(data)
        case .param: Self.param(data)
        }
    }

    private static func timeline(_ data: Data) -> Bool {
        guard let timeline = try? Timeline.decode(data), TimelineCheck.problem(in: timeline) == nil else { return false }
        let evaluator = Evaluator(timeline)
        for time in [0, timeline.duration / 2, timeline.duration] { _ = evaluator.state(at: time) }
        return true
    }

    private static func param(_ data: Data) -> Bool {
        guard let first = data.first else { return false }
        let preset = Presets.all[Int(first) % Presets.all.count]
        let lines = String(decoding: data.dropFirst(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        do {
            let overrides = try lines.prefix(8).map { line throws(PresetError) in try Preset.splitOverride(String(line)) }
            _ = try preset.transition(overrides: overrides).timeline()
            return true
        } catch {
            return false
        }
    }
}
