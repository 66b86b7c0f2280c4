import Foundation
import SegueCompiler
import Testing

/// Outputs appear whole or not at all, and a failure never touches an existing file.
struct AtomicFileTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesTheBytesAndLeavesNoTemporaryFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.svg").path
        try AtomicFile.write(Data("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.svg"])
    }

    /// A replaced file keeps its permissions: a private file stays private.
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.svg").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        try AtomicFile.write(Data("new".utf8), to: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let fresh = folder.appendingPathComponent("b.svg").path
        try AtomicFile.write(Data("new".utf8), to: fresh)
        #expect(try FileManager.default.attributesOfItem(atPath: fresh)[.posixPermissions] as? Int == 0o644)
    }

    /// A symbolic link is written through: the file it names gets the bytes, and the link stays.
    @Test func aLinkIsWrittenThrough() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.svg").path, link = folder.appendingPathComponent("link.svg").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.svg")
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.svg")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.svg", "real.svg"])
    }

    @Test func aMissingFolderIsExplained() throws {
        #expect(throws: ExportError.self) { try AtomicFile.write(Data(), to: "/nonexistent-segue/a.svg") }
        do { try AtomicFile.write(Data(), to: "/nonexistent-segue/a.svg") } catch {
            #expect(error.description.contains("does not exist"))
        }
    }

    @Test func aReadOnlyFolderLeavesTheOldFileIntact() throws {
        guard getuid() != 0 else { return }  // root ignores permissions; the CLI test covers the failure path
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.svg").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        #expect(throws: ExportError.self) { try AtomicFile.write(Data("new".utf8), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    }
}
