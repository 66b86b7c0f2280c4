import Foundation
import SegueCompiler
import SegueXML
import Testing

/// The SVG 1.1 check of a document as built, which every export makes while it serialises the
/// document (`DTDValidator.serializedSVG`): it must find what checking the written bytes finds.
struct TreeValidationTests {
    /// A document as the writer starts one: the SVG 1.1 DOCTYPE, which declares `role` and
    /// `aria-label` on `<svg>` in its internal subset.
    private func document() -> XMLDocument {
        let document = XMLDocument(root: "svg", namespace: SVGWriter.svgNamespace)
        document.setDoctype(name: "svg", publicID: DTDValidator.svg11PublicID, systemID: DTDValidator.svg11SystemID,
                            extraAttributes: [("svg", "role"), ("svg", "aria-label")])
        document.root.set("role", "img").set("aria-label", "a card, dealt")
        return document
    }

    @Test func aValidTreeHasNoIssuesAndItsBytesAgree() throws {
        let document = document()
        let group = document.root.addChild("g").set("id", "card").set("fill", "#c62828")
        group.addChild("rect").set("width", "110").set("height", "160")
        group.addChild("text").set("x", "10").set("y", "20").addText("♥ Queen")
        document.root.addChild("use").set("href", "#card", namespace: document.namespace(prefix: "xlink", uri: SVGWriter.xlinkNamespace))
        let written = try DTDValidator.serializedSVG(document, indent: false)
        #expect(written.issues.isEmpty, "\(written.issues)")
        #expect(written.data == document.serialized(indent: false))
        #expect(try DTDValidator.validateSVG(written.data).isEmpty)
    }

    /// An element the DTD does not know, an attribute it does not allow (the internal subset
    /// declares `role` on `<svg>` only) and two elements with one id: each found, where it is,
    /// as in the written bytes.
    @Test func anInvalidTreeIsReportedWithPathsAsItsBytesAre() throws {
        let document = document()
        let group = document.root.addChild("g")
        group.addChild("rect").set("width", "5").set("height", "5").set("role", "button")
        group.addChild("blink")
        group.addChild("circle").set("r", "2").set("id", "dot")
        document.root.addChild("circle").set("r", "3").set("id", "dot")
        let written = try DTDValidator.serializedSVG(document, indent: true)
        let messages = written.issues.map(\.message)
        #expect(messages.contains { $0.contains("blink") && $0.contains("(at svg/g/blink)") }, "\(messages)")
        #expect(messages.contains { $0.contains("role") && $0.contains("(at svg/g/rect)") }, "\(messages)")
        #expect(messages.contains { $0.contains("dot") && $0.contains("(at svg/circle)") }, "\(messages)")
        let fromBytes = try DTDValidator.validateSVG(written.data).map(\.message)
        for word in ["blink", "role", "dot"] {
            #expect(fromBytes.contains { $0.contains(word) }, "\(word): \(fromBytes)")
        }
    }

    /// The check notes the ids it meets in the document; checked again, the document is as valid
    /// as it was (its ids are not taken for duplicates of themselves), and the DTD it hung on the
    /// document is gone, so the document frees as before.
    @Test func aTreeCheckedTwiceIsValidTwice() throws {
        let document = document()
        document.root.addChild("rect").set("id", "a").set("width", "1").set("height", "1")
        document.root.addChild("rect").set("id", "b").set("width", "1").set("height", "1")
        for _ in 0..<2 {
            let written = try DTDValidator.serializedSVG(document, indent: false)
            #expect(written.issues.isEmpty, "\(written.issues)")
        }
    }

    @Test func aDoctypeNamingAnotherDTDIsAnIssue() throws {
        let document = XMLDocument(root: "svg", namespace: SVGWriter.svgNamespace)
        document.setDoctype(name: "svg", publicID: "-//W3C//DTD SVG 1.0//EN", systemID: "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd")
        let issues = try DTDValidator.serializedSVG(document, indent: false).issues
        #expect(issues.map(\.message) == ["the DOCTYPE names '-//W3C//DTD SVG 1.0//EN', not SVG 1.1 ('-//W3C//DTD SVG 1.1//EN')"])
    }

    /// Checked on another core while this one serialises, many times over a large document with
    /// text to escape: the bytes are those serialising alone writes, every time.
    @Test func checkingBesideSerialisingLeavesTheBytesAlone() throws {
        let document = document()
        for k in 0..<2_000 {
            let group = document.root.addChild("g").set("id", "g\(k)").set("transform", "translate(\(k),\(k % 7))")
            group.addChild("text").set("x", "\(k)").set("y", "1").addText("naïve & “quoted” <\(k)>")
            group.addChild("animate").set("attributeName", "opacity").set("values", "0;1").set("dur", "1s")
        }
        let alone = document.serialized(indent: false)
        for _ in 0..<40 {
            let written = try DTDValidator.serializedSVG(document, indent: false, concurrently: true)
            #expect(written.issues.isEmpty)
            #expect(written.data == alone)
        }
    }
}

extension TreeValidationTests {
    /// A character XML 1.0 does not allow (a C0 control, U+FFFE) makes the written bytes
    /// unreadable, which a check of the tree cannot see: the bytes are looked at for it, as a
    /// parse of them finds it. (Transition files cannot put one in a text; this guards the writer.)
    @Test func aCharacterXMLDoesNotAllowIsFoundInTheBytes() throws {
        for (text, code) in [("bell \u{7}", "U+0007"), ("odd \u{FFFE}", "U+FFFE"), ("odd \u{FFFF}", "U+FFFF")] {
            let document = document()
            document.root.addChild("text").set("x", "1").set("y", "1").addText(text)
            let written = try DTDValidator.serializedSVG(document, indent: true)
            #expect(written.issues.first?.message == "the document holds \(code), a character XML 1.0 does not allow", "\(written.issues)")
            #expect(!(try DTDValidator.validateSVG(written.data)).isEmpty, "\(code)")
        }
        let attribute = document()
        attribute.root.addChild("rect").set("width", "1").set("height", "1").set("class", "a\u{1}b")
        let written = try DTDValidator.serializedSVG(attribute, indent: false)
        #expect(written.issues.first?.message == "the document holds U+0001, a character XML 1.0 does not allow", "\(written.issues)")
        #expect(!(try DTDValidator.validateSVG(written.data)).isEmpty)
        // Allowed characters, as references or not: no issue.
        let fine = document()
        fine.root.addChild("text").set("x", "1").set("y", "1").set("class", "tab\there\nline").addText("ok \r\n\t \u{10FFFF} \u{E000}")
        #expect(try DTDValidator.serializedSVG(fine, indent: false).issues.isEmpty)
    }
}

extension TreeValidationTests {
    /// Attribute values reach the check as a parse of the bytes reads them: a value the DTD fixes
    /// (`version="1.1"`), an id that is no XML name, and a value with characters the bytes escape
    /// (which the check must see unescaped, as the DTD does).
    @Test func attributeValuesAreCheckedAsWritten() throws {
        let document = document()
        document.root.set("version", "1.0")
        document.root.addChild("rect").set("id", "two words").set("width", "1").set("height", "1")
        document.root.addChild("rect").set("id", "fine").set("class", "a<b & \"c\"\n").set("width", "1").set("height", "1")
        let written = try DTDValidator.serializedSVG(document, indent: false)
        let messages = written.issues.map(\.message)
        #expect(messages.contains { $0.contains("version of svg must be \"1.1\"") }, "\(messages)")
        #expect(messages.contains { $0.contains("attribute id of rect is not valid (at svg/rect[1])") }, "\(messages)")
        // The same issues as the bytes', but for where each lies.
        let fromBytes = try DTDValidator.validateSVG(written.data).map(\.message)
        #expect(messages.map { $0.replacingOccurrences(of: #" \(at [^)]*\)$"#, with: "", options: .regularExpression) } == fromBytes)
    }
}
