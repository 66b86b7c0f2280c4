import Segue
import SegueXML

/// How an HTML page is written.
public struct HTMLOptions: Sendable, Equatable {
    /// Seconds to hold the last frame before playing again; nil plays once.
    public var loopPause: Double?
    /// The largest error, in progress units, of the `linear()` easings that stand for springs.
    public var springTolerance: Double
    /// Write a fragment to paste into a page (no `<html>`/`<head>`) instead of a whole page.
    public var fragment: Bool

    public init(loopPause: Double? = nil, springTolerance: Double = 0.0005, fragment: Bool = false) {
        self.loopPause = loopPause
        self.springTolerance = springTolerance
        self.fragment = fragment
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

    /// The class that scopes this figure's styles, keyframes and elements: the transition's name
    /// and a hash of what the document draws, so different figures never share one and the same
    /// figure twice shares identical rules. The document is written with `pendingScope` in its
    /// place, hashed, and the placeholder replaced (hashing the written bytes is far cheaper than
    /// encoding the timelines to hash them).
    private func scoped(_ document: Data) -> Data {
        let bytes = [UInt8](document)
        return Data(Self.replacing(Array(pendingScope.utf8), in: bytes, with: scope(hashing: bytes)))
    }

    /// The scope for a document whose written bytes are `bytes`.
    private func scope(hashing bytes: [UInt8]) -> [UInt8] {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Array((IDAllocator(transitionName: push.name).prefix + String(hash, radix: 16).prefix(8)).utf8)
    }

    /// `bytes` with every occurrence of `pending` replaced by `scope`.
    private static func replacing(_ pending: [UInt8], in bytes: [UInt8], with scope: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == pending[0], bytes[index...].starts(with: pending) {
                result += scope
                index += pending.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// The figure alone, scoped by a hash of what it draws, for a page that gathers several
    /// figures (the gallery): a document holding the figure element, and its style sheet.
    func scopedFigure() throws(ExportError) -> (document: HTMLDocument, css: String) {
        let holder = try Self.parse("<div class=\"segue-embed\"></div>")
        guard let root = holder.element(class: "segue-embed") else { throw ExportError("cannot build the figure") }
        let css = Array(try writeFigure(into: root).utf8)
        let markup = [UInt8](holder.serialized(element: root))
        let pending = Array(pendingScope.utf8), scope = scope(hashing: markup + css)
        let figure = try Self.parse(String(decoding: Self.replacing(pending, in: markup, with: scope), as: UTF8.self))
        return (figure, String(decoding: Self.replacing(pending, in: css, with: scope), as: UTF8.self))
    }

    /// What stands for the scope while the document is written.
    private var pendingScope: String { IDAllocator(transitionName: push.name).prefix + "scope-pending" }

    /// An HTML fragment to paste into any page: the figure with its own `<style>` and player
    /// script, no `<html>` or `<head>`, every class and keyframe name under its scope.
    public func fragment() throws(ExportError) -> Data {
        let holder = try Self.parse("<div class=\"segue-embed\"></div>")
        guard let root = holder.element(class: "segue-embed") else { throw ExportError("cannot build the fragment") }
        let css = try writeFigure(into: root)
        let playerCSS = try PageTemplates.render("player.css", [:])
        root.addChild("style").addText(playerCSS + "\n" + css)
        root.addChild("script").addText(try PageTemplates.render("player.js", [:]))
        return scoped(holder.serialized(element: root))
    }

    /// A page for one transition: its push, and its pop when given (the player switches between
    /// them). The first timeline's direction is the one shown first.
    public init(push: Timeline, pop: Timeline? = nil, options: HTMLOptions = HTMLOptions()) {
        self.push = push
        self.pop = pop
        self.options = options
    }

    /// The page, or the fragment when `options.fragment` is set.
    public func data() throws(ExportError) -> Data {
        if options.fragment { return try fragment() }
        let description = push.summary.isEmpty ? SVGBuilder.label(push) : push.summary
        let pageText = try PageTemplates.render("page.html", [
            "title": push.name, "description": description, "version": SegueVersion.current,
        ])
        let page = try Self.parse(pageText)
        guard let slot = page.element(id: "segue-figure"), let style = page.element(id: "segue-style") else {
            throw ExportError("Segue's page template has no #segue-figure or #segue-style; reinstall Segue")
        }
        let css = try writeFigure(into: slot)
        style.addText(css)
        return scoped(page.serialized())
    }

    /// Adds the figure (stages and player controls) to `slot`; returns its style sheet.
    func writeFigure(into slot: XMLElement) throws(ExportError) -> String {
        let scope = pendingScope
        let figureText = try PageTemplates.render("figure.html", [
            "scope": scope, "name": push.name, "duration": SVGFormat.number(push.duration),
            "direction": push.direction.rawValue,
            "loopPause": options.loopPause.map { SVGFormat.number($0) } ?? "",
            "width": SVGFormat.number(push.size.width), "height": SVGFormat.number(push.size.height),
        ])
        let fragment = try Self.parse(figureText)
        guard let figure = fragment.element(class: "segue-figure"), let stages = fragment.element(class: "segue-stages") else {
            throw ExportError("Segue's figure template is malformed; reinstall Segue")
        }
        var sheet = [".\(scope) .segue-stage{font-family:\(SVGFormat.fontFamily)}", HTMLStageBuilder.baseRule(scope: scope)]
        for (index, timeline) in [push, pop].compactMap({ $0 }).enumerated() {
            var builder = HTMLStageBuilder(timeline: timeline, scope: scope, loopPause: options.loopPause, tolerance: options.springTolerance)
            try builder.build(into: stages, hidden: index > 0)
            sheet += builder.css
        }
        slot.adopt(figure)
        return sheet.joined(separator: "\n")
    }

    /// Markup parsed by libxml2, its failure as an export error.
    private static func parse(_ text: String) throws(ExportError) -> HTMLDocument {
        do {
            return try HTMLDocument(parsing: text)
        } catch {
            throw ExportError(error.description)
        }
    }
}
