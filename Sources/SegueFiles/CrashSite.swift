import Segue

/// Where a transition file's program crashed, read from what the Swift runtime printed to
/// standard error: its message (`Fatal error: Index out of range`) and the innermost frame of
/// its backtrace that lies in the user's code.
public struct CrashSite: Sendable, Equatable {
    public var line: Int
    public var column: Int
    /// What the runtime said went wrong, when it said it.
    public var reason: String?

    public init(line: Int, column: Int, reason: String?) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// Reads `output`. `file`: the path of the transition file, as given; `image`: the name of
    /// the program's executable, which holds the user's code and nothing else of Segue's (a
    /// cached build compiled from a copy of the file elsewhere names that copy's path). Nil when
    /// no frame lies in the user's code.
    init?(output: String, file: String, image: String) {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        var found: (line: Int, column: Int)?
        var reason: String?
        for text in output.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = text.trimmingCharacters(in: .whitespaces)
            if reason == nil, let said = Self.runtimeMessage(line) { reason = said }
            if found == nil, let frame = Self.frame(line), frame.path == absolute || frame.image == image {
                found = (frame.line, frame.column)
            }
        }
        guard let found else { return nil }
        self.line = found.line
        self.column = found.column
        self.reason = reason
    }

    /// The runtime's own account of a trap (`path:line: Fatal error: message`, with
    /// `Precondition failed` and `Assertion failed` alike), or of a signal
    /// (`*** Program crashed: Segmentation fault at 0x… ***`), without its location.
    private static func runtimeMessage(_ line: String) -> String? {
        for kind in ["Fatal error", "Precondition failed", "Assertion failed"] {
            if let range = line.range(of: ": \(kind)") { return String(line[line.index(range.lowerBound, offsetBy: 2)...]) }
            if line.hasPrefix(kind) { return line }
        }
        if line.hasPrefix("*** Program crashed: ") {
            let rest = line.dropFirst("*** Program crashed: ".count)
            let cause = rest.range(of: " at 0x").map { rest[..<$0.lowerBound] } ?? rest.prefix { $0 != "*" }
            return String(cause).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// A backtrace frame with a source location: `N … in IMAGE at /path/File.swift:LINE:COLUMN`.
    private static func frame(_ line: String) -> (image: String, path: String, line: Int, column: Int)? {
        guard line.first?.isNumber == true, let at = line.range(of: " at ", options: .backwards) else { return nil }
        let location = line[at.upperBound...].split(separator: ":")
        guard location.count >= 3, let row = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else { return nil }
        let path = location.dropLast(2).joined(separator: ":")
        let before = line[..<at.lowerBound]
        let image = before.range(of: " in ", options: .backwards).map { String(before[$0.upperBound...]) } ?? ""
        return (image, path, row, column)
    }
}
