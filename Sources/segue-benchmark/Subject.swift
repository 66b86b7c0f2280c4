import Foundation
import Segue
import SegueFiles
import SeguePresets

/// A transition the benchmark measures: a preset with its default parameters (mock screens unless
/// asked otherwise) or a transition of a file in `examples/`.
struct Subject {
    let name: String
    /// The forward direction, measured.
    let timeline: Timeline
    /// The back direction, which an HTML page carries too.
    let reverse: Timeline?

    static func presets(screens: String? = nil) throws -> [Subject] {
        try Presets.all.map { preset in
            let transition = try preset.transition(overrides: screens.map { [(name: "screens", value: $0)] } ?? [])
            return Subject(name: preset.name, timeline: try transition.timeline(), reverse: try transition.timeline(.pop))
        }
    }

    /// Every transition of every file in `folder`, compiled and run as `segue export` does.
    static func examples(in folder: URL) throws -> [Subject] {
        let loader = try TransitionFileLoader.standard()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { file -> [Subject] in
            let contents = try loader.load(folder.appendingPathComponent(file).path)
            return contents.transitions.compactMap { entry in
                entry.push.timeline.map { Subject(name: "examples/\(file): \(entry.name)", timeline: $0, reverse: entry.pop.timeline) }
            }
        }
    }
}
