import Foundation
import Segue
@testable import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// The compaction of written SVGs, one rule at a time on small documents, and on the presets: ids
/// only where something refers to them. That nothing drawn changes is checked by the golden files
/// (reviewed renders), `ReplayTests` and the browser suite.
struct SVGCompactorTests {
    /// The document `<svg><g clip-path="url(#s)">body</g></svg>` compacted: what is inside `<svg>`.
    func compacted(_ body: String) throws -> String {
        let source = "<svg xmlns=\"http://www.w3.org/2000/svg\"><g clip-path=\"url(#s)\">\(body)</g></svg>"
        let document = try #require(XMLDocument(parsing: Data(source.utf8)))
        SVGCompactor.compact(document, idPrefix: "sg-test-")
        let text = String(decoding: document.serialized(indent: false), as: UTF8.self)
        let start = try #require(text.range(of: "<svg xmlns=\"http://www.w3.org/2000/svg\">"))
        return String(text[start.upperBound...].dropLast("</svg>\n".count))
            .replacingOccurrences(of: "<g clip-path=\"url(#s)\"", with: "<g")
    }

    @Test func groupsThatDoNothingGiveWay() throws {
        #expect(try compacted("<g><rect width=\"1\" height=\"1\"/></g>") == "<g><rect width=\"1\" height=\"1\"/></g>")
        // A group that animates keeps its animation to itself.
        let animated = "<g><animate attributeName=\"opacity\" values=\"0;1\" dur=\"1s\"/><rect width=\"1\" height=\"1\"/></g>"
        #expect(try compacted(animated) == "<g>\(animated)</g>")
    }

    @Test func aStillTranslationMovesIntoTheShapes() throws {
        let body = "<g transform=\"translate(16,76)\"><rect width=\"48\" height=\"48\"/><text x=\"-16\" y=\"12\">A</text></g>"
        #expect(try compacted(body) == "<g><rect width=\"48\" height=\"48\" x=\"16\" y=\"76\"/><text y=\"88\">A</text></g>")
    }

    @Test func aShapeThatRefersToUserSpaceTakesTheTransformInstead() throws {
        let body = "<g transform=\"translate(5,5)\"><rect width=\"1\" height=\"1\" clip-path=\"url(#c)\"/></g>"
        #expect(try compacted(body) == "<g><rect width=\"1\" height=\"1\" clip-path=\"url(#c)\" transform=\"translate(5,5)\"/></g>")
    }

    @Test func textUnderAnAnimatedScaleKeepsItsTranslation() throws {
        // Chromium snaps a baseline to a whole pixel: s·(a + b) and s·a + s·b may land apart.
        let inner = "<g transform=\"translate(-187.5,-333.5)\"><text x=\"16\" y=\"16\">A</text></g>"
        let body = "<g><animateTransform attributeName=\"transform\" type=\"scale\" values=\"0.7;1\" dur=\"1s\"/>\(inner)</g>"
        #expect(try compacted(body).contains("translate(-187.5,-333.5)"))
    }

    @Test func sharedValuesMoveToTheGroupAndHeirsKeepTheirs() throws {
        let texts = (1...3).map { "<text y=\"\($0)\" fill=\"#1c1c1e\" font-size=\"16\">T</text>" }.joined()
        let body = texts + "<rect width=\"1\" height=\"1\"/>"
        // The rect inherited black: it says so once the group is grey.
        #expect(try compacted(body) == "<g fill=\"#1c1c1e\" font-size=\"16\"><text y=\"1\">T</text><text y=\"2\">T</text><text y=\"3\">T</text><rect width=\"1\" height=\"1\" fill=\"#000\"/></g>")
    }

    @Test func anAnimatedValueStaysOnItsElement() throws {
        let animated = "<rect width=\"1\" height=\"1\" fill=\"#fff\"><animate attributeName=\"fill\" values=\"#fff;#000\" dur=\"1s\"/></rect>"
        let body = animated + (1...3).map { _ in "<rect width=\"1\" height=\"1\" fill=\"#fff\"/>" }.joined()
        let result = try compacted(body)
        #expect(result.hasPrefix("<g fill=\"#fff\">\(animated)"))
    }

    @Test func runsOfLikeSiblingsSayTheirValuesOnce() throws {
        let titles = (1...3).map { "<text y=\"\($0)\" font-weight=\"600\">T</text>" }.joined()
        let subtitles = (4...6).map { "<text y=\"\($0)\" font-size=\"13\">S</text>" }.joined()
        let result = try compacted("<rect width=\"1\" height=\"1\" fill=\"#fff\"/>" + titles + subtitles)
        // Neither value is shared by the whole group, so hoisting leaves them: each run gets its own.
        #expect(result == "<g><rect width=\"1\" height=\"1\" fill=\"#fff\"/>"
            + "<g font-weight=\"600\">\(titles.replacingOccurrences(of: " font-weight=\"600\"", with: ""))</g>"
            + "<g font-size=\"13\">\(subtitles.replacingOccurrences(of: " font-size=\"13\"", with: ""))</g></g>")
    }

    @Test func aRunStopsAtAnElementSomethingRefersTo() throws {
        let text = { (y: Int) in "<text y=\"\(y)\" font-weight=\"600\">T</text>" }
        let referred = "<text id=\"t\" y=\"2\" font-weight=\"600\">T</text>"
        // Two texts of the regular weight keep hoisting from saying "600" for the whole group.
        let regular = "<text>R</text><text>R</text>"
        let result = try compacted(regular + text(1) + referred + text(3) + text(4))
        #expect(result == "<g>\(regular)\(text(1))\(referred)"
            + "<g font-weight=\"600\"><text y=\"3\">T</text><text y=\"4\">T</text></g></g>")
    }

    @Test func aValueTheGroupAnimatesIsNotHoistedOntoIt() throws {
        let animation = "<animate attributeName=\"fill\" values=\"#fff;#000\" dur=\"1s\"/>"
        let rects = (1...3).map { "<rect width=\"1\" height=\"\($0)\" fill=\"#fff\"/>" }.joined()
        let result = try compacted("<g>\(animation)\(rects)</g>")
        // The rects' own white shields them from the group's animated fill, in a group of their own.
        #expect(result == "<g><g>\(animation)<g fill=\"#fff\">\(rects.replacingOccurrences(of: " fill=\"#fff\"", with: ""))</g></g></g>")
    }

    @Test func textBaselinesBecomeOneRule() throws {
        let result = try compacted("<text dominant-baseline=\"central\">A</text><text dominant-baseline=\"central\">B</text>")
        #expect(result == "<g><text>A</text><text>B</text></g><style type=\"text/css\">text{dominant-baseline:central}</style>")
    }

    /// A polygon with the points and animation of a page outline turning.
    static func turningOutline(fill: String? = nil, to corner: String = "180,40") -> String {
        let animation = "<animate attributeName=\"points\" values=\"0,0 200,0 200,300 0,300;0,0 190,20 190,280 0,300;0,0 \(corner) 180,260 0,300\" keyTimes=\"0;0.5;1\" dur=\"0.6s\" fill=\"freeze\"/>"
        return "<polygon points=\"0,0 200,0 200,300 0,300\"\(fill.map { " fill=\"\($0)\"" } ?? "")>\(animation)</polygon>"
    }

    @Test func aRepeatedAnimatedPolygonIsDefinedOnceAndUsed() throws {
        let source = "<svg xmlns=\"http://www.w3.org/2000/svg\"><defs><clipPath id=\"c\">\(Self.turningOutline())</clipPath></defs>"
            + "<g clip-path=\"url(#c)\">\(Self.turningOutline(fill: "#f4efe6"))\(Self.turningOutline(fill: "url(#g)"))"
            + "\(Self.turningOutline(fill: "#36a", to: "181,40"))</g></svg>"
        let document = try #require(XMLDocument(parsing: Data(source.utf8)))
        SVGCompactor.compact(document, idPrefix: "sg-test-")
        let text = String(decoding: document.serialized(indent: false), as: UTF8.self)
        let use = "xlink:href=\"#sg-test-shape-1\"/>"
        // The clip and both fills show one bare definition; the outline that differs stays as it was.
        #expect(text.contains("<clipPath id=\"c\"><use \(use)</clipPath>"))
        #expect(text.contains("<use fill=\"#f4efe6\" \(use)<use fill=\"url(#g)\" \(use)\(Self.turningOutline(fill: "#36a", to: "181,40"))"))
        #expect(text.contains("<polygon id=\"sg-test-shape-1\" points=\"0,0 200,0 200,300 0,300\"><animate attributeName=\"points\""))
        #expect(text.components(separatedBy: "<animate ").count == 3, "one animation for the shared outline, one for the other")
        #expect(text.contains("xmlns:xlink=\"http://www.w3.org/1999/xlink\""))
    }

    /// A list's separators: 0.5 pt tall, 72 pt apart.
    static func separators(_ count: Int, extra: String = "") -> String {
        (0..<count).map { "<rect width=\"299\" height=\".5\" fill=\"#d1d1d6\"\(extra) x=\"76\" y=\"\(135.5 + 72 * Double($0))\"/>" }.joined()
    }

    @Test func likeRectanglesApartBecomeOnePath() throws {
        let result = try compacted("<rect width=\"375\" height=\"64\" fill=\"#f7f7f8\"/>" + Self.separators(3))
        // The separators' grey is said once, on the group (hoisted before the rectangles merged).
        #expect(result == "<g fill=\"#d1d1d6\"><rect width=\"375\" height=\"64\" fill=\"#f7f7f8\"/>"
            + "<path d=\"M76 135.5h299v.5H76zm0 72h299v.5H76zm0 72h299v.5H76z\"/></g>")
    }

    @Test func aGroupLeftWithItsPathHandsItsValuesToIt() throws {
        let body = "<rect width=\"10\" height=\"10\"/><g fill=\"#d1d1d6\">\(Self.separators(2).replacingOccurrences(of: " fill=\"#d1d1d6\"", with: ""))</g>"
        #expect(try compacted(body) == "<g><rect width=\"10\" height=\"10\"/><path d=\"M76 135.5h299v.5H76zm0 72h299v.5H76z\" fill=\"#d1d1d6\"/></g>")
    }

    @Test func aPathIsWrittenShort() throws {
        // Relative moves after the first; back along the bottom by `h-…` where that is shorter
        // than the left edge; no separator before a minus sign or a second point.
        let body = "<rect width=\"2\" height=\"2\" x=\"1000.25\" y=\"10\"/><rect width=\"2\" height=\"2\" x=\"990.75\" y=\"10.5\"/>"
        #expect(try compacted(body) == "<g><path d=\"M1000.25 10h2v2h-2zm-9.5.5h2v2h-2z\"/></g>")
    }

    @Test func rectanglesNearerThanTheClearanceStayApart() throws {
        // Drawn apart, a pixel both touch blends two antialiased edges; one path blends one.
        let near = "<rect width=\"10\" height=\"10\" fill=\"#000\"/><rect width=\"10\" height=\"10\" fill=\"#000\" x=\"11\"/>"
        #expect(try compacted(near).contains("<rect width=\"10\" height=\"10\" x=\"11\"/>"))
        let apart = near.replacingOccurrences(of: "x=\"11\"", with: "x=\"12\"")
        #expect(try compacted(apart).contains("<path d=\"M0 0h10v10H0zm12 0h10v10H12z\"/>"))
    }

    @Test func onlyPlainLikeRectanglesMerge() throws {
        // Rounded, referred to, animated, clipped, or painted otherwise: each stays a rectangle.
        let animated = "<rect width=\"299\" height=\".5\" fill=\"#d1d1d6\" x=\"76\" y=\"351.5\"><animate attributeName=\"y\" values=\"351.5;360\" dur=\"1s\"/></rect>"
        for odd in [Self.separators(1, extra: " rx=\".25\""), Self.separators(1, extra: " id=\"r\""), animated,
                    Self.separators(1, extra: " clip-path=\"url(#c)\""), Self.separators(1, extra: " fill-opacity=\".5\"")] {
            let body = Self.separators(1) + odd.replacingOccurrences(of: "y=\"135.5\"", with: "y=\"207.5\"")
            #expect(try !compacted(body).contains("<path"), "\(odd)")
        }
        // Inside a clip path, rectangles stay as the replay and the strips read them.
        let clip = "<clipPath id=\"c\">\(Self.separators(2))</clipPath>"
        #expect(try compacted(clip).contains(Self.separators(2)))
    }

    @Test func theLayerMapFollowsElementsThroughCompaction() throws {
        // Merging frees the second separator and runs make new groups: only the elements tagged
        // before (the first separator, now the path, and the polygon) are found after.
        let source = "<svg xmlns=\"http://www.w3.org/2000/svg\"><g clip-path=\"url(#s)\">\(Self.separators(2))"
            + "<polygon points=\"0,0 1,0 1,1\"/><text>T</text></g></svg>"
        let document = try #require(XMLDocument(parsing: Data(source.utf8)))
        let elements = document.root.elementsInDocumentOrder
        let rects = elements.filter { $0.name == "rect" }, polygon = try #require(elements.first { $0.name == "polygon" })
        let layers = SVGLayerMap.tag([rects[0]: "first", rects[1]: "second", polygon: "shape"])
        SVGCompactor.compact(document, idPrefix: "sg-test-")
        let map = SVGLayerMap(document: document.root, taggedLayers: layers)
        let found = document.root.elementsInDocumentOrder.enumerated().compactMap { index, element in
            map.layer(at: index).map { "\(element.name) \($0)" }
        }
        #expect(found == ["path first", "polygon shape"])
        #expect(document.root.elementsInDocumentOrder.allSatisfy { $0.tag == nil }, "the tags are taken off")
    }

    @Test(arguments: Presets.all.map(\.name))
    func idsAreWrittenOnlyWhereSomethingRefersToThem(name: String) throws {
        for animation in SVGAnimation.allCases {
            let timeline = try Presets.named(name).transition(overrides: [(name: "screens", value: "flat")]).timeline(.push)
            let options = ExportOptions(svg: SVGOptions(animation: animation))
            let text = String(decoding: try Exporter.render(timeline, as: .svg, options: options), as: UTF8.self)
            let ids = text.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            for id in ids {
                #expect(text.contains("#\(id))") || text.contains("\"#\(id)\"") || text.contains("#\(id){") || text.contains("#\(id),"),
                        "\(name) (\(animation)): nothing refers to \(id)")
            }
        }
    }
}
