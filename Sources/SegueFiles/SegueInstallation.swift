import Segue

/// Where the `Segue` module and the code that transition files compile against live, found from
/// the running program's own path, the way `swift build` finds `PackageDescription`.
///
/// Three layouts are recognised, in this order:
/// - installed: `PREFIX/bin/segue` with `PREFIX/lib/segue/Modules/Segue.swiftmodule` and
///   `PREFIX/lib/segue/libSegue.so`;
/// - a build folder: `.build/debug/segue` beside `.build/debug/Modules/Segue.swiftmodule` and
///   `.build/debug/libSegue.so`;
/// - a build folder without the library, as `swift run segue` leaves it (it builds the `segue`
///   program alone): the module, and the `Segue` target's compiled files that SwiftPM lists in
///   `.build/debug/Segue.build/output-file-map.json`, linked into the program.
///
/// In each, the templates (`templates/` in the package) are the compiler's resources, in the
/// `Segue_SegueCompiler.resources/Templates` folder SwiftPM puts beside the binary.
public struct SegueInstallation: Sendable, Equatable {
    /// How a transition program gets Segue's code.
    public enum Linking: Sendable, Equatable {
        /// The dynamic library in this folder (`-L`, and the program's run path).
        case library(folder: URL)
        /// The `Segue` target's compiled files in a build folder that has no library yet, linked
        /// into the program.
        case objects([URL])
    }

    /// The folder holding `Segue.swiftmodule` (passed to swiftc with `-I`).
    public var moduleFolder: URL
    /// Where the program's Segue code comes from.
    public var linking: Linking
    /// The folder holding `starter.swift.mustache`, when there is one.
    public var templatesFolder: URL?

    /// An installation whose module and code are known.
    public init(moduleFolder: URL, linking: Linking, templatesFolder: URL? = nil) {
        self.moduleFolder = moduleFolder
        self.linking = linking
        self.templatesFolder = templatesFolder
    }

    /// An installation with the dynamic library in `libraryFolder`.
    public init(moduleFolder: URL, libraryFolder: URL, templatesFolder: URL? = nil) {
        self.init(moduleFolder: moduleFolder, linking: .library(folder: libraryFolder), templatesFolder: templatesFolder)
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
        let builtModules = folder.appendingPathComponent("Modules")
        for (modules, library) in [(installed.appendingPathComponent("Modules"), installed), (builtModules, folder)]
        where hasSegue(modules: modules, library: library) {
            return SegueInstallation(moduleFolder: modules, libraryFolder: library, templatesFolder: templates)
        }
        if hasModule(builtModules), let objects = compiledFiles(of: folder.appendingPathComponent("Segue.build")) {
            return SegueInstallation(moduleFolder: builtModules, linking: .objects(objects), templatesFolder: templates)
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

    /// A short description of the module and code files (paths, sizes, modification times), so
    /// that a cache key changes whenever Segue is rebuilt, even at the same version.
    public var fingerprint: String {
        let code = switch linking {
        case .library(let folder): [folder.appendingPathComponent(Self.libraryName)]
        case .objects(let files): files
        }
        return ([moduleFolder.appendingPathComponent("Segue.swiftmodule")] + code).flatMap(Self.describeTree).joined(separator: "\n")
    }

    /// The compiled files of the target built in `targetFolder` (`Segue.build`), as its
    /// `output-file-map.json` lists them: the sources' objects SwiftPM links, not whatever else
    /// the folder holds (a source since removed leaves its object behind), or, where they were
    /// not made, the whole module's one object (a release build optimised as a whole on one
    /// thread). Nil when the map is missing or the objects it names are not there.
    static func compiledFiles(of targetFolder: URL) -> [URL]? {
        guard let data = FileManager.default.contents(atPath: targetFolder.appendingPathComponent("output-file-map.json").path),
              let map = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func object(_ key: String) -> URL? {
            ((map[key] as? [String: Any])?["object"] as? String).map { URL(fileURLWithPath: $0) }
        }
        let sources = map.keys.filter { !$0.isEmpty }.compactMap(object).sorted { $0.path < $1.path }
        if !sources.isEmpty && sources.allSatisfy(exists) { return sources }
        return object("").flatMap { exists($0) ? [$0] : nil }
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
        hasModule(modules) && exists(library.appendingPathComponent(libraryName))
    }

    private static func hasModule(_ modules: URL) -> Bool {
        exists(modules.appendingPathComponent("Segue.swiftmodule"))
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
