import Foundation
import Testing

/// The built `segue` binary, run as a user would: exit codes, messages, files written or not.
struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [here, here.deletingLastPathComponent()]
        for folder in candidates {
            let url = folder.appendingPathComponent("segue")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return here.appendingPathComponent("segue")
    }()

    func segue(_ arguments: String..., in folder: URL? = nil) throws -> Run {
        try Self.run(arguments, in: folder)
    }

    /// This test run's folder, removed when the run ends (a run makes some fifty folders in it,
    /// some holding a copy of `segue`).
    static let runFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: CLITests.runFolder) }
        return url
    }()

    /// A new, empty folder.
    static func folder() throws -> URL {
        let url = runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func folder() throws -> URL {
        try Self.folder()
    }

    @Test func presetsListsEveryPresetWithItsParameters() throws {
        let run = try segue("presets")
        #expect(run.status == 0)
        for name in ["circle-reveal", "circle-spread", "circle-scale-spread", "open-door"] {
            #expect(run.stdout.contains("\(name) — "))
        }
        #expect(run.stdout.split(separator: "\n").contains { $0.contains("button") && $0.contains("rect x,y,width,height, default 20 pt from the top and right edges") })
        #expect(run.stdout.contains("duration"))
    }

    @Test(arguments: ["circle-reveal", "circle-spread", "circle-scale-spread", "open-door"])
    func exportWritesAValidSVG(preset: String) throws {
        let dir = try folder()
        let run = try segue("export", preset, "--direction", "pop", "--loop", "-o", "out.svg", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("wrote out.svg"))
        #expect(run.stdout.contains("use it in Markdown:  ![") && run.stdout.contains("<img src=\"out.svg\" width=\"375\" height=\"667\""))
        let validate = try segue("validate", "out.svg", in: dir)
        #expect(validate.status == 0)
        #expect(validate.stdout.contains("out.svg: valid SVG 1.1"))
    }

    @Test func badInputGetsOneLineAndNoFile() throws {
        let dir = try folder()
        let cases: [([String], String)] = [
            (["export", "circle-revel", "-o", "a.svg"], "there is no preset named 'circle-revel'"),
            (["export", "/tmp", "-o", "a.svg"], "'/tmp' is a folder; give a preset name or a transition file"),
            (["export", "/etc/passwd", "-o", "a.svg"], "'/etc/passwd' is not a transition file; a transition file's name ends in .swift"),
            (["export", "circle-reveal", "--param", "colour=#fff", "-o", "a.svg"], "has no parameter 'colour'"),
            (["export", "circle-reveal", "--param", "button=abc", "-o", "a.svg"], "expected x,y,width,height"),
            (["export", "circle-reveal", "--param", "duration=-1", "-o", "a.svg"], "out of range"),
            (["export", "circle-reveal", "--param", "duration", "-o", "a.svg"], "write it as name=value"),
            (["export", "book-open", "--param", "pages=7", "-o", "a.svg"], "pages=7: must be even; use an even integer from 2 to 40 (e.g. pages=8)"),
            (["export", "book-carousel", "--param", "snaps=2.5", "-o", "a.svg"], "snaps=2.5: expected integer from 1 to 6"),
            (["export", "book-flip", "--param", "turns=9", "-o", "a.svg"], "a book of 10 pages turns at most 4 spreads; use turns=4 or less"),
            (["export", "circle-reveal", "-o", "missing/a.svg"], "does not exist; create it first"),
            (["export", "circle-reveal", "-o", "a.gif"], "cannot tell the format of 'a.gif'"),
            (["inspect", "circle-reveal", "--at", "9"], "--at 9: give seconds from 0 to 0.5"),
            // A negative number is the option's value, judged as one, not taken for an option.
            (["inspect", "circle-reveal", "--at", "-1"], "--at -1: give seconds from 0 to 0.5"),
            (["export", "circle-reveal", "--tolerance", "-1", "-o", "a.svg"], "--tolerance must be between 0.01 and 20 pixels"),
            (["export", "circle-reveal", "--loop", "--pause", "-2", "-o", "a.svg"], "--pause must be zero or more seconds"),
            (["export", "circle-reveal", "--param", "from-color=#fff", "-o", "a.svg"], "the mock list screen keeps its own colours (add --param screens=flat)"),
            (["export", "page-turn", "--param", "size=1024x768", "-o", "a.svg"], "use a width of 900 or less"),
            // An option that would change nothing is refused, not ignored.
            (["export", "circle-reveal", "--pause", "2", "-o", "a.svg"], "--pause sets the hold between plays of a loop; add --loop"),
            (["export", "circle-reveal", "--tolerance", "1", "-o", "a.html"], "an HTML page draws with CSS 3D and needs neither"),
            (["export", "circle-reveal", "--stats", "--svg-animation", "css", "-o", "a.svg"], "--stats measures a SMIL SVG"),
            (["export", "circle-reveal", "--param", "duration=1", "--param", "duration=2", "-o", "a.svg"], "--param duration is given more than once"),
            (["export", "circle-reveal", "--poster", "end", "-o", "a.html"], "--poster writes a still SVG, and an HTML page is a player of both directions"),
            (["export", "circle-reveal", "--poster", "end", "--loop", "-o", "a.svg"], "--poster writes a still frame, which does not play; leave out --loop"),
            (["export", "circle-reveal", "--poster", "0.2", "--svg-animation", "css", "-o", "a.svg"], "leave out --svg-animation"),
            (["export", "circle-reveal", "--poster", "end", "--stats", "-o", "a.svg"], "--poster writes a still frame, which does not play; leave out --stats"),
            (["export", "circle-reveal", "--timeout", "5", "-o", "a.svg"], "--timeout is for a transition file, which is compiled and run"),
            (["inspect", "circle-reveal", "--verbose", "--at", "0"], "--verbose is for a transition file"),
            // A path is never taken for a preset's name.
            (["export", "./circle-reveal", "-o", "a.svg"], "there is no file './circle-reveal', and a preset's name has no '/'"),
        ]
        for (arguments, message) in cases {
            let process = try Self.run(arguments, in: dir)
            #expect(process.status == 1, "\(arguments)")
            #expect(process.stderr.hasPrefix("error: "), "\(arguments): \(process.stderr)")
            #expect(process.stderr.contains(message), "\(arguments): \(process.stderr)")
            #expect(process.stderr.split(separator: "\n").count == 1, "\(arguments): \(process.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// `segue export Reveal` beside the `Reveal.swift` that `segue new Reveal` wrote: the file is meant.
    @Test func aNameThatIsATransitionFileBesideItSaysSo() throws {
        let dir = try folder()
        try Data("// empty\n".utf8).write(to: dir.appendingPathComponent("Reveal.swift"))
        let run = try segue("export", "Reveal", "-o", "r.svg", in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "error: there is no preset named 'Reveal'; for the transition file, give its whole name: Reveal.swift\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Reveal.swift"])
    }

    @Test func aFailedExportLeavesTheExistingFileAlone() throws {
        let dir = try folder()
        let target = dir.appendingPathComponent("keep.svg")
        try Data("precious".utf8).write(to: target)
        let run = try segue("export", "circle-reveal", "--param", "size=0x0", "-o", "keep.svg", in: dir)
        #expect(run.status == 1)
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.svg"])
    }

    @Test func validateReportsErrorsWithLineNumbers() throws {
        let dir = try folder()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\">\n<marquee/>\n</svg>\n".utf8)
            .write(to: dir.appendingPathComponent("bad.svg"))
        let run = try segue("validate", "bad.svg", in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.svg:2: error:"))
        #expect(run.stderr.contains("marquee"))
    }

    @Test func validateRefusesAnEmptyFile() throws {
        let dir = try folder()
        try Data().write(to: dir.appendingPathComponent("empty.svg"))
        for arguments in [["validate", "empty.svg"], ["validate", "--profile", "github", "empty.svg"]] {
            let run = try Self.run(arguments, in: dir)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains("empty.svg: error: the document is empty"), "\(run.stderr)")
            #expect(!run.stdout.contains("valid"), "\(run.stdout)")
        }
    }

    /// An HTML page Segue wrote, given to validate by mistake: one line, not the XML parser's
    /// complaints about HTML; the SVG beside it still validates in the same run.
    @Test func validateSaysAnHTMLPageIsNotAnSVG() throws {
        let dir = try folder()
        #expect(try segue("export", "circle-reveal", "-o", "c.html", in: dir).status == 0)
        #expect(try segue("export", "circle-reveal", "-o", "c.svg", in: dir).status == 0)
        let run = try segue("validate", "c.html", "c.svg", in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "c.html: error: an HTML page, not an SVG; check HTML with an HTML checker (such as the Nu checker, vnu)\n")
        #expect(run.stdout == "c.svg: valid SVG 1.1\n")
    }

    @Test func validateWithTheGitHubProfileRefusesScripts() throws {
        let dir = try folder()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\">\n<script type=\"text/javascript\">x</script>\n</svg>\n".utf8)
            .write(to: dir.appendingPathComponent("s.svg"))
        let run = try segue("validate", "--profile", "github", "s.svg", in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("s.svg:2: error: <script>"))
        let good = try segue("export", "circle-spread", "--poster", "end", "-o", "p.svg", in: dir)
        #expect(good.status == 0)
        let check = try segue("validate", "--profile", "github", "p.svg", in: dir)
        #expect(check.status == 0 && check.stdout.contains("passes the github profile"))
    }

    @Test func inspectPrintsTheModelAsJSON() throws {
        let run = try segue("inspect", "circle-reveal", "--at", "0.25", "--json")
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let layers = object["layers"] as! [[String: Any]]
        let to = try #require(layers.first { $0["id"] as? String == "to" })
        let mask = to["mask"] as! [String: Any]
        let radius = mask["radius"] as! Double
        let expected = 20 + (335.0 * 335.0 + 627.0 * 627.0).squareRoot() / 2
        #expect(abs(radius - expected) < 1e-9)
        #expect((to["corners"] as! [Any]).count == 4)
    }

    @Test func inspectPrintsATable() throws {
        let run = try segue("inspect", "open-door", "--at", "50%")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("open-door (push) at 250 ms, progress 0.5"))
        #expect(run.stdout.contains("left-door"))
        #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix("from ") && $0.contains(" hidden ") })
    }

    /// Runs the binary with arguments, in a folder, with extra environment variables.
    static func run(_ arguments: [String], in folder: URL?, environment: [String: String] = [:],
                    executable: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? Self.binary
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        var stdout = Data(), stderr = Data()
        try process.runToEnd {
            stdout = out.fileHandleForReading.readDataToEndOfFile()
            stderr = err.fileHandleForReading.readDataToEndOfFile()
        }
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }
}
