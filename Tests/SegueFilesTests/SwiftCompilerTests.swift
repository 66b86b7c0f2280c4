import Foundation
import SegueFiles
import Testing

struct SwiftCompilerTests {
    /// Writes an executable shell script.
    func script(_ url: URL, _ body: String) throws {
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    @Test func theCompilerRunsInATemporaryFolderOfItsOwnThatIsRemoved() throws {
        // A stand-in for swiftc 6's driver, which leaves a folder behind in TMPDIR after --version.
        let folder = try TransitionFileFixture.folder()
        let compilerURL = folder.appendingPathComponent("swiftc")
        try script(compilerURL, "echo \"tmp=$TMPDIR\"; [ -n \"$TMPDIR\" ] && mkdir \"$TMPDIR/TemporaryDirectory.left\"")
        let parent = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let compiler = SwiftCompiler(executable: compilerURL, temporaryParent: parent)

        let identity = try compiler.identity()
        #expect(identity.contains("tmp=\(parent.path)/segue-swiftc-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)

        let printed = try compiler.compile(sourcePath: "R.swift", to: folder.appendingPathComponent("R"),
                                           against: SegueInstallation(moduleFolder: folder, libraryFolder: folder))
        #expect(printed.hasPrefix("tmp=\(parent.path)/segue-swiftc-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    @Test func aToolchainsDriverIsStampedByItsFiles() throws {
        let bin = try TransitionFileFixture.folder()
        try script(bin.appendingPathComponent("swift-driver"), "echo Swift version 9")
        try script(bin.appendingPathComponent("swift-frontend"), "exit 0")
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("swiftc").path, withDestinationPath: "swift-driver")
        let compiler = SwiftCompiler(executable: bin.appendingPathComponent("swiftc"))
        let stamp = try #require(compiler.stamp)
        #expect(compiler.stamp == stamp)

        // A new frontend (another size, another file) is another compiler.
        try FileManager.default.removeItem(at: bin.appendingPathComponent("swift-frontend"))
        try script(bin.appendingPathComponent("swift-frontend"), "exit 1")
        #expect(compiler.stamp != nil && compiler.stamp != stamp)

        // A wrapper may run a different compiler each time: it has no stamp.
        let wrapper = bin.appendingPathComponent("swiftc-wrapper")
        try script(wrapper, "exec \"$(dirname \"$0\")/swiftc\" \"$@\"")
        #expect(SwiftCompiler(executable: wrapper).stamp == nil)
    }
}
