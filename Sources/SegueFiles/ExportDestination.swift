import Segue

/// Where `segue export SOURCE -o OUTPUT` writes: OUTPUT itself for one transition, or
/// `OUTPUT/NAME.svg` for each transition when OUTPUT is a folder (ends with `/` or exists as one).
public struct ExportDestination: Sendable, Equatable {
    /// The output as given.
    public var output: String

    /// The destination `-o` names.
    public init(_ output: String) {
        self.output = output
    }

    /// True when the output names a folder.
    public var isFolder: Bool {
        var isDirectory: ObjCBool = false
        return output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// The file each named transition goes to, in order. Several transitions need a folder.
    public func paths(for names: [String], from source: String, fileExtension: String = "svg") throws(TransitionFileError) -> [String] {
        guard isFolder else {
            guard names.count == 1 else { throw .ambiguous(path: source, names: names) }
            return [output]
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        return names.map { "\(folder)\($0).\(fileExtension)" }
    }

    /// Creates the folder (and its parents) if it does not exist yet.
    public func createFolder() throws {
        guard isFolder else { return }
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    }
}
