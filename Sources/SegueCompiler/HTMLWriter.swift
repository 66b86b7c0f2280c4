import Segue
import SegueXML

/// How an HTML page is written.
public struct HTMLOptions: Sendable, Equatable {
    /// Seconds to hold the last frame before playing again; nil plays once.
    public var loopPause: Double?
    /// The largest error, in progress units, of the `linear()` easings that stand for springs.
    public var springTolerance: Double

    public init(loopPause: Double? = nil, springTolerance: Double = 0.0005) {
        self.loopPause = loopPause
        self.springTolerance = springTolerance
    }
}

/// Writes a transition as an HTML page: both directions as stages of real CSS 3D (perspective,
/// `matrix3d`, `backface-visibility`) animated with `@keyframes`, under the player from
/// `templates/`. The page comes from a Mustache template, is parsed by libxml2, receives the
/// generated elements and style sheet through libxml2's API, and is serialised by libxml2.
public struct HTMLWriter {
    public let push: Timeline
    public let pop: Timeline?
    public let options: HTMLOptions

    /// A page for one transition: its push, and its pop when given (the player switches between
    /// them). The first timeline's direction is the one shown first.
    public init(push: Timeline, pop: Timeline? = nil, options: HTMLOptions = HTMLOptions()) {
        self.push = push
        self.pop = pop
        self.options = options
    }

    public func data() throws(ExportError) -> Data {
        let description = push.summary.isEmpty ? SVGBuilder.label(push) : push.summary
        let pageText = try PageTemplates.render("page.html", [
            "title": push.name, "description": description, "version": SegueVersion.current,
        ])
        let page: HTMLDocument
        do {
            page = try HTMLDocument(parsing: pageText)
        } catch {
            throw ExportError(error.description)
        }
        guard let slot = page.element(id: "segue-figure"), let style = page.element(id: "segue-style") else {
            throw ExportError("Segue's page template has no #segue-figure or #segue-style; reinstall Segue")
        }
        let css = try writeFigure(into: slot)
        style.addText(css)
        return page.serialized()
    }

    /// Adds the figure (stages and player controls) to `slot`; returns its style sheet.
    func writeFigure(into slot: XMLElement) throws(ExportError) -> String {
        var ids = IDAllocator(transitionName: push.name)
        let figureID = ids.make("figure")
        let figureText = try PageTemplates.render("figure.html", [
            "id": figureID, "name": push.name, "duration": SVGFormat.number(push.duration),
            "direction": push.direction.rawValue,
            "loopPause": options.loopPause.map { SVGFormat.number($0) } ?? "",
            "width": SVGFormat.number(push.size.width), "height": SVGFormat.number(push.size.height),
        ])
        let fragment: HTMLDocument
        do {
            fragment = try HTMLDocument(parsing: figureText)
        } catch {
            throw ExportError(error.description)
        }
        guard let figure = fragment.element(id: figureID), let stages = fragment.element(id: figureID + "-stages") else {
            throw ExportError("Segue's figure template is malformed; reinstall Segue")
        }
        var sheet = [".segue-stage{font-family:\(SVGFormat.fontFamily)}"]
        for timeline in [push, pop].compactMap({ $0 }) {
            var builder = HTMLStageBuilder(timeline: timeline, loopPause: options.loopPause, tolerance: options.springTolerance)
            try builder.build(into: stages)
            sheet += builder.css
        }
        slot.adopt(figure)
        return sheet.joined(separator: "\n")
    }
}
