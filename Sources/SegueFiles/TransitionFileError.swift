import Segue

/// Why a transition file could not be turned into timelines: each case carries what the user needs
/// to fix it. `description` is ready to print: one or more lines, each either located
/// (`path:line:column: error: message`, the form swiftc prints) or starting with `error: `.
public enum TransitionFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String)
    /// No Swift compiler was found.
    case compilerNotFound
    /// The Segue module and library were not found next to the running program.
    case segueNotFound(searched: [String])
    /// The compiler refused the file; `output` is what it printed, at the user's lines.
    case compileFailed(path: String, output: String)
    /// The compiled program could not be started.
    case cannotRun(path: String, reason: String)
    /// The program ran longer than the time limit and was stopped.
    case timedOut(path: String, seconds: Double)
    /// The program was killed by a signal (a Swift runtime trap is SIGILL or SIGTRAP); `site`:
    /// where in the file, when its backtrace says.
    case crashed(path: String, signal: Int32, site: CrashSite?)
    /// The program exited with a non-zero status before handing its transitions back.
    case exited(path: String, status: Int32)
    /// The program ended without creating any transition.
    case noTransitions(path: String)
    /// What the program handed back is not a document this segue can read.
    case malformedOutput(path: String, reason: String)
    /// `--name` names no transition of the file.
    case noSuchTransition(path: String, name: String, available: [String])
    /// One output file is given but the file declares several transitions (a folder takes them all).
    case ambiguous(path: String, names: [String])
    /// One transition is shown (inspected, previewed) but the file declares several.
    case needsName(path: String, names: [String])
    /// Problems found in the user's code by Segue, each located.
    case diagnostics([Diagnostic])

    public var description: String {
        switch self {
        case .unreadable(let path):
            "error: cannot read '\(path)'; check the path"
        case .compilerNotFound:
            "error: cannot find swiftc, which compiles transition files; install Swift 6 (swift.org/install) and put it on PATH, or set SWIFT_EXEC to the compiler"
        case .segueNotFound(let searched):
            "error: cannot find the Segue module and library next to segue (looked in \(searched.joined(separator: " and "))); build with 'swift build', or install segue with its lib/segue folder as the README shows"
        case .compileFailed(let path, let output):
            output.isEmpty ? "error: '\(path)' did not compile" : output
        case .cannotRun(let path, let reason):
            "error: cannot run the program compiled from '\(path)' (\(reason))"
        case .timedOut(let path, let seconds):
            "error: '\(path)' did not finish within \(Self.format(seconds)) s and was stopped; look for an endless loop, or allow more time with --timeout"
        case .crashed(let path, let signal, let site?):
            "\(path):\(site.line):\(site.column): error: the program crashed here (\(site.reason ?? Self.signalName(signal)))"
        case .crashed(let path, let signal, nil):
            "error: '\(path)' crashed (\(Self.signalName(signal))) before handing its transitions back, and its backtrace names none of its lines"
        case .exited(let path, let status):
            "error: '\(path)' exited with status \(status) before handing its transitions back; let it run to its end"
        case .noTransitions(let path):
            "error: '\(path)' declares no transition; add one at the top level: Transition(\"name\") { t in ... }"
        case .malformedOutput(let path, let reason):
            "error: cannot read the transitions '\(path)' handed back: \(reason); use a segue and a Segue library of the same build"
        case .noSuchTransition(let path, let name, let available):
            "error: '\(path)' has no transition named '\(name)'; it declares \(Self.list(available))"
        case .ambiguous(let path, let names):
            "error: '\(path)' declares \(names.count) transitions (\(Self.list(names))); pick one with --name NAME, or write each with -o FOLDER/"
        case .needsName(let path, let names):
            "error: '\(path)' declares \(names.count) transitions (\(Self.list(names))); pick one with --name NAME"
        case .diagnostics(let list):
            list.map(\.description).joined(separator: "\n")
        }
    }

    private static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP: "signal \(signal): a Swift runtime error such as fatalError, a failed precondition, a forced nil or an index out of range"
        case SIGSEGV, SIGBUS: "signal \(signal): a memory access error"
        case SIGABRT: "signal \(signal): abort"
        case SIGPIPE: "signal \(signal): it printed to a pipe whose reader had gone, as when segue's output goes to '| head'"
        case SIGKILL: "signal \(signal): killed"
        default: "signal \(signal)"
        }
    }
}
