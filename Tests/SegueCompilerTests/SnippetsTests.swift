import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// What `segue export` prints to paste: the file name is a URL there, so no name ends the link or
/// the attribute early.
struct SnippetsTests {
    static let timeline = Timeline(name: "fade", summary: "A fade", direction: .push, size: Size(width: 375, height: 667),
                                   duration: 0.5, layers: [])

    @Test func aPlainNameIsWrittenAsItIs() {
        #expect(Snippets.markdown(file: "fade-in_2.svg", timeline: Self.timeline) == "![A fade](fade-in_2.svg)")
    }

    /// `segue export … -o docs/fade.svg` run beside a README: the README refers to docs/fade.svg.
    @Test func aRelativePathIsKeptAndAnAbsoluteOneGivesTheFileName() {
        #expect(Snippets.reference(to: "docs/fade.svg") == "docs/fade.svg")
        #expect(Snippets.reference(to: "./docs/fade.svg") == "docs/fade.svg")
        #expect(Snippets.reference(to: "fade.svg") == "fade.svg")
        #expect(Snippets.reference(to: "/tmp/site/fade.svg") == "fade.svg")
        #expect(Snippets.usage(path: "docs/fade.svg", format: .svg, timeline: Self.timeline)
            .contains("![A fade](docs/fade.svg)"))
    }

    @Test func spacesQuotesAndBracketsArePercentEncoded() {
        let name = "a \"b\" (1) [x] é.svg"
        #expect(Snippets.url(name) == "a%20%22b%22%20%281%29%20%5Bx%5D%20%C3%A9.svg")
        #expect(Snippets.markdown(file: name, timeline: Self.timeline) == "![A fade](\(Snippets.url(name)))")
        #expect(Snippets.img(file: name, timeline: Self.timeline)
            == "<img src=\"\(Snippets.url(name))\" width=\"375\" height=\"667\" alt=\"A fade\">")
    }
}
