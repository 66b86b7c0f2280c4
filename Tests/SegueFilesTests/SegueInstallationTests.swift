import Foundation
import SegueFiles
import Testing

struct SegueInstallationTests {
    func touch(_ root: URL, _ paths: String...) throws {
        for path in paths {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
    }

    @Test func anInstalledSegueUsesLibSegue() throws {
        let prefix = try TransitionFileFixture.folder()
        try touch(prefix, "bin/segue", "lib/segue/Modules/Segue.swiftmodule", "lib/segue/\(SegueInstallation.libraryName)",
                  "bin/Segue_SegueCompiler.resources/Templates/\(StarterTemplate.fileName)")
        let found = try SegueInstallation.locate(executable: prefix.appendingPathComponent("bin/segue"))
        #expect(found.moduleFolder.path == prefix.appendingPathComponent("lib/segue/Modules").path)
        #expect(found.libraryFolder.path == prefix.appendingPathComponent("lib/segue").path)
        #expect(found.templatesFolder?.path == prefix.appendingPathComponent("bin/Segue_SegueCompiler.resources/Templates").path)
    }

    @Test func aBuildFolderUsesItsModules() throws {
        let package = try TransitionFileFixture.folder()
        try touch(package, ".build/x86_64/debug/segue", ".build/x86_64/debug/Modules/Segue.swiftmodule",
                  ".build/x86_64/debug/\(SegueInstallation.libraryName)",
                  ".build/x86_64/debug/Segue_SegueCompiler.resources/Templates/\(StarterTemplate.fileName)")
        let found = try SegueInstallation.locate(executable: package.appendingPathComponent(".build/x86_64/debug/segue"))
        #expect(found.moduleFolder.path == package.appendingPathComponent(".build/x86_64/debug/Modules").path)
        #expect(found.libraryFolder.path == package.appendingPathComponent(".build/x86_64/debug").path)
        #expect(found.templatesFolder?.path == package.appendingPathComponent(".build/x86_64/debug/Segue_SegueCompiler.resources/Templates").path)
    }

    @Test func aLoneSegueSaysWhereItLooked() throws {
        let prefix = try TransitionFileFixture.folder()
        try touch(prefix, "bin/segue")
        #expect(throws: TransitionFileError.segueNotFound(searched: [prefix.appendingPathComponent("lib/segue").path,
                                                                     prefix.appendingPathComponent("bin").path])) {
            try SegueInstallation.locate(executable: prefix.appendingPathComponent("bin/segue"))
        }
    }

    @Test func theTemplatesAreFoundWithoutTheLibrary() throws {
        let prefix = try TransitionFileFixture.folder()
        try touch(prefix, "bin/segue", "bin/Segue_SegueCompiler.resources/Templates/\(StarterTemplate.fileName)")
        let executable = prefix.appendingPathComponent("bin/segue")
        #expect(SegueInstallation.templatesFolder(besideExecutable: executable)?.path
                == prefix.appendingPathComponent("bin/Segue_SegueCompiler.resources/Templates").path)
        #expect(throws: TransitionFileError.self) { try SegueInstallation.locate(executable: executable) }
        let bare = try TransitionFileFixture.folder()
        try touch(bare, "bin/segue")
        #expect(SegueInstallation.templatesFolder(besideExecutable: bare.appendingPathComponent("bin/segue")) == nil)
    }

    @Test func thisBuildIsFound() throws {
        let found = try SegueInstallation.current()
        #expect(FileManager.default.fileExists(atPath: found.moduleFolder.appendingPathComponent("Segue.swiftmodule").path))
        #expect(found.templatesFolder != nil)
        #expect(found.fingerprint.contains(SegueInstallation.libraryName))
    }
}
