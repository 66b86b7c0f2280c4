import Foundation
import SegueFiles
import Testing

struct BuildCacheTests {
    @Test func theKeyChangesWithEveryPart() {
        let source = Data("import Segue\n".utf8)
        let key = BuildCache.key(source: source, parts: ["0.1.0", "Swift 6.3", "lib 1"])
        #expect(key.count == 64)
        #expect(key == BuildCache.key(source: source, parts: ["0.1.0", "Swift 6.3", "lib 1"]))
        #expect(key != BuildCache.key(source: Data("import Segue \n".utf8), parts: ["0.1.0", "Swift 6.3", "lib 1"]))
        #expect(key != BuildCache.key(source: source, parts: ["0.1.1", "Swift 6.3", "lib 1"]))
        #expect(key != BuildCache.key(source: source, parts: ["0.1.0", "Swift 6.4", "lib 1"]))
        #expect(key != BuildCache.key(source: source, parts: ["0.1.0", "Swift 6.3", "lib 2"]))
        #expect(key != BuildCache.key(source: source, parts: ["0.1.0Swift 6.3", "", "lib 1"]))
    }

    @Test func theFolderFollowsXDG() {
        #expect(BuildCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path == "/c/segue")
        #expect(BuildCache.defaultFolder(environment: ["HOME": "/h"]).path == "/h/.cache/segue")
        #expect(BuildCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).path == "/h/.cache/segue")
    }

    @Test func anXDGCacheHomeNamingAFileIsIgnored() throws {
        let file = try TransitionFileFixture.folder().appendingPathComponent("not-a-folder")
        try Data().write(to: file)
        #expect(BuildCache.cacheHome(environment: ["XDG_CACHE_HOME": file.path]) == nil)
        #expect(BuildCache.defaultFolder(environment: ["XDG_CACHE_HOME": file.path, "HOME": "/h"]).path == "/h/.cache/segue")
        let missing = file.deletingLastPathComponent().appendingPathComponent("made-when-needed").path
        #expect(BuildCache.cacheHome(environment: ["XDG_CACHE_HOME": missing]) == missing)
    }

    @Test func storedBuildsAreFoundAndDamagedOnesForgotten() throws {
        let cache = BuildCache(folder: try TransitionFileFixture.folder())
        #expect(cache.lookup("k") == nil)
        func build(_ bytes: String) throws -> URL {
            let work = try cache.makeWorkFolder()
            let program = work.appendingPathComponent(BuildCache.executableName)
            try Data(bytes.utf8).write(to: program)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
            return work
        }
        let stored = try #require(cache.store("k", workFolder: try build("#!/bin/sh\n"), sourcePath: "R.swift"))
        let found = try #require(cache.lookup("k"))
        #expect(found.executable == stored)
        #expect(found.entry.sourcePath == "R.swift")

        // A second store of the same key keeps the first and tidies its own work folder away.
        let second = try build("#!/bin/sh\n")
        #expect(cache.store("k", workFolder: second, sourcePath: "Other.swift") == stored)
        #expect(!FileManager.default.fileExists(atPath: second.path))

        try Data("#!/bin/sh\nexit 1\n".utf8).write(to: stored)
        #expect(cache.lookup("k") == nil)
        #expect(!FileManager.default.fileExists(atPath: stored.deletingLastPathComponent().path))
    }
}

/// A compiler whose identity and stamp the test sets, counting how often it is asked.
private final class StampedCompiler: TransitionCompiler, @unchecked Sendable {
    var stamp: String?
    var version = "Swift 1"
    private(set) var asked = 0

    init(stamp: String?) {
        self.stamp = stamp
    }

    func identity() throws(TransitionFileError) -> String {
        asked += 1
        return version
    }

    func compile(sourcePath: String, to executable: URL, against segue: SegueInstallation) throws(TransitionFileError) -> String { "" }
}

extension BuildCacheTests {
    @Test func aCompilersIdentityIsKeptForItsStamp() throws {
        let cache = BuildCache(folder: try TransitionFileFixture.folder())
        let compiler = StampedCompiler(stamp: "swift-driver 1 2 3")
        #expect(try cache.identity(of: compiler) == "Swift 1")
        compiler.version = "Swift 2"
        #expect(try cache.identity(of: compiler) == "Swift 1")
        #expect(try BuildCache(folder: cache.folder).identity(of: compiler) == "Swift 1")
        #expect(compiler.asked == 1)

        // New files: asked again, and kept.
        compiler.stamp = "swift-driver 1 2 4"
        #expect(try cache.identity(of: compiler) == "Swift 2")
        #expect(try cache.identity(of: compiler) == "Swift 2")
        #expect(compiler.asked == 2)

        // A damaged record is asked again.
        let records = cache.folder.appendingPathComponent("compilers")
        for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
            try Data("{not json".utf8).write(to: records.appendingPathComponent(name))
        }
        compiler.version = "Swift 3"
        #expect(try cache.identity(of: compiler) == "Swift 3")
        #expect(compiler.asked == 3)

        // Without a stamp, every time; and nothing is left in the cache's work folder.
        let unstamped = StampedCompiler(stamp: nil)
        for _ in 0..<2 { #expect(try cache.identity(of: unstamped) == "Swift 1") }
        #expect(unstamped.asked == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder.appendingPathComponent("tmp").path).isEmpty)
    }
}
