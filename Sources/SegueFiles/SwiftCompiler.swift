import Segue

/// Compiles a transition file into a program linked against the Segue library. `SwiftCompiler` runs
/// swiftc; tests substitute their own to count or refuse compilations.
public protocol TransitionCompiler: Sendable {
    /// What identifies this compiler in cache keys (for swiftc, `swiftc --version` and the form of
    /// the arguments it is given).
    func identity() throws(TransitionFileError) -> String
    /// A cheap description of the compiler's files on disk that changes whenever `identity()` may
    /// (paths, sizes, modification times), so that the identity can be kept between runs; nil
    /// when there is none, and `identity()` is then asked every time.
    var stamp: String? { get }
    /// Compiles the file at `sourcePath` (as the user named it, so the compiler's messages and
    /// `#filePath` name it) into an executable at `executable`. Returns what the compiler printed
    /// (warnings) on success; throws `.compileFailed` with its messages otherwise.
    func compile(sourcePath: String, to executable: URL, against segue: SegueInstallation) throws(TransitionFileError) -> String
}

extension TransitionCompiler {
    public var stamp: String? { nil }
}

/// swiftc, found through `SWIFT_EXEC` or on the PATH.
///
/// It runs with a temporary folder of its own (`TMPDIR`), removed when it is done: swiftc 6's
/// driver leaves an empty `TemporaryDirectory.*` folder behind after `--version`, which would
/// otherwise pile up in the system's temporary folder, one for every export of a transition file.
/// An `XDG_CACHE_HOME` that cannot hold caches (`BuildCache.cacheHome(environment:)`) is not passed
/// on: swiftc would fail to make its module cache there.
public struct SwiftCompiler: TransitionCompiler {
    /// The compiler's executable.
    public var executable: URL
    /// Where the compiler's own temporary folders are made.
    public var temporaryParent: URL

    /// The compiler at `executable`, with its temporary folders made in `temporaryParent`.
    public init(executable: URL, temporaryParent: URL = FileManager.default.temporaryDirectory) {
        self.executable = executable
        self.temporaryParent = temporaryParent
    }

    /// The compiler named by `SWIFT_EXEC` (as for SwiftPM), else `swiftc` on the PATH.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(TransitionFileError) -> SwiftCompiler {
        if let exec = environment["SWIFT_EXEC"], !exec.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: exec) else { throw .compilerNotFound }
            return SwiftCompiler(executable: URL(fileURLWithPath: exec))
        }
        guard let found = ChildProcess.find("swiftc", path: environment["PATH"]) else { throw .compilerNotFound }
        return SwiftCompiler(executable: found)
    }

    public func identity() throws(TransitionFileError) -> String {
        let outcome = try run { _ in ["--version"] }
        guard outcome.ending == .exited(0) else { throw .compilerNotFound }
        let placeholder = URL(fileURLWithPath: "/")
        let form = Self.arguments(sourcePath: "", executable: placeholder, segue: SegueInstallation(moduleFolder: placeholder, libraryFolder: placeholder))
        return String(decoding: outcome.output, as: UTF8.self) + form.joined(separator: " ")
    }

    /// The arguments that compile `sourcePath` as the main file of a program (top-level code runs
    /// in order), in Swift 5 language mode so top-level variables need no actor annotations, with
    /// line tables so that a crash's backtrace shows the user's line. `objectsFolder`: where the
    /// compiled files of `.objects` linking are linked from (links to them, see `compile`).
    public static func arguments(sourcePath: String, executable: URL, segue: SegueInstallation,
                                 objectsFolder: URL? = nil) -> [String] {
        let code: [String] = switch segue.linking {
        case .library(let folder):
            ["-L", folder.path, "-lSegue", "-Xlinker", "-rpath", "-Xlinker", folder.path]
        case .objects(let files):
            files.indices.map { index in (objectsFolder.map { linkedName(files, index, in: $0) } ?? files[index]).path }
        }
        return ["-swift-version", "5", "-gline-tables-only", "-module-name", "TransitionFile", "-I", segue.moduleFolder.path]
            + code + [sourcePath, "-o", executable.path]
    }

    public func compile(sourcePath: String, to executable: URL, against segue: SegueInstallation) throws(TransitionFileError) -> String {
        let outcome = try run { scratch in
            // Compiled files are linked through links to them in the compiler's own folder: the
            // driver writes the list of libraries they need beside the first of them, which would
            // otherwise land in (and race in) the build folder.
            var objectsFolder: URL? = nil
            if case .objects(let files) = segue.linking, let scratch {
                let folder = scratch.appendingPathComponent("objects")
                if (try? Self.link(files, into: folder)) != nil { objectsFolder = folder }
            }
            return Self.arguments(sourcePath: sourcePath, executable: executable, segue: segue, objectsFolder: objectsFolder)
        }
        let printed = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.ending == .exited(0) else { throw .compileFailed(path: sourcePath, output: printed) }
        return printed
    }

    /// Makes `folder` and a symbolic link in it to each of `files`.
    private static func link(_ files: [URL], into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in files.indices {
            try FileManager.default.createSymbolicLink(at: linkedName(files, index, in: folder), withDestinationURL: files[index])
        }
    }

    /// The link in `folder` to the file at `index` of `files`: numbered, as two sources in
    /// different folders may share a name.
    private static func linkedName(_ files: [URL], _ index: Int, in folder: URL) -> URL {
        folder.appendingPathComponent("\(index)-\(files[index].lastPathComponent)")
    }

    /// The files of a toolchain's driver (`swiftc` is a link to `swift-driver`, which runs
    /// `swift-frontend` beside it). Nil for anything else: a wrapper or a toolchain selector such
    /// as swiftly's may run another compiler from one run to the next.
    public var stamp: String? {
        let driver = executable.resolvingSymlinksInPath()
        guard driver.lastPathComponent == "swift-driver" else { return nil }
        let frontend = driver.deletingLastPathComponent().appendingPathComponent("swift-frontend")
        return ([executable.path] + [driver, frontend].map(FileStamp.describe)).joined(separator: "\n")
    }

    /// Runs the compiler, its output captured, in a temporary folder of its own, with the
    /// arguments `arguments` gives for that folder (nil when none could be made).
    private func run(_ arguments: (URL?) -> [String]) throws(TransitionFileError) -> ChildProcess.Outcome {
        var environment = ProcessInfo.processInfo.environment
        let scratch = try? TemporaryFolder.make(in: temporaryParent, prefix: "segue-swiftc")
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        if let scratch { environment["TMPDIR"] = scratch.path }
        let arguments = arguments(scratch)
        if BuildCache.cacheHome(environment: environment) == nil { environment["XDG_CACHE_HOME"] = nil }
        do {
            return try ChildProcess(executable: executable, arguments: arguments, environment: environment, captureOutput: true).run()
        } catch {
            throw .compilerNotFound
        }
    }
}
