import Foundation
import Segue
import SegueFiles

/// Transition files written into fresh folders and loaded with the real swiftc and the Segue
/// library of this build. One cache serves every test run, so a source used by several tests
/// compiles once.
enum TransitionFileFixture {
    /// This test run's folder, removed when the run ends.
    static let runFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-files-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TransitionFileFixture.runFolder) }
        return url
    }()

    /// The cache shared by the tests that do not count compilations, kept between runs (builds are
    /// keyed by content and by the Segue library's build, so a stale one is never used).
    static let sharedCache = BuildCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("segue-tests-cache/segue"))

    /// A 2×1 orange PNG.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP838DAwMAAAAiIAYGJ410tAAAAAElFTkSuQmCC")!

    /// A new empty folder.
    static func folder() throws -> URL {
        let url = runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `source` as `name` in `folder` (a new one by default) and returns its path.
    @discardableResult
    static func write(_ source: String, named name: String = "Reveal.swift", in folder: URL? = nil) throws -> String {
        let url = try (folder ?? self.folder()).appendingPathComponent(name)
        try Data(source.utf8).write(to: url)
        return url.path
    }

    /// A loader over this build's Segue library that keeps what programs print.
    static func loader(compiler: (any TransitionCompiler)? = nil, cache: BuildCache? = sharedCache,
                       timeout: Double = TransitionFileLoader.defaultTimeout) throws -> TransitionFileLoader {
        var loader = TransitionFileLoader(compiler: try compiler ?? SwiftCompiler.find(), segue: try SegueInstallation.current(),
                                          cache: cache, segueVersion: "test", timeout: timeout)
        loader.capturesProgramOutput = true
        return loader
    }

    /// Loads `source`, written to a new folder, with the shared cache.
    static func load(_ source: String, named name: String = "Reveal.swift") throws -> (String, Result<TransitionFileContents, TransitionFileError>) {
        let path = try write(source, named: name)
        let loader = try loader()
        return (path, Result { () throws(TransitionFileError) in try loader.load(path) })
    }
}

/// swiftc, counting how often it compiles and how often it is asked for its identity.
final class CountingCompiler: TransitionCompiler, @unchecked Sendable {
    private let compiler: SwiftCompiler
    private let lock = NSLock()
    private var compilations = 0
    private var identities = 0

    init() throws {
        compiler = try SwiftCompiler.find()
    }

    var count: Int { lock.withLock { compilations } }
    var identityCount: Int { lock.withLock { identities } }
    var stamp: String? { compiler.stamp }

    func identity() throws(TransitionFileError) -> String {
        lock.withLock { identities += 1 }
        return try compiler.identity()
    }

    func compile(sourcePath: String, to executable: URL, against segue: SegueInstallation) throws(TransitionFileError) -> String {
        lock.withLock { compilations += 1 }
        return try compiler.compile(sourcePath: sourcePath, to: executable, against: segue)
    }
}
