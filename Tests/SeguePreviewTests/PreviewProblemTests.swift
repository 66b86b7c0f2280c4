import Testing
@testable import SeguePreview

/// The overlay's payload: where the first error is and what it says.
@Suite struct PreviewProblemTests {
    @Test func aCompilerReportIsLocatedAtItsFirstError() {
        let report = """
        /tmp/x/Reveal.swift:7:13: error: cannot find 'radiuss' in scope
            t.to.mask = .circle(in: button.insetBy(dx: -radiuss, dy: -radius))
                    ^~~~~~~
        /tmp/x/Reveal.swift:9:1: error: expected '}'
        """
        let problem = PreviewProblem(report: report)
        #expect(problem.file == "/tmp/x/Reveal.swift")
        #expect(problem.line == 7)
        #expect(problem.column == 13)
        #expect(problem.message == "cannot find 'radiuss' in scope")
        #expect(problem.report.contains("expected '}'"))
    }

    @Test func anUnlocatedErrorKeepsItsMessage() {
        let problem = PreviewProblem(report: "error: 'Reveal.swift' declares no transition; add one")
        #expect(problem.file == nil && problem.line == nil)
        #expect(problem.message == "'Reveal.swift' declares no transition; add one")
    }

    @Test func aSegueDiagnosticWithALineIsLocated() {
        let problem = PreviewProblem(report: "Cards.swift:12:5: error: an animation names layer 'cardd', which does not exist")
        #expect(problem.file == "Cards.swift" && problem.line == 12 && problem.column == 5)
    }
}

/// The images a transition file names, and only those, are its assets.
@Suite struct AssetReferencesTests {
    @Test func imageLiteralsResolveAgainstTheFilesFolder() {
        let source = """
        t.to.contents = .image("detail.png")
        let cover = try Image(contentsOf: "art/Cover.JPG")
        let title = "detail.png is nice"
        let other = "notes.txt"
        """
        let assets = AssetReferences(source: source, path: "/work/demo/Reveal.swift")
        #expect(assets.files == ["detail.png": "/work/demo/detail.png", "art/Cover.JPG": "/work/demo/art/Cover.JPG"])
        #expect(assets.path(for: "notes.txt") == nil)
        #expect(AssetReferences.contentType(of: "a.png") == "image/png")
        #expect(AssetReferences.contentType(of: "a.jpeg") == "image/jpeg")
    }
}
