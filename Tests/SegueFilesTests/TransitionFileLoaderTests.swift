import Foundation
import Segue
import SegueFiles
import Testing

/// Real transition files compiled with swiftc against this build's Segue library and run.
struct TransitionFileLoaderTests {
    static let twoTransitions = """
        import Segue

        let cards = 4
        func angle(_ index: Int) -> Double { Double(index - cards / 2) * 0.2 }
        #if os(Linux) || os(macOS)
        let tint = Color.orange
        #else
        let tint = Color.blue
        #endif

        Transition("fan", duration: 0.8, description: "Cards fan out.") { t in
            for index in 0..<cards {
                let card = Layer(name: "card-\\(index)", frame: Rect(x: 137, y: 400, width: 100, height: 140))
                card.backgroundColor = tint
                t.add(card)
                t.animate { card.transform = Transform3D(rotationAngle: angle(index)) }
            }
        }

        Transition("fade", duration: 0.3) { t in
            t.to.opacity = 0
            t.animate { t.to.opacity = 1 }
        }
        print("printed by the file")
        """

    @Test func readsEveryTransitionOfAFile() throws {
        let (path, result) = try TransitionFileFixture.load(Self.twoTransitions)
        let contents = try result.get()
        #expect(contents.names == ["fan", "fade"])
        #expect(contents.report.programOutput == "printed by the file\n")
        #expect(contents.transitions[0].summary == "Cards fan out.")
        #expect(contents.transitions[0].location == SourceLocation(file: path, line: 11, column: 11))
        let pushes = try contents.timelines(direction: .push)
        #expect(pushes.map(\.name) == ["fan", "fade"])
        #expect(pushes[0].duration == 0.8)
        #expect(pushes[0].layers.filter { $0.id.hasPrefix("card-") }.count == 4)
        let pop = try contents.timeline(named: "fade", direction: .pop)
        #expect(pop.direction == .pop)
        #expect(pop.layer("to")?.opacity.initialValue == 1)
        #expect(throws: TransitionFileError.needsName(path: path, names: ["fan", "fade"])) {
            try contents.timeline(direction: .push)
        }
        #expect(throws: TransitionFileError.noSuchTransition(path: path, name: "fam", available: ["fan", "fade"])) {
            try contents.timelines(named: "fam", direction: .push)
        }
    }

    @Test func anUnchangedFileIsNotCompiledAgainEvenElsewhere() throws {
        let compiler = try CountingCompiler()
        let cache = BuildCache(folder: try TransitionFileFixture.folder())
        let loader = try TransitionFileFixture.loader(compiler: compiler, cache: cache)
        let source = "import Segue\nTransition(\"cached\") { t in t.animate { t.to.opacity = 0.5 } }\n"
        let path = try TransitionFileFixture.write(source)
        let first = try loader.load(path)
        #expect(!first.report.cacheHit && first.report.compileSeconds != nil)
        let second = try loader.load(path)
        #expect(second.report.cacheHit && second.report.compileSeconds == nil)
        #expect(compiler.count == 1)
        #expect(try second.timelines(direction: .push) == first.timelines(direction: .push))

        // The same bytes in another folder: no compilation, and locations name the new path.
        let copy = try TransitionFileFixture.write(source, named: "Copy.swift")
        let moved = try loader.load(copy)
        #expect(moved.report.cacheHit && compiler.count == 1)
        // swiftc's version is asked once and kept with the builds (a toolchain's driver has a stamp).
        #expect(compiler.stamp != nil)
        #expect(compiler.identityCount == 1)
        #expect(moved.transitions[0].location.file == copy)
        #expect(try moved.timelines(direction: .push)[0].layers.allSatisfy { $0.source?.file == copy })
    }

    @Test func aDamagedCacheEntryIsRebuilt() throws {
        let compiler = try CountingCompiler()
        let cache = BuildCache(folder: try TransitionFileFixture.folder())
        let loader = try TransitionFileFixture.loader(compiler: compiler, cache: cache)
        let path = try TransitionFileFixture.write("import Segue\nTransition(\"damaged\") { _ in }\n")
        let key = try loader.load(path).report.key
        let entry = cache.folder.appendingPathComponent("builds/\(key)")
        for damage in ["truncated program", "garbage entry", "missing program"] {
            let program = entry.appendingPathComponent(BuildCache.executableName)
            switch damage {
            case "truncated program": try Data(try Data(contentsOf: program).prefix(100)).write(to: program)
            case "garbage entry": try Data("{not json".utf8).write(to: entry.appendingPathComponent("entry.json"))
            default: try FileManager.default.removeItem(at: program)
            }
            let rebuilt = try loader.load(path)
            #expect(!rebuilt.report.cacheHit, "\(damage)")
            #expect(rebuilt.names == ["damaged"], "\(damage)")
        }
        #expect(compiler.count == 4)
        #expect(try loader.load(path).report.cacheHit)
    }

    @Test func aCacheThatCannotBeWrittenIsSkipped() throws {
        let compiler = try CountingCompiler()
        let loader = try TransitionFileFixture.loader(compiler: compiler, cache: BuildCache(folder: URL(fileURLWithPath: "/dev/null/segue")))
        let path = try TransitionFileFixture.write("import Segue\nTransition(\"uncached\") { _ in }\n")
        for _ in 0..<2 {
            let contents = try loader.load(path)
            #expect(contents.names == ["uncached"] && !contents.report.cacheHit)
        }
        #expect(compiler.count == 2)
    }

    @Test func compileErrorsAreAtTheUsersLineAndNotCached() throws {
        let compiler = try CountingCompiler()
        let loader = try TransitionFileFixture.loader(compiler: compiler, cache: BuildCache(folder: try TransitionFileFixture.folder()))
        let path = try TransitionFileFixture.write("import Segue\n\nTransition(\"broken\") { t in\n    t.to.opacity = \"half\"\n}\n")
        for _ in 0..<2 {
            #expect {
                try loader.load(path)
            } throws: { error in
                guard case .compileFailed(let file, let output) = error as? TransitionFileError else { return false }
                return file == path && output.contains("\(path):4:") && output.contains("error:") && !output.contains("segue-build")
            }
        }
        #expect(compiler.count == 2)
    }

    /// Problems Segue finds, each with the line and column of the DSL call that caused it (Swift's
    /// `#column` default arguments give the column of the call's opening parenthesis).
    @Test(arguments: [
        ("Transition(\"negative\", duration: -1) { _ in }", 3, 11, "the duration must be a positive number of seconds"),
        ("Transition(\"long\", duration: 0.5) { t in\n    t.animate(duration: 2) { t.to.opacity = 0 }\n}", 4, 14, "ends at 2 s, after the transition's duration"),
        ("Transition(\"photo\") { t in\n    t.to.contents = .image(\"missing.png\")\n}", 4, 27, "cannot read image 'missing.png'"),
        ("Transition(\"twice\") { _ in }\nTransition(\"twice\") { _ in }", 4, 11, "a transition named 'twice' is already declared at "),
        ("Transition(\"no spaces\") { _ in }", 3, 11, "is not a usable transition name"),
    ])
    func segueDiagnosticsAreAtTheDSLCall(body: String, line: Int, column: Int, message: String) throws {
        let (path, result) = try TransitionFileFixture.load("import Segue\n\n\(body)\n")
        let contents = try result.get()
        #expect {
            try contents.timelines(direction: .push)
        } throws: { error in
            guard case .diagnostics(let list) = error as? TransitionFileError else { return false }
            return list.contains { $0.description.hasPrefix("\(path):\(line):\(column): error: ") && $0.message.contains(message) }
        }
    }

    @Test func aFileThatRunsTooLongIsStopped() throws {
        let path = try TransitionFileFixture.write("import Segue\nTransition(\"forever\") { _ in }\nwhile true { sleep(1) }\n")
        let loader = try TransitionFileFixture.loader(timeout: 1)
        let start = Date()
        #expect(throws: TransitionFileError.timedOut(path: path, seconds: 1)) { try loader.load(path) }
        #expect(Date().timeIntervalSince(start) < 8)
    }

    @Test(arguments: [
        ("let values = [1]\nprint(values[2])", "crashed"),
        ("exit(3)", "exited"),
        ("let path = ProcessInfo.processInfo.environment[\"SEGUE_TRANSITION_OUTPUT\"]!\ntry! Data(\"{\\\"formatVersion\\\": 1, \\\"transitions\\\": [\".utf8).write(to: URL(fileURLWithPath: path))\n_exit(0)", "malformed"),
        ("let path = ProcessInfo.processInfo.environment[\"SEGUE_TRANSITION_OUTPUT\"]!\ntry! Data(\"{\\\"formatVersion\\\": 9, \\\"transitions\\\": []}\".utf8).write(to: URL(fileURLWithPath: path))\n_exit(0)", "version"),
    ])
    func aFileThatFailsToHandBackItsTransitionsSaysHow(tail: String, kind: String) throws {
        let (path, result) = try TransitionFileFixture.load("import Segue\nTransition(\"doomed\") { _ in }\n\(tail)\n")
        #expect(throws: (any Error).self) { try result.get() }
        guard case .failure(let error) = result else { return }
        switch (kind, error) {
        case ("crashed", .crashed(path, let signal, let site)):
            #expect(signal == SIGILL || signal == SIGTRAP)
            // The backtrace's frame in the file, and the runtime's message.
            #expect(site == CrashSite(line: 4, column: 13, reason: "Fatal error: Index out of range"))
            #expect(error.description.hasPrefix("\(path):4:13: error: the program crashed here"))
            return
        case ("exited", .exited(path, 3)): break
        case ("malformed", .malformedOutput(path, let reason)): #expect(reason.contains("not Segue transition JSON"))
        case ("version", .malformedOutput(path, let reason)): #expect(reason.contains("format version 9"))
        default: Issue.record("\(kind): unexpected \(error)")
        }
        #expect(error.description.hasPrefix("error: '\(path)' ") || error.description.hasPrefix("error: cannot read the transitions '\(path)'"))
    }

    /// Standard error passes through a pipe that a crash is read from: a child the program left
    /// running with that pipe open must not hold the export until the child ends.
    @Test func aChildLeftRunningDoesNotHoldTheLoad() throws {
        let path = try TransitionFileFixture.write("""
            import Foundation
            import Segue
            Transition("leaves-a-child") { t in t.to.opacity = 0.5 }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/sleep")
            child.arguments = ["30"]
            try! child.run()
            """)
        for captures in [false, true] {
            var loader = try TransitionFileFixture.loader()
            loader.capturesProgramOutput = captures
            let start = Date()
            #expect(try loader.load(path).names == ["leaves-a-child"])
            #expect(Date().timeIntervalSince(start) < 15, "captures: \(captures)")
        }
    }

    @Test func aFileLoadsAgainstTheCompiledFilesOfABuildWithoutTheLibrary() throws {
        // A build folder as `swift run segue` leaves it: this build's module and the Segue
        // target's compiled files, but no libSegue.
        let built = try SegueInstallation.current()
        guard case .library(let buildFolder) = built.linking else {
            Issue.record("this build has no libSegue: \(built.linking)")
            return
        }
        let target = buildFolder.appendingPathComponent("Segue.build")
        let folder = try TransitionFileFixture.folder().appendingPathComponent("debug")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("segue"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Modules"), withDestinationURL: built.moduleFolder)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Segue.build"), withDestinationURL: target)
        let segue = try SegueInstallation.locate(executable: folder.appendingPathComponent("segue"))
        guard case .objects(let objects) = segue.linking else {
            Issue.record("the build without the library links \(segue.linking)")
            return
        }
        #expect(objects.count > 10)

        let before = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        var loader = TransitionFileLoader(compiler: try SwiftCompiler.find(), segue: segue, cache: nil, segueVersion: "test")
        loader.capturesProgramOutput = true
        let path = try TransitionFileFixture.write(Self.twoTransitions)
        let contents = try loader.load(path)
        #expect(contents.names == ["fan", "fade"])
        #expect(contents.report.programOutput == "printed by the file\n")
        #expect(try contents.timelines(direction: .push)[0].layer("card-3") != nil)
        // Nothing is left in the build folder (swiftc writes the libraries the files need beside
        // the first of them).
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).sorted() == before)
    }

    @Test func aFileWithoutTransitionsSaysSo() throws {
        let (path, result) = try TransitionFileFixture.load("import Segue\nprint(\"nothing here\")\n")
        #expect(throws: TransitionFileError.noTransitions(path: path)) { try result.get() }
    }

    @Test func relativeImagePathsStartAtTheFilesFolder() throws {
        let folder = try TransitionFileFixture.folder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try TransitionFileFixture.png.write(to: folder.appendingPathComponent("images/dot.png"))
        let path = try TransitionFileFixture.write("import Segue\nTransition(\"photo\") { t in\n    t.to.contents = .image(\"images/dot.png\")\n}\n", in: folder)
        #expect(FileManager.default.currentDirectoryPath != folder.path)
        let timeline = try TransitionFileFixture.loader().load(path).timelines(direction: .push)[0]
        guard case .image(let image)? = timeline.layer("to")?.contents else {
            Issue.record("the to screen has no image")
            return
        }
        #expect(image.data == TransitionFileFixture.png)
        #expect(image.pixelSize == Size(width: 2, height: 1))
    }

    @Test func theStarterTemplateLoadsAsItStands() throws {
        let template = try StarterTemplate(in: try SegueInstallation.current().templatesFolder)
        let folder = try TransitionFileFixture.folder()
        let path = folder.appendingPathComponent("CardReveal.swift").path
        try template.write(to: path)
        let contents = try TransitionFileFixture.loader().load(path)
        #expect(contents.names == ["card-reveal"])
        #expect(try contents.timelines(direction: .push).count == 1)
        #expect(try contents.timelines(direction: .pop).count == 1)
    }
}
