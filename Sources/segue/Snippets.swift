import Foundation
import Segue
import SegueCompiler

/// What to paste to use an exported file: Markdown and an `<img>` for an SVG, a link for a page.
enum Snippets {
    static func usage(path: String, format: OutputFormat, timeline: Timeline, fragment: Bool = false) -> String {
        let file = URL(fileURLWithPath: path).lastPathComponent
        let alt = (timeline.summary.isEmpty ? "\(timeline.name) transition" : timeline.summary)
            .replacingOccurrences(of: "\"", with: "&quot;")
        let width = SVGFormat.number(timeline.size.width), height = SVGFormat.number(timeline.size.height)
        switch format {
        case .svg:
            return """
            use it in Markdown:  ![\(alt.replacingOccurrences(of: "]", with: "\\]"))](\(file))
                      in HTML:   <img src="\(file)" width="\(width)" height="\(height)" alt="\(alt)">
            """
        case .html where fragment:
            return "include it:  paste \(file) where the animation goes, or <!--#include file=\"\(file)\" --> (Jekyll: {% include_relative \(file) %})"
        case .html:
            return "open it:  \(file)  (a page with the player; link to it, or load it in an <iframe src=\"\(file)\" width=\"\(width)\" height=\"\(height)\">)"
        }
    }
}
