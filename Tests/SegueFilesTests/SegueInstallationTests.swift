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
        #expect(found.linking == .library(folder: prefix.appendingPathComponent("lib/segue")))
        #expect(found.templatesFolder?.path == prefix.appendingPathComponent("bin/Segue_SegueCompiler.resources/Templates").path)
    }

    @Test func aBuildFolderUsesItsModules() throws {
        let package = try TransitionFileFixture.folder()
        try touch(package, ".build/x86_64/debug/segue", ".build/x86_64/debug/Modules/Segue.swiftmodule",
                  ".build/x86_64/debug/\(SegueInstallation.libraryName)",
                  ".build/x86_64/debug/Segue_SegueCompiler.resources/Templates/\(StarterTemplate.fileName)")
        let found = try SegueInstallation.locate(executable: package.appendingPathComponent(".build/x86_64/debug/segue"))
        #expect(found.moduleFolder.path == package.appendingPathComponent(".build/x86_64/debug/Modules").path)
        #expect(found.linking == .library(folder: package.appendingPathComponent(".build/x86_64/debug")))
        #expect(found.templatesFolder?.path == package.appendingPathComponent(".build/x86_64/debug/Segue_SegueCompiler.resources/Templates").path)
    }

    /// SwiftPM's list of a target's compiled files, as `Segue.build/output-file-map.json` holds it:
    /// an object for each source, and one for the whole module (made only when the module is
    /// optimised as a whole on one thread).
    func writeOutputFileMap(_ target: URL, objects: [String]) throws {
        var map: [String: Any] = ["": ["object": target.appendingPathComponent("Segue.o").path,
                                       "swift-dependencies": target.appendingPathComponent("primary.swiftdeps").path]]
        for name in objects {
            map["/package/Sources/Segue/\(name).swift"] = ["object": target.appendingPathComponent("\(name).swift.o").path,
                                                         "dependencies": target.appendingPathComponent("\(name).d").path]
        }
        try JSONSerialization.data(withJSONObject: map).write(to: target.appendingPathComponent("output-file-map.json"))
    }

    @Test func aBuildFolderWithoutTheLibraryLinksTheCompiledFilesSwiftPMLists() throws {
        // What `swift run segue` leaves: the module and the Segue target's objects, no library;
        // and an object whose source was since removed, which SwiftPM no longer lists.
        let package = try TransitionFileFixture.folder()
        let debug = ".build/x86_64/debug"
        try touch(package, "\(debug)/segue", "\(debug)/Modules/Segue.swiftmodule", "\(debug)/Segue.build/Color.swift.o",
                  "\(debug)/Segue.build/Timeline.swift.o", "\(debug)/Segue.build/Removed.swift.o")
        let target = package.appendingPathComponent("\(debug)/Segue.build")
        try writeOutputFileMap(target, objects: ["Timeline", "Color"])
        let found = try SegueInstallation.locate(executable: package.appendingPathComponent("\(debug)/segue"))
        #expect(found.moduleFolder.path == package.appendingPathComponent("\(debug)/Modules").path)
        #expect(found.linking == .objects([target.appendingPathComponent("Color.swift.o"), target.appendingPathComponent("Timeline.swift.o")]))
        #expect(found.fingerprint.contains("Timeline.swift.o") && !found.fingerprint.contains("Removed"))

        // Once the library is built (`swift build`), it is linked instead.
        try touch(package, "\(debug)/\(SegueInstallation.libraryName)")
        let built = try SegueInstallation.locate(executable: package.appendingPathComponent("\(debug)/segue"))
        #expect(built.linking == .library(folder: package.appendingPathComponent(debug)))
    }

    @Test func compiledFilesWithOneMissingAreNotLinked() throws {
        let package = try TransitionFileFixture.folder()
        try touch(package, "debug/segue", "debug/Modules/Segue.swiftmodule", "debug/Segue.build/Color.swift.o")
        try writeOutputFileMap(package.appendingPathComponent("debug/Segue.build"), objects: ["Color", "Timeline"])
        #expect(throws: TransitionFileError.segueNotFound(searched: [package.appendingPathComponent("lib/segue").path,
                                                                     package.appendingPathComponent("debug").path])) {
            try SegueInstallation.locate(executable: package.appendingPathComponent("debug/segue"))
        }
    }

    @Test func aModuleOptimisedAsAWholeLinksItsOneObject() throws {
        // A release build on one thread makes the module's one object, not the sources' own.
        let package = try TransitionFileFixture.folder()
        try touch(package, "release/segue", "release/Modules/Segue.swiftmodule", "release/Segue.build/Segue.o")
        let target = package.appendingPathComponent("release/Segue.build")
        try writeOutputFileMap(target, objects: ["Color", "Timeline"])
        let found = try SegueInstallation.locate(executable: package.appendingPathComponent("release/segue"))
        #expect(found.linking == .objects([target.appendingPathComponent("Segue.o")]))
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
