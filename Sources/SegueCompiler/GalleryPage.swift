import Foundation
import Segue
import SegueXML

/// One transition shown in a gallery: its timelines, where it came from and the files written
/// for it (named relative to the gallery page).
public struct GalleryEntry: Sendable {
    /// The direction shown first, and the other one for the HTML player.
    public var push: Timeline
    public var pop: Timeline?
    /// Where the transition came from: `preset`, or a transition file's path.
    public var origin: String
    /// The SVG file and its size in bytes.
    public var svgFile: String
    public var svgBytes: Int
    /// The HTML page file and its size in bytes.
    public var htmlFile: String
    public var htmlBytes: Int

    public init(push: Timeline, pop: Timeline?, origin: String, svgFile: String, svgBytes: Int, htmlFile: String, htmlBytes: Int) {
        self.push = push
        self.pop = pop
        self.origin = origin
        self.svgFile = svgFile
        self.svgBytes = svgBytes
        self.htmlFile = htmlFile
        self.htmlBytes = htmlBytes
    }
}

/// A static page showing transitions side by side: each as an `<img>` of its SVG and as its live
/// HTML rendering with the player, with its name, description, duration, size, file sizes and the
/// snippets to use it. Built like the export's pages: a template from `templates/`
/// (`gallery.html`), parsed by libxml2, the cards added through libxml2's API.
public struct GalleryPage {
    public var title: String
    public var entries: [GalleryEntry]
    /// How the HTML renderings are played (loop pause, spring tolerance).
    public var options: HTMLOptions

    /// The width and height, in CSS pixels, a transition is shown within on the page.
    static let box = Size(width: 260, height: 460)

    public init(title: String = "Transitions", entries: [GalleryEntry], options: HTMLOptions = HTMLOptions()) {
        self.title = title
        self.entries = entries
        self.options = options
    }

    /// The page as UTF-8 HTML.
    public func data() throws(ExportError) -> Data {
        let count = entries.count == 1 ? "One transition" : "\(entries.count) transitions"
        let text = try PageTemplates.render("gallery.html", [
            "title": title, "version": SegueVersion.current,
            "summary": "\(count), each as an SVG in an <img> (left) and as HTML with CSS 3D (right).",
        ])
        let page: HTMLDocument
        do {
            page = try HTMLDocument(parsing: text)
        } catch {
            throw ExportError(error.description)
        }
        guard let gallery = page.element(id: "gallery"), let style = page.element(id: "segue-style") else {
            throw ExportError("Segue's gallery template has no #gallery or #segue-style; reinstall Segue")
        }
        var sheet: [String] = []
        for (index, entry) in entries.enumerated() {
            sheet.append(try addCard(entry, number: index + 1, to: gallery))
        }
        style.addText(sheet.joined(separator: "\n"))
        return page.serialized()
    }

    /// Adds one transition's card; returns the style sheet of its HTML rendering.
    private func addCard(_ entry: GalleryEntry, number: Int, to gallery: XMLElement) throws(ExportError) -> String {
        let timeline = entry.push
        let scale = min(1, Self.box.width / timeline.size.width, Self.box.height / timeline.size.height)
        let card = gallery.addChild("section").set("class", "gallery-card gallery-card-\(number)").set("id", "transition-\(number)")
        card.addChild("h2").addText(timeline.name)
        card.addChild("p").addText(Snippets.altText(timeline))

        let facts = card.addChild("dl").set("class", "gallery-facts")
        for (term, value) in [
            ("Duration", "\(SVGFormat.decimal(timeline.duration)) s"),
            ("Size", "\(SVGFormat.decimal(timeline.size.width)) × \(SVGFormat.decimal(timeline.size.height))"),
            ("SVG", Self.bytes(entry.svgBytes)),
            ("HTML", Self.bytes(entry.htmlBytes)),
            ("From", entry.origin),
        ] {
            let pair = facts.addChild("div")
            pair.addChild("dt").addText(term)
            pair.addChild("dd").addText(value)
        }

        let views = card.addChild("div").set("class", "gallery-views")
        let svg = views.addChild("figure")
        svg.addChild("img").set("src", entry.svgFile)
            .set("width", SVGFormat.number((timeline.size.width * scale).rounded()))
            .set("height", SVGFormat.number((timeline.size.height * scale).rounded()))
            .set("alt", Snippets.altText(timeline))
        svg.addChild("figcaption").addText("SVG in an <img> (SMIL)")
        let html = views.addChild("figure")
        let (figure, css) = try HTMLWriter(push: timeline, pop: entry.pop, options: options).scopedFigure()
        guard let element = figure.element(class: "segue-figure") else { throw ExportError("Segue's figure template is malformed; reinstall Segue") }
        html.adopt(element)
        let caption = html.addChild("figcaption")
        caption.addText("HTML, CSS 3D · ")
        caption.addChild("a").set("href", entry.htmlFile).addText("open the page")

        let snippets = card.addChild("div").set("class", "gallery-snippets")
        for (label, text) in [
            ("Markdown", Snippets.markdown(file: entry.svgFile, timeline: timeline)),
            ("HTML image", Snippets.img(file: entry.svgFile, timeline: timeline)),
            ("HTML page", Snippets.iframe(file: entry.htmlFile, timeline: timeline)),
        ] {
            let row = snippets.addChild("div").set("class", "gallery-snippet")
            row.addChild("pre").set("aria-label", "\(label) snippet").addText(text)
            row.addChild("button").set("type", "button").set("aria-label", "Copy the \(label) snippet").addText("Copy")
        }
        return css + "\n.gallery-card-\(number) .segue-viewport{zoom:\(SVGFormat.number(scale))}"
    }

    /// A byte count as people read it: 812 B, 11.2 KB, 1.1 MB.
    public static func bytes(_ count: Int) -> String {
        switch count {
        case ..<1000: return "\(count) B"
        case ..<1_000_000: return String(format: "%.1f KB", Double(count) / 1000)
        default: return String(format: "%.1f MB", Double(count) / 1_000_000)
        }
    }
}
