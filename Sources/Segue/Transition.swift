/// A screen transition: a name, a stage size, a duration, and a body that sets up layers and
/// animates them. Creating one registers it (see `Transition.registered`), the way a
/// `Package` in `Package.swift` is picked up by SwiftPM.
///
/// ```swift
/// Transition("fade", duration: 0.3) { t in
///     t.to.opacity = 0
///     t.animate { t.to.opacity = 1 }
/// }
/// ```
///
/// The pop (reverse) is derived by playing the push backwards, unless written out with `pop:`.
public struct Transition: Sendable {
    public let name: String
    /// A one-line description (becomes the SVG's `<desc>`).
    public let summary: String
    /// Where the transition was declared.
    public let location: SourceLocation
    private let push: Result<Timeline, DiagnosticError>
    private let pop: Result<Timeline, DiagnosticError>

    /// A transition whose pop is the push played backwards.
    @discardableResult
    public init(_ name: String, duration: Double = 0.5, size: Size = .iPhone, description: String = "",
                file: String = #filePath, line: Int = #line, column: Int = #column,
                _ body: (TransitionContext) -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        let push = Self.build(name, description, duration, size, .push, location, body)
        self.init(name: name, summary: description, location: location, push: push, pop: push.map { $0.reversed() })
    }

    /// A transition with its pop written out (`setBackAnimation`, `animationControllerForDismissed`).
    @discardableResult
    public init(_ name: String, duration: Double = 0.5, size: Size = .iPhone, description: String = "",
                file: String = #filePath, line: Int = #line, column: Int = #column,
                push pushBody: (TransitionContext) -> Void, pop popBody: (TransitionContext) -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        self.init(name: name, summary: description, location: location,
                  push: Self.build(name, description, duration, size, .push, location, pushBody),
                  pop: Self.build(name, description, duration, size, .pop, location, popBody))
    }

    private init(name: String, summary: String, location: SourceLocation,
                 push: Result<Timeline, DiagnosticError>, pop: Result<Timeline, DiagnosticError>) {
        self.name = name
        self.summary = summary
        self.location = location
        self.push = push
        self.pop = pop
        Self.registry.append(self)
        TransitionFileOutput.transitionRegistered()
    }

    /// The longest a transition may last, in seconds. A screen transition takes a second or two;
    /// drawing motion in perspective for SVG samples it at least every 1/200 s, so an hour of it
    /// would take minutes and gigabytes.
    public static let longestDuration = 60.0

    /// The resolved timeline of one direction, or the problems that stop it from being built.
    public func timeline(_ direction: Direction = .push) throws(DiagnosticError) -> Timeline {
        try (direction == .push ? push : pop).get()
    }

    /// Every transition created so far in this process, in order.
    public static var registered: [Transition] { registry.all }

    private static let registry = Registry()

    private static func build(_ name: String, _ summary: String, _ duration: Double, _ size: Size,
                              _ direction: Direction, _ location: SourceLocation,
                              _ body: (TransitionContext) -> Void) -> Result<Timeline, DiagnosticError> {
        var problems: [Diagnostic] = []
        if !Self.isValidName(name) {
            problems.append(Diagnostic(.error, "'\(name)' is not a usable transition name; use letters, digits, '-', '_' and '.', starting with a letter or digit", at: location))
        }
        if let scalar = TimelineResolver.firstUnwritableScalar(in: summary) {
            problems.append(Diagnostic(.error, "the description holds \(TimelineResolver.codePoint(scalar)), a control character no SVG or HTML document can carry; remove it", at: location))
        }
        if !(duration.isFinite && duration > 0) {
            problems.append(Diagnostic(.error, "the duration must be a positive number of seconds, not \(duration)", at: location))
        } else if duration > longestDuration {
            problems.append(Diagnostic(.error, "the duration must be at most \(Int(longestDuration)) seconds, not \(duration); a screen transition takes a second or two", at: location))
        }
        if !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0) {
            problems.append(Diagnostic(.error, "the size must be positive, not \(size)", at: location))
        }
        guard problems.isEmpty else { return .failure(DiagnosticError(problems)) }
        let context = TransitionContext(size: size, duration: duration, direction: direction, location: location)
        let sink = DiagnosticSink()
        DiagnosticSink.$current.withValue(sink) { body(context) }
        let offStage = sink.createdLayers.filter { $0.isAnimated && !$0.isOnStage(context.container) }.map { layer in
            Diagnostic(.error, "layer '\(layer.name ?? "unnamed")' is animated but never added to the stage; add it with t.add(_:) or addSublayer(_:)", at: layer.location)
        }
        let resolver = TimelineResolver(context: context, name: name, summary: summary)
        return resolver.resolve(extraDiagnostics: context.diagnostics + sink.diagnostics + offStage)
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var transitions: [Transition] = []
        func append(_ t: Transition) { lock.withLock { transitions.append(t) } }
        var all: [Transition] { lock.withLock { transitions } }
    }
}
