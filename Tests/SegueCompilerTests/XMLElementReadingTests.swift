import Foundation
import SegueXML
import Testing

/// Reading a built tree in place, as compaction does for nearly every element: attributes, names
/// and children, without the lists and strings `attributes`, `name` and `children` make.
struct XMLElementReadingTests {
    /// `<svg>` with a DOCTYPE whose internal subset declares `fill` on `<rect>`, a rect that sets
    /// only an escaped `stroke` and holds an animation, and a `<use>` with an `xlink:href`.
    func document() -> (XMLDocument, rect: XMLElement, use: XMLElement) {
        let document = XMLDocument(root: "svg", namespace: "http://www.w3.org/2000/svg")
        document.setDoctype(name: "svg", publicID: "-//W3C//DTD SVG 1.1//EN",
                            systemID: "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd",
                            extraAttributes: [("rect", "fill")])
        let xlink = document.namespace(prefix: "xlink", uri: "http://www.w3.org/1999/xlink")
        let group = document.root.addChild("g")
        let rect = group.addChild("rect").set("stroke", "a<b & \"c\"")
        rect.addChild("animate").set("attributeName", "x")
        let use = group.addChild("use").set("href", "#shape", namespace: xlink)
        return (document, rect, use)
    }

    @Test func attributesAreTheElementsOwnWhateverTheirNamespace() {
        let (document, rect, use) = document()
        withExtendedLifetime(document) {
            #expect(rect.attribute("stroke") == "a<b & \"c\"")
            #expect(rect.has("stroke"))
            // Declared in the internal subset, but not set: not the element's.
            #expect(rect.attribute("fill") == nil)
            #expect(!rect.has("fill"))
            #expect(use.attribute("href") == "#shape")
            #expect(use.has("href"))
            rect.set("stroke", "")
            #expect(rect.attribute("stroke") == "")
        }
    }

    @Test func namesAreComparedInPlace() {
        let (document, rect, use) = document()
        withExtendedLifetime(document) {
            #expect(rect.isNamed("rect"))
            #expect(!rect.isNamed("re"))
            #expect(!rect.isNamed("rects"))
            #expect(use.isNamed(use.name))
        }
    }

    @Test func childrenAreAskedInOrderUntilOneAnswers() {
        let (document, rect, _) = document()
        withExtendedLifetime(document) {
            let group = document.root.children[0]
            var asked: [String] = []
            #expect(group.containsChild { asked.append($0.name); return $0.isNamed("rect") })
            #expect(asked == ["rect"])
            asked = []
            #expect(!group.containsChild { asked.append($0.name); return $0.isNamed("circle") })
            #expect(asked == ["rect", "use"])
            #expect(rect.containsChild { $0.isNamed("animate") })
            #expect(!rect.children[0].containsChild { _ in true })
        }
    }

    @Test func everyElementIsAskedInDocumentOrderUntilOneSaysNo() {
        let (document, _, _) = document()
        withExtendedLifetime(document) {
            var asked: [String] = []
            #expect(document.root.allElements { asked.append($0.name); return true })
            #expect(asked == document.root.elementsInDocumentOrder.map(\.name))
            #expect(asked == ["svg", "g", "rect", "animate", "use"])
            asked = []
            #expect(!document.root.allElements { asked.append($0.name); return !$0.isNamed("animate") })
            #expect(asked == ["svg", "g", "rect", "animate"])
        }
    }
}
