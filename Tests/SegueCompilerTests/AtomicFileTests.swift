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
