import Foundation
import Segue
import SegueCompiler
import SegueXML
import Testing

/// Text and names from users reach the documents escaped by libxml2, never by hand: markup
/// characters, a CDATA end, quotes, right-to-left text and emoji come back unchanged when the
/// document is parsed, and the documents stay valid (SVG 1.1 DTD; the Nu checker for HTML).
struct EscapingTests {
    static let hostile = #"<b>&amp; ]]> "double" 'single' مرحبا 🎬👩‍👩‍👧 &#0; --> <!--"#

    /// A transition carrying the hostile text in its description, a text layer and layer names.
    static func transition() -> Transition {
        Transition("مرحبا-\(UUID().uuidString.prefix(4))", description: hostile) { t in
            let label = Layer(name: "label " + hostile, frame: Rect(x: 10, y: 10, width: 300, height: 40),
                              contents: .text(Text(hostile)))
            t.add(label)
            let card = Layer(name: hostile + " card", frame: Rect(x: 20, y: 80, width: 100, height: 100))
            card.backgroundColor = .black
            t.add(card)
            t.animate { card.opacity = 0 }
        }
    }

    /// Every text node of the document, in order.
    func texts(_ element: XMLElement) -> [String] {
        element.children.isEmpty ? [element.text] : element.children.flatMap(texts)
    }

    @Test func svgKeepsTheTextAndStaysValid() throws {
        let svg = try Exporter.render(Self.transition(), direction: .push, as: .svg)
        #expect(try DTDValidator.validateSVG(svg).isEmpty)
        let document = try #require(XMLDocument(parsing: svg))
        let all = texts(document.root)
        #expect(all.contains(Self.hostile))  // <desc> and the text layer's <text>
        #expect(document.root.children.first { $0.name == "desc" }?.text == Self.hostile)
        let raw = String(decoding: svg, as: UTF8.self)
        #expect(!raw.contains("<b>") && !raw.contains("]]>") && !raw.contains("<!--\""))
    }

    @Test func htmlKeepsTheTextAndPassesTheNuChecker() throws {
        let transition = Self.transition()
        let html = try Exporter.render(transition, direction: .push, as: .html)
        #expect(HTMLDocument.problems(in: html).isEmpty)
        let text = String(decoding: html, as: UTF8.self)
        #expect(!text.contains("<b>") && text.contains("مرحبا") && text.contains("🎬"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-escaping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try html.write(to: folder.appendingPathComponent("page.html"))
        let (status, output) = try HTMLValidationTests().nuCheck(folder)
        #expect(status == 0, "\(output)")
    }
}
