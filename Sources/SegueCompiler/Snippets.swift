import Foundation
import Segue

/// What to paste to use an exported file: Markdown and an `<img>` for an SVG, an include line for
/// a fragment, a link or `<iframe>` for a page. The CLI prints them after an export; the gallery
/// shows them under each transition.
public enum Snippets {
    /// Markdown that shows an SVG: `![alt](file)`.
    public static func markdown(file: String, timeline: Timeline) -> String {
        "![\(altText(timeline).replacingOccurrences(of: "]", with: "\\]"))](\(url(file)))"
    }

    /// An `<img>` element with the transition's size and alt text.
    public static func img(file: String, timeline: Timeline) -> String {
        let (width, height) = size(timeline)
        return "<img src=\"\(url(file))\" width=\"\(width)\" height=\"\(height)\" alt=\"\(attribute(altText(timeline)))\">"
    }

    /// An `<iframe>` that shows an HTML page with its player. Framed, the page leaves its title to
    /// the page around it and fits its stage to the frame (see player.js); the frame is as large
    /// as the stage with `framedMargin` round it, the controls below, and a browser's default
    /// 2 px frame border on each side.
    public static func iframe(file: String, timeline: Timeline) -> String {
        let size = timeline.size, edges = 2 * (framedMargin + 2)
        let width = SVGFormat.number((size.width + edges).rounded(.up))
        let height = SVGFormat.number((size.height + edges + controlsHeight(width: size.width)).rounded(.up))
        return "<iframe src=\"\(url(file))\" width=\"\(width)\" height=\"\(height)\" title=\"\(attribute(altText(timeline)))\"></iframe>"
    }

    /// The margin of a page of Segue's own in a frame (player.css: `.segue-framed .segue-page`).
    static let framedMargin = 8.0

    /// How tall the player's controls stand below a stage `width` wide, their margin above
    /// included (player.css): one row of 28 px from about 520 px, where all of them fit; two below.
    static func controlsHeight(width: Double) -> Double {
        width >= 520 ? 8 + 28 : 8 + 28 + 8 + 28
    }

    /// Server-side include lines for an HTML fragment.
    public static func include(file: String) -> String {
        "<!--#include file=\"\(attribute(file))\" --> (Jekyll: {% include_relative \(file) %})"
    }

    /// The lines the CLI prints after writing `path`.
    public static func usage(path: String, format: OutputFormat, timeline: Timeline, fragment: Bool = false) -> String {
        let file = reference(to: path)
        switch format {
        case .svg:
            return """
            use it in Markdown:  \(markdown(file: file, timeline: timeline))
                      in HTML:   \(img(file: file, timeline: timeline))
            """
        case .html where fragment:
            return "include it:  paste \(file) where the animation goes, or \(include(file: file))"
        case .html:
            return "open it:  \(file)  (a page with the player; link to it, or load it in an \(iframe(file: file, timeline: timeline)))"
        }
    }

    /// How a page in the current folder refers to the file at `path`: a relative path as given
    /// (`docs/reveal.svg` from a README beside `docs/`), without a leading `./`; an absolute path
    /// by its file name, for a page beside the file.
    static func reference(to path: String) -> String {
        guard !path.hasPrefix("/") else { return URL(fileURLWithPath: path).lastPathComponent }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2).drop { $0 == "/" } }
        return String(relative)
    }

    /// The transition's description, or its name when it has none.
    static func altText(_ timeline: Timeline) -> String {
        timeline.summary.isEmpty ? "\(timeline.name) transition" : timeline.summary
    }

    private static func size(_ timeline: Timeline) -> (String, String) {
        (SVGFormat.number(timeline.size.width), SVGFormat.number(timeline.size.height))
    }

    /// A file name as a relative URL: every byte but letters, digits and `-._~/` percent-encoded, so
    /// that spaces, quotes, brackets and parentheses end neither the Markdown link nor the attribute.
    static func url(_ file: String) -> String {
        file.addingPercentEncoding(withAllowedCharacters: urlCharacters) ?? file
    }

    private static let urlCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    private static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
