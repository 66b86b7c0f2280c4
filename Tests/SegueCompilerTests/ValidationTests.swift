import Foundation
import SegueCompiler
import SegueXML
import Testing

/// The SVG 1.1 DTD check that every written document passes.
struct ValidationTests {
    let header = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"

    @Test func theDTDComesFromTheLocalCatalog() throws {
        let path = try #require(DTDValidator.localSVG11DTD())
        #expect(path.hasPrefix("/"))
    }

    @Test func aValidDocumentPasses() throws {
        let svg = header + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"10\" height=\"10\"><rect width=\"5\" height=\"5\"/></svg>"
        #expect(try DTDValidator.validateSVG(Data(svg.utf8)).isEmpty)
    }

    /// A projected outline with thousands of keyframes on a stage 100,000 pt across wrote a
    /// 12 MB document (a random case of the property test), which libxml2's 10 MB limit refused
    /// as "Huge input lookup", reported as Segue's internal error.
    @Test func aDocumentPastTenMegabytesIsValidatedAndReadBack() throws {
        let points = (0..<1_500_000).map { "\($0 % 1000),\($0 % 997)" }.joined(separator: " ")
        let svg = header + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"><polygon points=\"\(points)\"/></svg>"
        #expect(svg.utf8.count > 10_000_000)
        #expect(try DTDValidator.validateSVG(Data(svg.utf8)).isEmpty)
        #expect(XMLDocument(parsing: Data(svg.utf8)) != nil)
    }

    @Test func anInvalidDocumentFailsWithLineNumbers() throws {
        let svg = header + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\">\n<rect width=\"5\"/>\n<blink/>\n</svg>"
        let issues = try DTDValidator.validateSVG(Data(svg.utf8))
        #expect(issues.contains { $0.line == 5 && $0.message.contains("blink") })
    }

    @Test func aDocumentWithoutDoctypeIsCheckedAgainstSVG11() throws {
        let good = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"><circle r=\"2\"/></svg>"
        let bad = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"><circle r=\"2\" role=\"img\"/></svg>"
        #expect(try DTDValidator.validateSVG(Data(good.utf8)).isEmpty)
        #expect(try !DTDValidator.validateSVG(Data(bad.utf8)).isEmpty)
    }

    @Test func malformedXMLIsReported() throws {
        let issues = try DTDValidator.validateSVG(Data("<svg><g></svg>".utf8))
        #expect(!issues.isEmpty)
    }

    /// libxml2 reads an empty document as no document, and says nothing: that is an issue too.
    @Test func anEmptyDocumentIsReported() throws {
        let issues = try DTDValidator.validateSVG(Data())
        #expect(issues.map(\.message) == ["the document is empty: an SVG file holds an <svg> element"])
        #expect(!DTDValidator.checkWellFormed(Data()).isEmpty)
    }

    /// libxml2 runs with XML_PARSE_NONET and the catalog: the SVG 1.1 DOCTYPE, which names a URL on
    /// w3.org, validates from the local copy, while a DTD the catalog does not know is refused
    /// with libxml2's network error instead of being fetched. (`FaultTests` also validates inside
    /// a network namespace with no interfaces.)
    @Test func aRemoteDoctypeIsResolvedLocallyAndNeverFetched() throws {
        let svg = header + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"><rect width=\"5\" height=\"5\"/></svg>"
        #expect(header.contains("http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"))
        #expect(try DTDValidator.validateSVG(Data(svg.utf8)).isEmpty)
        let unknown = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg PUBLIC \"-//Nobody//DTD Nothing//EN\" \"http://example.com/nothing.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
        let issues = try DTDValidator.validateSVG(Data(unknown.utf8))
        #expect(issues.contains { $0.message.contains("network") }, "\(issues)")
    }
}
