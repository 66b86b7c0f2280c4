import Foundation
import Segue
import SegueCompiler
import Testing

/// `segue export FILE.swift` and `segue new`, run as a user runs them: real transition files
/// compiled with swiftc against this build's Segue library. One cache folder serves every run, so
/// a source used by several tests compiles once.
struct TransitionFileCLITests {
    /// The cache home shared by the tests and kept between runs: builds are keyed by content and by
    /// the Segue library's build, so a stale one is never used, and swiftc's module cache stays warm.
    static let cacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("segue-tests-cache")

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examplesFolder = packageRoot.appendingPathComponent("examples")

    /// The example files, by name.
    static let examples: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)) ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted()
    }()

    static let two = """
        import Segue

        Transition("slide", duration: 0.4) { t in
            t.to.position = Point(x: t.size.width * 1.5, y: t.size.height / 2)
            t.animate { t.to.position = Point(x: t.size.width / 2, y: t.size.height / 2) }
        }
        Transition("fade", duration: 0.3) { t in
            t.to.opacity = 0
            t.animate { t.to.opacity = 1 }
        }
        print("hello from the file")
        """

    /// The binary, with the tests' shared build cache.
    func segue(_ arguments: [String], in folder: URL, environment: [String: String] = [:],
               executable: URL? = nil) throws -> CLITests.Run {
        try CLITests.run(arguments, in: folder,
                         environment: ["XDG_CACHE_HOME": Self.cacheHome.path].merging(environment) { $1 },
                         executable: executable?.path)
    }

    /// A new folder holding `files` (name → contents).
    func folder(_ files: [String: String] = [:]) throws -> URL {
        let url = try CLITests().folder()
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func exportsAFileAndLeavesStandardOutputToIt() throws {
        let dir = try folder(["Two.swift": Self.two])
        let run = try segue(["export", "Two.swift", "--name", "fade", "-o", "fade.svg"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("hello from the file\n"))
        #expect(run.stdout.contains("wrote fade.svg ("))
        #expect(try segue(["validate", "fade.svg"], in: dir).status == 0)
        let svg = try String(contentsOf: dir.appendingPathComponent("fade.svg"), encoding: .utf8)
        #expect(svg.contains("<title>fade transition (push, 0.3 s)</title>"))
    }

    /// Changes made outside any animation block set where the layers start: a file with nothing
    /// else draws a still, which is written (it may be meant) with a warning that says why.
    @Test func aFileWhoseChangesAllMissAnAnimationBlockIsWarnedAbout() throws {
        let still = """
            import Segue

            Transition("forgot", duration: 0.4) { t in
                t.to.opacity = 0
                t.to.opacity = 1
            }
            """
        let dir = try folder(["Forgot.swift": still, "Two.swift": Self.two])
        let run = try segue(["export", "Forgot.swift", "-o", "forgot.svg"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "warning: nothing in 'forgot' moves: its changes were all made outside t.animate { } (or t.at, or a keyframe block), where they set how the layers start; make them inside one to animate them\n")
        #expect(run.stdout.contains("wrote forgot.svg ("))
        let moving = try segue(["export", "Two.swift", "--name", "fade", "-o", "fade.svg"], in: dir)
        #expect(!moving.stderr.contains("warning"), "\(moving.stderr)")
    }

    @Test func severalTransitionsNeedANameOrAFolder() throws {
        let dir = try folder(["Two.swift": Self.two])
        let one = try segue(["export", "Two.swift", "-o", "both.svg"], in: dir)
        #expect(one.status == 1)
        #expect(one.stderr.contains("error: 'Two.swift' declares 2 transitions ('slide', 'fade'); pick one with --name NAME, or write each with -o FOLDER/"))
        #expect(try contents(of: dir) == ["Two.swift"])
        let missing = try segue(["export", "Two.swift", "--name", "wipe", "-o", "wipe.svg"], in: dir)
        #expect(missing.stderr.contains("error: 'Two.swift' has no transition named 'wipe'; it declares 'slide', 'fade'"))

        let each = try segue(["export", "Two.swift", "--direction", "pop", "-o", "out/"], in: dir)
        #expect(each.status == 0, "\(each.stderr)")
        #expect(try contents(of: dir.appendingPathComponent("out")) == ["fade.svg", "slide.svg"])
        #expect(each.stdout.contains("wrote out/slide.svg ("))
        #expect(each.stdout.contains("slide (pop)"))
    }

    @Test func theSecondExportOfAnUnchangedFileDoesNotRunTheCompiler() throws {
        let dir = try folder(["Two.swift": Self.two])
        let log = dir.appendingPathComponent("compilations.log")
        let swiftc = try #require(Self.findOnPath("swiftc"))
        let wrapper = dir.appendingPathComponent("swiftc-wrapper")
        try Data("#!/bin/sh\n[ \"$1\" = --version ] || echo \"$@\" >> '\(log.path)'\nexec '\(swiftc)' \"$@\"\n".utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let environment = ["SWIFT_EXEC": wrapper.path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]

        let first = try segue(["export", "Two.swift", "--name", "slide", "-o", "a.svg", "--verbose"], in: dir, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("segue: Two.swift: compiled in "))
        let second = try segue(["export", "Two.swift", "--name", "slide", "-o", "b.svg", "--verbose"], in: dir, environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("segue: Two.swift: unchanged, used the cached build"))
        let compilations = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(compilations.count == 1)
        #expect(compilations.first?.contains("Two.swift") == true)
        #expect(try Data(contentsOf: dir.appendingPathComponent("a.svg")) == Data(contentsOf: dir.appendingPathComponent("b.svg")))
    }

    /// Every problem is printed as `path:line:column: error: message`, the path as the user gave it;
    /// nothing is written.
    @Test(arguments: [
        ("import Segue\n\nTransition(\"x\") { t in\n    let count: Int = \"three\"\n}\n", "Bad.swift:4:", "cannot convert value of type 'String' to specified type 'Int'"),
        ("import Segue\nTransition(\"x\", duration: -2) { _ in }\n", "Bad.swift:2:11: error: ", "the duration must be a positive number of seconds"),
        ("import Segue\nTransition(\"x\") { t in\n    t.animate(delay: 0.4, curve: .linear) {\n        t.to.opacity = 0.5\n    }\n    t.animate(duration: 1) { t.from.opacity = 0 }\n}\n",
         "Bad.swift:6:14: error: ", "this animation ends at 1 s, after the transition's duration (0.5 s)"),
        ("import Segue\nTransition(\"x\") { t in\n    t.animateKeyframes {\n        t.addKeyframe(relativeStartTime: 0.8, relativeDuration: 0.5) { t.to.opacity = 0 }\n    }\n}\n",
         "Bad.swift:4:22: error: ", "must lie within 0...1"),
        ("import Segue\nTransition(\"x\") { _ in }\n\nTransition(\"x\") { _ in }\n", "Bad.swift:4:11: error: ", "a transition named 'x' is already declared at Bad.swift:2:11"),
    ])
    func problemsAreReportedAtTheUsersLine(source: String, location: String, message: String) throws {
        let dir = try folder(["Bad.swift": source])
        let run = try segue(["export", "Bad.swift", "-o", "bad.svg"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").contains { $0.hasPrefix(location) && $0.contains(message) }, "\(run.stderr)")
        #expect(try contents(of: dir) == ["Bad.swift"])
    }

    @Test(arguments: [
        ("while true { sleep(1) }", ["--timeout", "1"], "error: 'Stuck.swift' did not finish within 1 s and was stopped"),
        ("let empty: [Int] = []\nprint(empty[0])", [], "Stuck.swift:4:12: error: the program crashed here (Fatal error: Index out of range)"),
        ("let path = ProcessInfo.processInfo.environment[\"SEGUE_TRANSITION_OUTPUT\"]!\ntry! Data(\"{\\\"formatVersion\\\": 1, \\\"transitions\\\": [{\".utf8).write(to: URL(fileURLWithPath: path))\n_exit(0)",
         [], "error: cannot read the transitions 'Stuck.swift' handed back: the document is not Segue transition JSON"),
    ])
    func aProgramThatMisbehavesSaysHow(tail: String, options: [String], message: String) throws {
        let dir = try folder(["Stuck.swift": "import Segue\nTransition(\"stuck\") { _ in }\n\(tail)\n"])
        let run = try segue(["export", "Stuck.swift", "-o", "stuck.svg"] + options, in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try contents(of: dir) == ["Stuck.swift"])
    }

    @Test func imagePathsStartAtTheFilesFolderWhereverSegueRuns() throws {
        let dir = try folder(["screens/Photo.swift": "import Segue\nTransition(\"photo\") { t in t.to.contents = .image(\"art/dot.png\") }\n"])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("screens/art"), withIntermediateDirectories: true)
        try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP838DAwMAAAAiIAYGJ410tAAAAAElFTkSuQmCC"))
            .write(to: dir.appendingPathComponent("screens/art/dot.png"))
        let run = try segue(["export", "screens/Photo.swift", "-o", "photo.svg"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("photo.svg"), encoding: .utf8).contains("data:image/png;base64,"))
    }

    @Test func newWritesAStarterThatExportsAsItStands() throws {
        let dir = try folder()
        let new = try segue(["new", "CardReveal"], in: dir)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.contains("wrote CardReveal.swift; export it with: segue export CardReveal.swift -o card-reveal.svg"))
        let export = try segue(["export", "CardReveal.swift", "-o", "card-reveal.svg"], in: dir)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.isEmpty, "the starter compiles without warnings: \(export.stderr)")
        let again = try segue(["new", "CardReveal"], in: dir)
        #expect(again.status == 1)
        #expect(again.stderr == "error: 'CardReveal.swift' already exists; choose another name or move that file away\n")
    }

    @Test func inspectReadsTransitionFiles() throws {
        let dir = try folder(["Two.swift": Self.two])
        let run = try segue(["inspect", "Two.swift", "--name", "slide", "--at", "50%"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("slide (push) at 200 ms"))
        let ambiguous = try segue(["inspect", "Two.swift"], in: dir)
        #expect(ambiguous.status == 1)
        // inspect shows one transition: it has no -o to write each.
        #expect(ambiguous.stderr == "error: 'Two.swift' declares 2 transitions ('slide', 'fade'); pick one with --name NAME\n")
    }

    /// `--json` output is read by programs: what the file prints goes to standard error then.
    @Test func inspectJSONStaysJSONWhenTheFilePrints() throws {
        let dir = try folder(["Loud.swift": "import Segue\nprint(\"hello\")\nTransition(\"loud\") { t in t.from.opacity = 0.5 }\n"])
        let run = try segue(["inspect", "Loud.swift", "--json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) != nil, "\(run.stdout)")
        #expect(run.stderr.contains("hello"))
        let table = try segue(["inspect", "Loud.swift"], in: dir)
        #expect(table.stdout.hasPrefix("hello\n"), "without --json the file's standard output stays its own")
    }

    @Test func optionsThatDoNotFitTheSourceAreRefused() throws {
        let dir = try folder(["Two.swift": Self.two])
        let param = try segue(["export", "Two.swift", "--param", "duration=1", "-o", "a.svg"], in: dir)
        #expect(param.stderr == "error: --param sets a preset's parameters; in a transition file, change the Swift instead\n")
        let name = try segue(["export", "circle-reveal", "--name", "x", "-o", "a.svg"], in: dir)
        #expect(name.stderr == "error: --name picks a transition of a transition file; a preset has one\n")
        let missing = try segue(["export", "Missing.swift", "-o", "a.svg"], in: dir)
        #expect(missing.stderr == "error: cannot read 'Missing.swift'; check the path\n")
        #expect(try contents(of: dir) == ["Two.swift"])
    }

    /// `Transition.export(to:)` in a program that uses Segue as a package writes what the CLI writes.
    @Test func theLibraryWritesTheSameBytesAsTheCommandLine() throws {
        let body = "t.to.opacity = 0\n    t.animate(usingSpringWithDamping: 0.7) { t.to.opacity = 1 }"
        let dir = try folder(["Fade.swift": "import Segue\nTransition(\"fade\", duration: 0.4) { t in\n    \(body)\n}\n"])
        let transition = Transition("fade", duration: 0.4) { t in
            t.to.opacity = 0
            t.animate(usingSpringWithDamping: 0.7) { t.to.opacity = 1 }
        }
        for file in ["cli.svg", "cli.html"] {
            let run = try segue(["export", "Fade.swift", "--direction", "pop", "-o", file], in: dir)
            #expect(run.status == 0, "\(run.stderr)")
            let library = dir.appendingPathComponent("library-" + file)
            try transition.export(to: library, direction: .pop)
            #expect(try Data(contentsOf: library) == Data(contentsOf: dir.appendingPathComponent(file)), "\(file)")
        }
    }

    /// A copy of this build's segue and templates under a new PREFIX/bin, with the Segue module and
    /// library in PREFIX/lib/segue when `withLibrary`.
    func installedSegue(withLibrary: Bool) throws -> URL {
        let prefix = try folder()
        let build = CLITests.binary.deletingLastPathComponent()
        let manager = FileManager.default
        for folder in ["bin", "lib/segue/Modules"] {
            try manager.createDirectory(at: prefix.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try manager.copyItem(at: CLITests.binary, to: prefix.appendingPathComponent("bin/segue"))
        try manager.copyItem(at: build.appendingPathComponent("Segue_SegueCompiler.resources"),
                             to: prefix.appendingPathComponent("bin/Segue_SegueCompiler.resources"))
        if withLibrary {
            try manager.copyItem(at: build.appendingPathComponent("libSegue.so"), to: prefix.appendingPathComponent("lib/segue/libSegue.so"))
            for file in ["Segue.swiftmodule", "Segue.swiftdoc"] {
                try manager.copyItem(at: build.appendingPathComponent("Modules/\(file)"),
                                     to: prefix.appendingPathComponent("lib/segue/Modules/\(file)"))
            }
        }
        return prefix.appendingPathComponent("bin/segue")
    }

    /// An installed segue finds the Segue module and library in PREFIX/lib/segue.
    @Test func anInstalledSegueFindsItsLibrary() throws {
        let installed = try installedSegue(withLibrary: true)
        let work = try folder()
        for arguments in [["new", "Installed"], ["export", "Installed.swift", "-o", "installed.svg"]] {
            let result = try segue(arguments, in: work, executable: installed)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(try contents(of: work) == ["Installed.swift", "installed.svg"])
    }

    /// An `XDG_CACHE_HOME` naming a file is ignored, by segue and by the swiftc it runs, as a
    /// relative one is: the build is kept in `~/.cache/segue`.
    @Test func anXDGCacheHomeNamingAFileFallsBackToHome() throws {
        let dir = try folder(["Two.swift": Self.two, "not-a-folder": ""])
        let home = try folder()
        let run = try segue(["export", "Two.swift", "--name", "slide", "-o", "slide.svg"], in: dir,
                            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("not-a-folder").path, "HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("slide.svg").path))
        #expect(try contents(of: home.appendingPathComponent(".cache/segue/builds")).count == 1)
    }

    /// A segue without the Segue library beside it (as `swift run segue` builds it) still writes a
    /// starter file, which needs only the templates; exporting it says what to build.
    @Test func newNeedsOnlyTheTemplates() throws {
        let alone = try installedSegue(withLibrary: false)
        let work = try folder()
        let new = try segue(["new", "Alone"], in: work, executable: alone)
        #expect(new.status == 0, "\(new.stderr)")
        let export = try segue(["export", "Alone.swift", "-o", "alone.svg"], in: work, executable: alone)
        #expect(export.status == 1)
        #expect(export.stderr.contains("cannot find the Segue module and library next to segue"), "\(export.stderr)")
        #expect(export.stderr.contains("build with 'swift build'"), "\(export.stderr)")
        #expect(try contents(of: work) == ["Alone.swift"])
    }

    /// Every example exports, validates, and matches the SVG committed beside it.
    @Test(arguments: examples)
    func examplesAreValidAndUpToDate(example: String) throws {
        let name = String(example.dropLast(".swift".count))
        let output = try folder().appendingPathComponent("\(name).svg")
        let run = try segue(["export", "examples/\(example)", "-o", output.path, "--loop"], in: Self.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(example) compiles without warnings: \(run.stderr)")
        let committed = Self.examplesFolder.appendingPathComponent("\(name).svg")
        let fresh = try Data(contentsOf: output)
        if ProcessInfo.processInfo.environment["SEGUE_UPDATE_EXAMPLES"] != nil {
            try fresh.write(to: committed)
        }
        #expect(try segue(["validate", committed.path], in: Self.packageRoot).status == 0)
        #expect(try Data(contentsOf: committed) == fresh,
                "examples/\(name).svg is stale; rewrite it with SEGUE_UPDATE_EXAMPLES=1 swift test --filter TransitionFileCLITests")
        let readme = try String(contentsOf: Self.examplesFolder.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(\(example))"), "examples/README.md lists \(example)")
    }

    @Test func thereAreExamplesOfEveryKind() throws {
        let sources = try Self.examples.map { try String(contentsOf: Self.examplesFolder.appendingPathComponent($0), encoding: .utf8) }
        #expect(sources.count >= 5)
        for feature in ["usingSpringWithDamping", "addKeyframe(relativeStartTime:", ".image(", "for index in"] {
            #expect(sources.contains { $0.contains(feature) }, "an example uses \(feature)")
        }
        #expect(sources.allSatisfy { !$0.contains("SeguePresets") })
    }

    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
