import Foundation

/// The images a transition file uses: every string literal in it that names a PNG or JPEG
/// (`.image("detail.png")`, `Image(contentsOf: "art/cover.jpg")`), resolved the way the file's
/// program resolves it, against the file's folder. These are the only files besides the generated
/// documents the preview serves (under `/assets/NAME`, NAME as the file writes it), and, with the
/// file itself, the ones whose changes rebuild the preview.
public struct AssetReferences: Sendable, Equatable {
    /// The name as written in the file → its absolute path.
    public var files: [String: String]

    /// The extensions of images a transition may embed.
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// The images `source` (the text of the file at `path`) names.
    public init(source: String, path: String) {
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        var files: [String: String] = [:]
        for literal in Self.stringLiterals(in: source) {
            let ext = (literal as NSString).pathExtension.lowercased()
            guard Self.imageExtensions.contains(ext), !literal.contains("\\(") else { continue }
            let url = literal.hasPrefix("/") ? URL(fileURLWithPath: literal) : folder.appendingPathComponent(literal)
            files[literal] = url.standardizedFileURL.path
        }
        self.files = files
    }

    /// The images the file at `path` names now (none when it cannot be read).
    public init(path: String) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        self.init(source: text, path: path)
    }

    /// The absolute path of the image written as `name`, or nil when the file names no such image.
    public func path(for name: String) -> String? {
        files[name]
    }

    /// The content type of an image by its extension.
    public static func contentType(of path: String) -> String {
        (path as NSString).pathExtension.lowercased() == "png" ? "image/png" : "image/jpeg"
    }

    /// The contents of every one-line string literal (`"…"`), escapes left as written.
    static func stringLiterals(in source: String) -> [String] {
        var literals: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var current: String?
            var escaped = false
            for character in line {
                if var text = current {
                    if escaped { text.append(character); escaped = false; current = text; continue }
                    if character == "\\" { text.append(character); escaped = true; current = text; continue }
                    if character == "\"" { literals.append(text); current = nil; continue }
                    text.append(character)
                    current = text
                } else if character == "\"" {
                    current = ""
                }
            }
        }
        return literals
    }
}
