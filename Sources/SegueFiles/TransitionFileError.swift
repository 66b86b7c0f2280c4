import Segue

/// Why a transition file could not be turned into timelines: each case carries what the user needs
/// to fix it, in the `path:line:column: error: message` form where a place is known.
public enum TransitionFileError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String)
    /// Problems found in the user's code, by the compiler or by Segue, each located.
    case diagnostics([Diagnostic])

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read '\(path)'; check the path"
        case .diagnostics(let list): list.map(\.description).joined(separator: "\n")
        }
    }
}
