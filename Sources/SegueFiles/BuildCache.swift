import Segue

/// Compiled transition files, kept so that an unchanged file is not compiled again.
///
/// An entry is a folder `builds/KEY/` holding the program and `entry.json` (the path the file was
/// compiled at and the program's SHA-256). The key is the SHA-256 of the file's bytes, Segue's
/// version and build, the compiler's `--version` and the compile arguments' form. Only successful
/// builds are stored; an entry whose program is missing or altered is deleted and built again.
/// Beside the builds, `compilers/` keeps what each toolchain said to `--version`
/// (`identity(of:)`), so that a cache hit does not start swiftc.
public struct BuildCache: Sendable {
    /// The cache's folder.
    public var folder: URL

    /// A cache kept in `folder` (created when first needed).
    public init(folder: URL) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/segue`, else `~/.cache/segue`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = cacheHome(environment: environment) {
            return URL(fileURLWithPath: xdg).appendingPathComponent("segue")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/segue")
    }

    /// `XDG_CACHE_HOME` when it can hold caches: an absolute path that does not name a file. The
    /// XDG Base Directory specification has a relative one ignored; one naming a file is ignored
    /// too (swiftc, which keeps its module cache there, is then run without it).
    public static func cacheHome(environment: [String: String]) -> String? {
        guard let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") else { return nil }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: xdg, isDirectory: &isFolder), !isFolder.boolValue { return nil }
        return xdg
    }

    /// A stored build: the program and the path its file had when it was compiled (which its
    /// `#filePath` locations carry).
    public struct Entry: Codable, Sendable, Equatable {
        /// The version of this entry's format.
        public var formatVersion = 1
        /// The path the file had when it was compiled, as the user named it.
        public var sourcePath: String
        /// The program's SHA-256, checked before it is used.
        public var executableSHA256: String
    }

    /// The key of a file's build.
    public static func key(source: Data, parts: [String]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("segue-build-1".utf8))
        for chunk in [Data(SHA256.hash(data: source))] + parts.map({ Data($0.utf8) }) {
            hasher.update(data: Data(String(chunk.count).utf8 + [0]))
            hasher.update(data: chunk)
        }
        return hex(hasher.finalize())
    }

    /// The program stored under `key`, or nil. A damaged entry is removed.
    public func lookup(_ key: String) -> (executable: URL, entry: Entry)? {
        let entryFolder = builds.appendingPathComponent(key)
        guard FileManager.default.fileExists(atPath: entryFolder.path) else { return nil }
        let executable = entryFolder.appendingPathComponent(Self.executableName)
        guard let json = FileManager.default.contents(atPath: entryFolder.appendingPathComponent(Self.entryName).path),
              let entry = try? JSONDecoder().decode(Entry.self, from: json), entry.formatVersion == 1,
              let program = FileManager.default.contents(atPath: executable.path),
              Self.hex(SHA256.hash(data: program)) == entry.executableSHA256,
              FileManager.default.isExecutableFile(atPath: executable.path) else {
            try? FileManager.default.removeItem(at: entryFolder)
            return nil
        }
        return (executable, entry)
    }

    /// A new folder inside the cache to build in (on the cache's file system, so a finished build
    /// moves into place with one rename).
    public func makeWorkFolder() throws -> URL {
        let work = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return try TemporaryFolder.make(in: work, prefix: "build")
    }

    /// Stores the program built in `workFolder` (named `executableName`) under `key` and returns
    /// where it now is, or nil when it cannot be stored (the work folder is then left as it was).
    /// If another process stored the same key meanwhile, that entry is used and the work folder removed.
    public func store(_ key: String, workFolder: URL, sourcePath: String) -> URL? {
        let executable = workFolder.appendingPathComponent(Self.executableName)
        guard let program = FileManager.default.contents(atPath: executable.path),
              let json = try? JSONEncoder().encode(Entry(sourcePath: sourcePath, executableSHA256: Self.hex(SHA256.hash(data: program)))),
              (try? json.write(to: workFolder.appendingPathComponent(Self.entryName))) != nil,
              (try? FileManager.default.createDirectory(at: builds, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        let target = builds.appendingPathComponent(key)
        for _ in 0..<2 {
            if rename(workFolder.path, target.path) == 0 {
                return target.appendingPathComponent(Self.executableName)
            }
            if let (stored, _) = lookup(key) {      // stored meanwhile; a damaged entry is removed, then retried
                try? FileManager.default.removeItem(at: workFolder)
                return stored
            }
        }
        return nil
    }

    /// The program's file name inside a build folder.
    public static let executableName = "transition"
    private static let entryName = "entry.json"

    var builds: URL { folder.appendingPathComponent("builds") }

    static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}
