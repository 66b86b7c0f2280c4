import Foundation
import SegueFiles
import Testing

struct ExportDestinationTests {
    @Test func oneTransitionGoesToTheFileNamed() throws {
        #expect(try ExportDestination("out.svg").paths(for: ["a"], from: "R.swift") == ["out.svg"])
    }

    @Test func severalTransitionsNeedAFolder() throws {
        #expect(throws: TransitionFileError.ambiguous(path: "R.swift", names: ["a", "b"])) {
            try ExportDestination("out.svg").paths(for: ["a", "b"], from: "R.swift")
        }
        #expect(try ExportDestination("out/").paths(for: ["a", "b"], from: "R.swift") == ["out/a.svg", "out/b.svg"])
        #expect(try ExportDestination("/").paths(for: ["a"], from: "R.swift") == ["/a.svg"])
    }

    @Test func anExistingFolderIsAFolderWithoutTheSlash() throws {
        let folder = try TransitionFileFixture.folder()
        let destination = ExportDestination(folder.path)
        #expect(destination.isFolder)
        #expect(try destination.paths(for: ["a"], from: "R.swift") == [folder.path + "/a.svg"])
    }

    @Test func theFolderIsCreatedOnRequest() throws {
        let folder = try TransitionFileFixture.folder().appendingPathComponent("new/deeper")
        try ExportDestination(folder.path + "/").createFolder()
        #expect(FileManager.default.fileExists(atPath: folder.path))
    }
}
