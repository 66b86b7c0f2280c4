import Segue

/// The transitions a transition file declared, read back from its program, and how they were got.
public struct TransitionFileContents: Sendable {
    /// The file, named as the user named it.
    public var path: String
    /// Every transition, in the order the file created them.
    public var transitions: [TransitionFileOutput.Entry]
    /// How the file was built and run.
    public var report: Report

    /// How a load went: whether the cached build was used, and how long each step took.
    public struct Report: Sendable, Equatable {
        /// The build's cache key.
        public var key: String
        /// True when the program came from the cache and the compiler was not run.
        public var cacheHit = false
        /// Seconds the compiler took, when it ran.
        public var compileSeconds: Double?
        /// What the compiler printed on success (warnings), when it ran.
        public var compilerOutput = ""
        /// Seconds the program took.
        public var runSeconds = 0.0
        /// What the program printed, when the loader captures it.
        public var programOutput = ""

        /// A report for the build with `key`, before anything happened.
        public init(key: String) {
            self.key = key
        }
    }

    /// The contents of the file at `path`, from the document its program handed back.
    public init(path: String, output: TransitionFileOutput, report: Report) {
        self.path = path
        self.transitions = output.transitions
        self.report = report
    }

    /// The transitions' names, in order.
    public var names: [String] { transitions.map(\.name) }

    /// The timelines of the transitions to export: the one named `name`, or all of them, in one
    /// direction. Any problem Segue found in them, or a name used by two transitions, is an error
    /// located at the user's line.
    public func timelines(named name: String? = nil, direction: Direction) throws(TransitionFileError) -> [Timeline] {
        guard !transitions.isEmpty else { throw .noTransitions(path: path) }
        var problems = duplicateNames()
        var selected = transitions
        if let name {
            selected = transitions.filter { $0.name == name }
            guard !selected.isEmpty else { throw .noSuchTransition(path: path, name: name, available: names) }
        }
        var timelines: [Timeline] = []
        for entry in selected {
            do {
                timelines.append(try entry.outcome(direction).get())
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw .diagnostics(problems) }
        for timeline in timelines {
            if let problem = TimelineCheck.problem(in: timeline) {
                throw .malformedOutput(path: path, reason: "the \(timeline.direction.rawValue) timeline of '\(timeline.name)' is damaged: \(problem)")
            }
        }
        return timelines
    }

    /// The one timeline to show, as `segue inspect` needs: the named transition, or the file's only one.
    public func timeline(named name: String? = nil, direction: Direction) throws(TransitionFileError) -> Timeline {
        let found = try timelines(named: name, direction: direction)
        guard found.count == 1 else { throw .needsName(path: path, names: names) }
        return found[0]
    }

    /// A diagnostic at every transition whose name an earlier one already has.
    private func duplicateNames() -> [Diagnostic] {
        var first: [String: SourceLocation] = [:]
        var problems: [Diagnostic] = []
        for entry in transitions {
            if let earlier = first[entry.name] {
                problems.append(Diagnostic(.error, "a transition named '\(entry.name)' is already declared at \(earlier); give each transition its own name", at: entry.location))
            } else {
                first[entry.name] = entry.location
            }
        }
        return problems
    }
}
