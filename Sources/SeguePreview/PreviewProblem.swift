import Foundation

/// Why the transition cannot be shown right now: what the page's error overlay displays, while
/// the last good build keeps playing. Located when the report names a line
/// (`path:line:column: error: message`, as swiftc and Segue's diagnostics print it).
public struct PreviewProblem: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    /// The file the first error is in, when the report names one.
    public var file: String?
    /// Its line, 1-based.
    public var line: Int?
    /// Its column, 1-based.
    public var column: Int?
    /// The first error's message, without location or severity.
    public var message: String
    /// The whole report, as the command line would print it (every error, notes, code excerpts).
    public var report: String

    /// A problem with only a message.
    public init(message: String) {
        self.message = message
        self.report = "error: " + message
    }

    /// A problem read from a compiler-style report: the first `error:` line gives the location
    /// and message; the whole text is kept.
    public init(report: String) {
        self.report = report.trimmingCharacters(in: .whitespacesAndNewlines)
        self.message = self.report
        let lines = self.report.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let first = lines.first(where: { $0.contains("error: ") }) ?? lines.first else { return }
        let parts = first.components(separatedBy: ": error: ")
        if parts.count >= 2 {
            message = parts.dropFirst().joined(separator: ": error: ")
            let location = parts[0].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if location.count >= 3, let line = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) {
                file = location.dropLast(2).joined(separator: ":")
                self.line = line
                self.column = column
            } else if location.count >= 2, let line = Int(location[location.count - 1]) {
                file = location.dropLast().joined(separator: ":")
                self.line = line
            } else {
                file = parts[0]
            }
        } else if first.hasPrefix("error: ") {
            message = String(first.dropFirst("error: ".count))
        } else {
            message = first
        }
    }

    public var description: String { report }
}
