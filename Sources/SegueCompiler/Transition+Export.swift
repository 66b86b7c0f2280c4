import Segue

extension Transition {
    /// The transition as a document, the same bytes `segue export` writes for it: an SVG of one
    /// direction (validated against SVG 1.1), or an HTML page showing that direction first with the
    /// other one in its player.
    ///
    /// - Throws: `ExportError` when the transition has problems (each at the user's line, in the
    ///   `path:line:column: error: message` form) or the document cannot be made.
    public func render(_ direction: Direction = .push, as format: OutputFormat = .svg,
                       options: ExportOptions = ExportOptions()) throws(ExportError) -> Data {
        try Exporter.render(self, direction: direction, as: format, options: options)
    }

    /// Writes the transition atomically to `url`, whose extension picks the format (`.svg`,
    /// `.html`): what `segue export` does, for programs that depend on Segue through SwiftPM.
    ///
    /// ```swift
    /// let reveal = Transition("reveal") { t in … }
    /// try reveal.export(to: URL(fileURLWithPath: "reveal.svg"))
    /// ```
    ///
    /// - Throws: `ExportError` when the transition has problems or the document cannot be made or
    ///   written; nothing is written then.
    public func export(to url: URL, direction: Direction = .push, options: ExportOptions = ExportOptions()) throws(ExportError) {
        try Exporter.export(self, direction: direction, to: url.path, options: options)
    }
}
