import Foundation
import Segue
import SegueCompiler

/// Everything the preview serves for one good build of the transition, rendered once when the
/// source changes: the HTML fragment (CSS 3D, the shared player), both SVGs (SMIL, as an `<img>`
/// embed shows them), and the key numbers sampled per frame.
public struct PreviewBuild: Sendable {
    /// Counts good builds from 1; the page asks for documents of a version.
    public var version: Int
    /// The transition's name.
    public var name: String
    /// One line about it.
    public var summary: String
    /// Its duration in seconds.
    public var duration: Double
    /// Its size in points (CSS px).
    public var size: Size
    /// The embed fragment `segue export --embed` writes: the figure, its styles and the player.
    public var fragment: Data
    /// The SMIL SVGs, per direction.
    public var svg: [Direction: Data]
    /// Every transition the source declares, in order (the page offers them when there are several).
    public var transitions: [String]
    /// The key numbers of each direction, as JSON: `{"push": KeyNumbers, "pop": KeyNumbers}`.
    public var keyNumbers: Data

    /// Renders both directions; any export failure is a problem for the overlay.
    public init(push: Timeline, pop: Timeline, transitions: [String]? = nil, version: Int) throws(PreviewProblem) {
        self.version = version
        self.transitions = transitions ?? [push.name]
        name = push.name
        summary = push.summary
        duration = push.duration
        size = push.size
        do {
            fragment = try Exporter.render(push, reverse: pop, as: .html,
                                           options: ExportOptions(html: HTMLOptions(fragment: true)))
            svg = [.push: try Exporter.render(push, as: .svg), .pop: try Exporter.render(pop, as: .svg)]
        } catch {
            throw PreviewProblem(message: error.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        keyNumbers = (try? encoder.encode(["push": KeyNumbers(push), "pop": KeyNumbers(pop)])) ?? Data("{}".utf8)
    }
}
