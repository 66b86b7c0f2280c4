/// Where something was written in a transition file: captured by the DSL with `#filePath`/`#line`.
public struct SourceLocation: Hashable, Codable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A problem found in a transition, with the place in the user's source that caused it.
///
/// Prints in the `path:line:column: error: message` form compilers use, so editors and CI annotate it.
public struct Diagnostic: Error, Hashable, Codable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Codable, Sendable { case error, warning, note }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// One or more errors that stop a transition from being built.
public struct DiagnosticError: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
