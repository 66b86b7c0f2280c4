import Foundation
import SegueCompiler

/// The `--stats` line of an SVG export.
enum StatsReport {
    static func line(path: String, figures: SVGStats, replayed: Double) -> String {
        func px(_ v: Double) -> String { String(format: "%.3f px", v) }
        var parts = ["\(figures.keyframes) keyframes in \(figures.animations) animations", "\(figures.bytes) bytes",
                     "worst deviation \(px(replayed)) (SMIL replay of the file against the model)"]
        if figures.worstContentDeviation > 0 {
            // Drawn in strips: in perspective, or placed in a way SVG cannot say exactly.
            parts.append("text and images drawn in strips within \(px(figures.worstContentDeviation))")
        }
        return "stats \(path): " + parts.joined(separator: ", ")
    }
}
