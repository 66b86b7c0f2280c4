/// What a transition file's process hands back to `segue`: every transition it registered, each
/// direction as a resolved `Timeline` or the diagnostics that stopped it, as versioned JSON.
///
/// `segue export Reveal.swift` compiles the file into a program and runs it with the environment
/// variable `SEGUE_TRANSITION_OUTPUT` set to a file path. The first `Transition` the program creates
/// then installs an `atexit` handler that writes this document to that path when the program ends,
/// so standard output stays the user's for `print`. Without the variable nothing is written.
public struct TransitionFileOutput: Codable, Sendable, Equatable {
    /// The version of this JSON format that this build reads and writes.
    public static let currentFormatVersion = 1
    /// The environment variable naming the file the document is written to.
    public static let environmentKey = "SEGUE_TRANSITION_OUTPUT"

    /// The version of the format this document is in.
    public var formatVersion: Int
    /// Every transition the file created, in order.
    public var transitions: [Entry]

    /// One registered transition.
    public struct Entry: Codable, Sendable, Equatable {
        /// The transition's name (`Transition.name`).
        public var name: String
        /// Its one-line description (`Transition.summary`).
        public var summary: String
        /// Where the `Transition(...)` call is.
        public var location: SourceLocation
        /// The forward direction.
        public var push: Outcome
        /// The back direction, derived or written out.
        public var pop: Outcome

        /// The outcome of one direction.
        public func outcome(_ direction: Direction) -> Outcome { direction == .push ? push : pop }
    }

    /// One direction of a transition: its timeline, or what stops it from being built.
    public struct Outcome: Codable, Sendable, Equatable {
        /// The resolved timeline, when the direction has no problems.
        public var timeline: Timeline?
        /// The problems, each at the user's line, when it has.
        public var diagnostics: [Diagnostic]?

        /// The outcome of building a direction.
        public init(_ result: Result<Timeline, DiagnosticError>) {
            switch result {
            case .success(let timeline): self.timeline = timeline
            case .failure(let error): diagnostics = error.diagnostics
            }
        }

        /// The timeline, or the diagnostics as an error.
        public func get() throws(DiagnosticError) -> Timeline {
            if let timeline { return timeline }
            throw DiagnosticError(diagnostics ?? [])
        }
    }

    /// The document for `transitions` (usually `Transition.registered`).
    public init(_ transitions: [Transition]) {
        formatVersion = Self.currentFormatVersion
        self.transitions = transitions.map { transition in
            func outcome(_ direction: Direction) -> Outcome {
                Outcome(Result { () throws(DiagnosticError) in try transition.timeline(direction) })
            }
            return Entry(name: transition.name, summary: transition.summary, location: transition.location,
                         push: outcome(.push), pop: outcome(.pop))
        }
    }

    /// Encodes as JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Decodes the document, refusing other versions and documents that break its rules (a direction
    /// with both or neither of a timeline and diagnostics, a timeline of another format version).
    /// The message says what is wrong, never more than one line.
    public static func decode(_ data: Data) throws(Diagnostic) -> TransitionFileOutput {
        let output = try VersionedJSON.decode(TransitionFileOutput.self, from: data, version: currentFormatVersion,
                                              what: "the document", kind: "Segue transition JSON")
        for (index, entry) in output.transitions.enumerated() {
            for direction in Direction.allCases {
                let outcome = entry.outcome(direction)
                let at = "transitions[\(index)].\(direction.rawValue)"
                switch (outcome.timeline, outcome.diagnostics) {
                case (let timeline?, nil):
                    guard timeline.formatVersion == Timeline.currentFormatVersion else {
                        throw Diagnostic(.error, "the document is malformed (the timeline at \(at) has format version \(timeline.formatVersion), not \(Timeline.currentFormatVersion))")
                    }
                case (nil, let diagnostics?) where !diagnostics.isEmpty:
                    break
                default:
                    throw Diagnostic(.error, "the document is malformed (\(at) needs either a timeline or diagnostics)")
                }
            }
        }
        return output
    }
}

extension TransitionFileOutput {
    /// Called by the registry for every new transition: the first call installs the exit handler
    /// when the process runs under `segue` (the environment variable is set).
    static func transitionRegistered() {
        _ = exitHandlerInstalled
    }

    private static let exitHandlerInstalled: Bool = {
        guard getenv(environmentKey) != nil else { return false }
        atexit { TransitionFileOutput.writeRegistered() }
        return true
    }()

    /// Writes every registered transition to the file the environment names. Runs at exit, so a
    /// failure can only be reported on standard error and in the exit status.
    private static func writeRegistered() {
        guard let path = getenv(environmentKey).map({ String(cString: $0) }) else { return }
        do {
            try TransitionFileOutput(Transition.registered).jsonData().write(to: URL(fileURLWithPath: path))
        } catch {
            fflush(nil)
            FileHandle.standardError.write(Data("error: cannot hand the transitions back to segue (\(error))\n".utf8))
            _exit(70)
        }
    }
}
