import Foundation
import Mustache

/// The Mustache templates in `templates/` (shipped with the compiler as resources): the page,
/// the figure with its player, the player's CSS and script.
enum PageTemplates {
    static let library: Result<MustacheLibrary, ExportError> = {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            return .failure(ExportError("Segue's templates are missing (the Segue_SegueCompiler.resources folder must sit beside the segue binary); reinstall Segue"))
        }
        var library = MustacheLibrary()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            do {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                try library.register(name.hasSuffix(".js") ? shipped(script: text) : text, named: name)
            } catch {
                return .failure(ExportError("Segue's template '\(file)' cannot be read (\(error)); reinstall Segue"))
            }
        }
        return .success(library)
    }()

    /// A script as a page carries it: without indentation, blank lines and the lines that only
    /// comment it. The template keeps them for whoever works on it; every page Segue writes would
    /// otherwise carry them too (a quarter of the player's template).
    static func shipped(script: String) -> String {
        script.split(separator: "\n")
            .map { $0.drop { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
            .joined(separator: "\n") + "\n"
    }

    /// Renders a template with a dictionary of values.
    static func render(_ name: String, _ values: [String: Any]) throws(ExportError) -> String {
        let library = try library.get()
        guard let text = library.render(values, withTemplate: name) else {
            throw ExportError("Segue's template '\(name)' is missing; reinstall Segue")
        }
        return text
    }
}
