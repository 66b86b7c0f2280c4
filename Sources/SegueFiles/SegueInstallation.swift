import Segue

/// Where the `Segue` module and dynamic library that transition files compile against live, found
/// from the running program's own path, the way `swift build` finds `PackageDescription`.
///
/// Two layouts are recognised, in this order:
/// - installed: `PREFIX/bin/segue` with `PREFIX/lib/segue/Modules/Segue.swiftmodule` and
///   `PREFIX/lib/segue/libSegue.so`;
/// - a build folder: `.build/debug/segue` beside `.build/debug/Modules/Segue.swiftmodule` and
///   `.build/debug/libSegue.so`.
///
/// In both, the templates (`templates/` in the package) are the compiler's resources, in the
/// `Segue_SegueCompiler.resources/Templates` folder SwiftPM puts beside the binary.
public struct SegueInstallation: Sendable, Equatable {
    /// The folder holding `Segue.swiftmodule` (passed to swiftc with `-I`).
    public var moduleFolder: URL
    /// The folder holding the dynamic library (`-L`, and the program's run path).
    public var libraryFolder: URL
    /// The folder holding `starter.swift.mustache`, when there is one.
    public var templatesFolder: URL?

    /// An installation whose folders are known.
    public init(moduleFolder: URL, libraryFolder: URL, templatesFolder: URL? = nil) {
        self.moduleFolder = moduleFolder
        self.libraryFolder = libraryFolder
        self.templatesFolder = templatesFolder
    }

    /// The dynamic library's file name on this platform.
    public static var libraryName: String {
        #if os(macOS)
        "libSegue.dylib"
        #else
        "libSegue.so"
        #endif
    }

    /// The installation around the running program.
    public static func current() throws(TransitionFileError) -> SegueInstallation {
        try locate(executable: runningExecutable())
    }

    /// The installation around `executable` (symbolic links resolved first).
    public static func locate(executable: URL) throws(TransitionFileError) -> SegueInstallation {
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let prefix = folder.deletingLastPathComponent()
        let installed = prefix.appendingPathComponent("lib/segue")
        let templates = templatesFolder(in: folder)
        for (modules, library) in [(installed.appendingPathComponent("Modules"), installed), (folder.appendingPathComponent("Modules"), folder)]
        where hasSegue(modules: modules, library: library) {
            return SegueInstallation(moduleFolder: modules, libraryFolder: library, templatesFolder: templates)
        }
        throw .segueNotFound(searched: [installed.path, folder.path])
    }

    /// The templates folder beside the running program, found without the module and library:
    /// writing a starter file (`segue new`) needs only the templates.
    public static func currentTemplatesFolder() -> URL? {
        templatesFolder(besideExecutable: runningExecutable())
    }

    /// The templates folder beside `executable` (symbolic links resolved first), when it holds the
    /// starter template.
    public static func templatesFolder(besideExecutable executable: URL) -> URL? {
        templatesFolder(in: executable.resolvingSymlinksInPath().deletingLastPathComponent())
    }

    /// The templates folder inside `folder`, the one holding the program.
    private static func templatesFolder(in folder: URL) -> URL? {
        ["Segue_SegueCompiler.resources/Templates", "Segue_SegueCompiler.bundle/Contents/Resources/Templates"]
            .map { folder.appendingPathComponent($0) }
            .first { exists($0.appendingPathComponent(StarterTemplate.fileName)) }
    }

    /// A short description of the module and library files (paths, sizes, modification times), so
    /// that a cache key changes whenever Segue is rebuilt, even at the same version.
    public var fingerprint: String {
        let files = [moduleFolder.appendingPathComponent("Segue.swiftmodule"),
                     libraryFolder.appendingPathComponent(Self.libraryName)]
        return files.flatMap(Self.describeTree).joined(separator: "\n")
    }

    private static func describeTree(_ url: URL) -> [String] {
        let manager = FileManager.default
        var lines = [FileStamp.describe(url)]
        if let children = try? manager.contentsOfDirectory(atPath: url.path) {
            for child in children.sorted() { lines += describeTree(url.appendingPathComponent(child)) }
        }
        return lines
    }

    private static func hasSegue(modules: URL, library: URL) -> Bool {
        exists(modules.appendingPathComponent("Segue.swiftmodule")) && exists(library.appendingPathComponent(libraryName))
    }

    private static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    private static func runningExecutable() -> URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
