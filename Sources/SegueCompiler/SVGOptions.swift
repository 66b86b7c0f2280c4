/// How an SVG is written.
public struct SVGOptions: Sendable, Equatable {
    /// Seconds to hold the last frame before playing again; nil plays once and holds the end.
    public var loopPause: Double?
    /// Lay elements out one per line (readable diffs) rather than in one line.
    public var indent: Bool

    public init(loopPause: Double? = nil, indent: Bool = true) {
        self.loopPause = loopPause
        self.indent = indent
    }
}

/// Why a transition cannot be written in a format.
public struct ExportError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
