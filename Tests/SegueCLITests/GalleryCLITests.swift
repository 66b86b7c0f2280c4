import Foundation
import Testing

/// `segue gallery`, run as a user runs it: several transition files, one of them broken.
struct GalleryCLITests {
    let files = TransitionFileCLITests()

    static let fade = """
        import Segue

        Transition("fade", duration: 0.2, description: "A second fade <with> \\"quotes\\" & more") { t in
            t.to.opacity = 0
            t.animate { t.to.opacity = 1 }
        }
        """

    @Test func oneBadFileIsReportedAndTheRestStillBuild() throws {
        let dir = try files.folder([
            "src/Two.swift": TransitionFileCLITests.two,
            "src/Bad.swift": "import Segue\nTransition(\"bad\", duration: -2) { _ in }\n",
            "src/Fade.swift": Self.fade,
        ])
        let run = try files.segue(["gallery", "src", "-o", "site", "--jobs", "2"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("src/Bad.swift:2:11: error: the duration must be a positive number of seconds"), "\(run.stderr)")
        // Not a terminal: one plain line per source, no bar.
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("[") && $0.contains("/3] src/Bad.swift: failed") }, "\(run.stdout)")
        #expect(lines.contains { $0.contains("/3] src/Two.swift: slide (SVG ") && $0.contains("fade (SVG ") })
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
        #expect(run.stdout.contains("wrote site/index.html: 3 transitions, each as SVG and HTML") && run.stdout.contains("1 of 3 sources failed"))

        // Files are taken in name order: Fade.swift's "fade" keeps the name, Two.swift's becomes fade-2.
        // Nothing else is left in the folder.
        let site = dir.appendingPathComponent("site")
        #expect(try files.contents(of: site) == ["fade-2.html", "fade-2.svg", "fade.html", "fade.svg", "index.html", "slide.html", "slide.svg"])
        for svg in ["fade.svg", "fade-2.svg", "slide.svg"] {
            #expect(try files.segue(["validate", "site/\(svg)"], in: dir).status == 0)
        }
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        // libxml2 escapes what users write (an attribute holding `"` is written in single quotes).
        #expect(page.contains("<img src=\"fade.svg\" width=\"259\" height=\"460\" alt='A second fade &lt;with&gt; \"quotes\" &amp; more'>"), "\(page)")
        #expect(page.contains("<a href=\"slide.html\">open the page</a>"))
        #expect(page.contains("src/Fade.swift") && !page.contains("Bad.swift"))
        // Three live figures, each under a scope of its own (the two named "fade" too).
        let scopes = page.components(separatedBy: "class=\"segue-figure ").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(scopes.count == 3 && Set(scopes).count == 3 && !page.contains("scope-pending"), "\(scopes)")
    }

    @Test func onATerminalAProgressBarIsRedrawnInPlace() throws {
        let dir = try files.folder(["src/Two.swift": TransitionFileCLITests.two])
        // `script` gives the command a pseudo-terminal, as an interactive shell would.
        let command = "\(CLITests.binary.path) gallery src -o site --jobs 1"
        let run = try CLITests.run(["-qec", command, "/dev/null"], in: dir,
                                   environment: ["XDG_CACHE_HOME": TransitionFileCLITests.cacheHome.path, "TERM": "xterm"],
                                   executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("\r\u{1B}[2K[                        ] 0/1  building src/Two.swift"), "\(run.stdout)")
        #expect(!run.stdout.contains("[1/1]"))
        #expect(run.stdout.contains("wrote site/index.html: 2 transitions"))
    }

    @Test(arguments: [
        (["gallery", "-o", "site"], "give a folder of transition files, --presets, or both"),
        (["gallery", "--presets", "--jobs", "0", "-o", "site"], "--jobs must be from 1 to 64"),
        (["gallery", "missing", "-o", "site"], "'missing' is not a folder"),
        (["gallery", "empty", "-o", "site"], "'empty' holds no transition files (*.swift)"),
        (["gallery", "--presets", "--no-loop", "--pause", "2", "-o", "site"], "--pause sets the hold between plays of a loop"),
        (["gallery", "--presets", "--timeout", "5", "-o", "site"], "--timeout is for transition files, which are compiled and run"),
    ])
    func refusesWhatItCannotBuildAndWritesNothing(arguments: [String], message: String) throws {
        let dir = try files.folder(["empty/notes.txt": "no transitions here"])
        let run = try files.segue(arguments, in: dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: \(message)"), "\(run.stderr)")
        #expect(try files.contents(of: dir) == ["empty"])
    }
}
