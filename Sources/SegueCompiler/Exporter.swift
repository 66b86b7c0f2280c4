import Segue
import SegueXML

/// The formats Segue writes, chosen by the output file's extension.
public enum OutputFormat: String, Sendable, CaseIterable {
    case svg
    case html

    /// The format for a path's extension, or nil when Segue does not write that kind of file.
    public init?(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        self.init(rawValue: ext)
    }
}

/// An SVG as the exporter wrote it: the validated bytes, the figures of the write, and which
/// layer each measured element draws (`SMILReplay`'s key to the bytes).
public struct RenderedSVG: Sendable {
    public var data: Data
    public var stats: SVGStats
    public var layers: SVGLayerMap
}

/// Options of one export.
public struct ExportOptions: Sendable {
    public var svg: SVGOptions
    public var html: HTMLOptions

    public init(svg: SVGOptions = SVGOptions(), html: HTMLOptions = HTMLOptions()) {
        self.svg = svg
        self.html = html
    }
}

/// Turns a timeline into a validated document and writes it. The library entry point the CLI
/// and the tests share.
public enum Exporter {
    /// The document bytes in `format`, validated (SVG against the SVG 1.1 DTD) before they are
    /// returned. An HTML page also carries `reverse` (the other direction) for its player.
    public static func render(_ timeline: Timeline, reverse: Timeline? = nil, as format: OutputFormat,
                              options: ExportOptions = ExportOptions()) throws(ExportError) -> Data {
        switch format {
        case .svg:
            return try writeSVG(timeline, options: options.svg).data
        case .html:
            return try HTMLWriter(push: timeline, pop: reverse, options: options.html).data()
        }
    }

    /// A validated SVG, the figures of its writing (the animations and keyframes are counted in
    /// the written bytes; plain exports skip that) and its layer map, for `SMILReplay`.
    public static func renderSVG(_ timeline: Timeline, options: SVGOptions = SVGOptions()) throws(ExportError) -> RenderedSVG {
        var rendered = try writeSVG(timeline, options: options, measuring: true)
        rendered.stats.bytes = rendered.data.count
        let text = String(decoding: rendered.data, as: UTF8.self)
        for match in text.components(separatedBy: " values=\"").dropFirst() {
            rendered.stats.animations += 1
            rendered.stats.keyframes += (match.prefix { $0 != "\"" }.filter { $0 == ";" }.count) + 1
        }
        return rendered
    }

    /// Writes and validates an SVG; `measuring`: with its figures (`SVGWriter.measuresContent`).
    private static func writeSVG(_ timeline: Timeline, options: SVGOptions, measuring: Bool = false) throws(ExportError) -> RenderedSVG {
        var writer = SVGWriter(timeline, options: options)
        writer.measuresContent = measuring
        let document = try writer.document()
        let data = try validatedBytes(of: document, indent: options.indent, name: timeline.name, concurrently: writer.usesThreads)
        return RenderedSVG(data: data, stats: writer.stats, layers: writer.layers)
    }

    /// The document for one direction of a transition. An HTML page carries both directions, the
    /// requested one shown first, and its player switches between them.
    public static func render(_ transition: Transition, direction: Direction, as format: OutputFormat,
                              options: ExportOptions = ExportOptions()) throws(ExportError) -> Data {
        do {
            let timeline = try transition.timeline(direction)
            let reverse = format == .html ? try transition.timeline(direction == .push ? .pop : .push) : nil
            return try render(timeline, reverse: reverse, as: format, options: options)
        } catch let error as DiagnosticError {
            throw ExportError(error.description)
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError("\(error)")
        }
    }

    /// Renders one direction of a transition and writes it atomically to `path`, whose extension
    /// picks the format.
    public static func export(_ transition: Transition, direction: Direction, to path: String,
                              options: ExportOptions = ExportOptions()) throws(ExportError) {
        let format = try format(of: path)
        let data = try render(transition, direction: direction, as: format, options: options)
        try AtomicFile.write(data, to: path)
    }

    /// The format a path's extension names, or an error that lists the ones there are.
    public static func format(of path: String) throws(ExportError) -> OutputFormat {
        guard let format = OutputFormat(path: path) else {
            throw ExportError("cannot tell the format of '\(path)'; use a file name ending in \(OutputFormat.allCases.map { "." + $0.rawValue }.joined(separator: " or "))")
        }
        return format
    }

    /// Renders and writes atomically to `path`, whose extension picks the format.
    public static func export(_ timeline: Timeline, to path: String, options: ExportOptions = ExportOptions()) throws(ExportError) {
        let data = try render(timeline, as: try format(of: path), options: options)
        try AtomicFile.write(data, to: path)
    }

    /// The document's bytes, once it validates against SVG 1.1: a document that does not is a bug
    /// in Segue, never written. `concurrently`: checked on another core while it is serialised
    /// on this one (`DTDValidator.serializedSVG`).
    static func validatedBytes(of document: XMLDocument, indent: Bool, name: String,
                               concurrently: Bool) throws(ExportError) -> Data {
        let written: (data: Data, issues: [XMLIssue])
        do {
            written = try DTDValidator.serializedSVG(document, indent: indent, concurrently: concurrently)
        } catch {
            throw ExportError(error.description)
        }
        if let first = written.issues.first {
            throw ExportError("internal error: the SVG for '\(name)' does not validate against SVG 1.1 (\(first)); nothing was written; please report this")
        }
        return written.data
    }
}
