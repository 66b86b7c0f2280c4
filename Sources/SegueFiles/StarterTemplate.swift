import Segue

/// The template `segue new NAME` fills in to start a transition file: `starter.swift.mustache` in
/// the installation's templates folder, with `{{name}}` (the transition's name, `card-fan` for
/// `CardFan`) and `{{fileName}}` (`CardFan.swift`).
public struct StarterTemplate: Sendable {
    /// The template's file name inside the templates folder.
    public static let fileName = "starter.swift.mustache"

    /// The template's text.
    public var text: String

    /// A template with the given text.
    public init(text: String) {
        self.text = text
    }

    /// Reads the template from `folder`.
    public init(in folder: URL?) throws(Problem) {
        guard let folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.fileName).path) else {
            throw .templateMissing(folder: folder?.path)
        }
        text = String(decoding: data, as: UTF8.self)
    }

    /// The file for `segue new NAME`: `NAME.swift` (NAME may include folders and may end in `.swift`).
    public static func filePath(for name: String) throws(Problem) -> String {
        let path = name.hasSuffix(".swift") ? name : name + ".swift"
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard let first = base.unicodeScalars.first, first.properties.isAlphabetic,
              base.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
            throw .badName(name)
        }
        return path
    }

    /// The transition name for a file name, in lower case with words split at capitals:
    /// `CardFan.swift` → `card-fan`, `HTTPReveal.swift` → `http-reveal`, `page_stack` → `page-stack`.
    public static func transitionName(forFile path: String) -> String {
        let base = Array(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        var name = ""
        for (index, character) in base.enumerated() {
            let previous = index > 0 ? base[index - 1] : nil
            let next = index + 1 < base.count ? base[index + 1] : nil
            let startsWord = character.isUppercase && previous.map { previous in
                previous.isLowercase || (previous.isUppercase && next?.isLowercase == true)
            } == true
            if startsWord { name.append("-") }
            name.append(character == "_" ? "-" : Character(character.lowercased()))
        }
        return name
    }

    /// The template filled in for the file at `path`.
    public func render(forFile path: String) -> String {
        let values = ["name": Self.transitionName(forFile: path), "fileName": URL(fileURLWithPath: path).lastPathComponent]
        var result = text
        for (key, value) in values { result = result.replacingOccurrences(of: "{{\(key)}}", with: value) }
        return result
    }

    /// Writes the filled-in template to `path`, never over an existing file.
    public func write(to path: String) throws(Problem) {
        guard !FileManager.default.fileExists(atPath: path) else { throw .exists(path) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .noFolder(folder)
        }
        do {
            try Data(render(forFile: path).utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw .unwritable(path, error.localizedDescription)
        }
    }

    /// Why a starter file could not be written.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The name cannot be a file and transition name.
        case badName(String)
        /// A file is already there.
        case exists(String)
        /// The folder the file would go in does not exist.
        case noFolder(String)
        /// The file cannot be written (path, reason).
        case unwritable(String, String)
        /// The template is not installed.
        case templateMissing(folder: String?)

        public var description: String {
            switch self {
            case .badName(let name):
                "error: '\(name)' is not a usable name; use letters, digits, '-' and '_', starting with a letter, e.g. 'segue new Reveal'"
            case .exists(let path):
                "error: '\(path)' already exists; choose another name or move that file away"
            case .noFolder(let folder):
                "error: the folder '\(folder)' does not exist; create it first or choose another path"
            case .unwritable(let path, let reason):
                "error: cannot write '\(path)' (\(reason)); check that its folder exists and is writable"
            case .templateMissing(let folder):
                "error: cannot find the starter template \(StarterTemplate.fileName)\(folder.map { " in \($0)" } ?? ""); install segue with the Segue_SegueCompiler.resources folder beside it, as the README shows"
            }
        }
    }
}
