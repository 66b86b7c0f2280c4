/// The `t` of a transition's body: the stage (container, from and to screens) and the animation
/// blocks, like `UIViewControllerContextTransitioning` plus `UIView.animate`.
public final class TransitionContext {
    /// The size of the stage in points.
    public let size: Size
    /// The transition's duration in seconds (`transitionDuration(using:)`).
    public let duration: Double
    /// Push (forward) or pop (back).
    public let direction: Direction
    /// The container view's layer; the screens and everything added live in it.
    public let container: Layer
    /// The screen the transition leaves (`view(forKey: .from)`), filling the stage, below `to`.
    public let from: Layer
    /// The screen the transition arrives at (`view(forKey: .to)`), filling the stage, on top.
    public let to: Layer
    var diagnostics: [Diagnostic] = []

    init(size: Size, duration: Double, direction: Direction, location: SourceLocation) {
        self.size = size
        self.duration = duration
        self.direction = direction
        container = Self.stageLayer("container", .container, size, location)
        from = Self.stageLayer("from", .fromScreen, size, location)
        to = Self.stageLayer("to", .toScreen, size, location)
        container.addSublayer(from)
        container.addSublayer(to)
    }

    private static func stageLayer(_ name: String, _ role: LayerRole, _ size: Size, _ at: SourceLocation) -> Layer {
        let layer = Layer(name: name, frame: Rect(size: size), file: at.file, line: at.line, column: at.column)
        layer.role = role
        return layer
    }

    /// The stage's rectangle, (0, 0, width, height).
    public var bounds: Rect { Rect(size: size) }

    /// Adds a layer to the container, on top of everything so far (`containerView.addSubview`).
    public func add(_ layer: Layer) {
        container.addSublayer(layer)
    }

    /// A new layer showing a region of a screen as it looks at the start, placed where that region
    /// is on the stage: `resizableSnapshotView(from: rect, afterScreenUpdates:, withCapInsets: .zero)`
    /// with its frame set to `rect`. Add it with `t.add(_:)`.
    public func snapshot(of screen: ScreenID, rect: Rect? = nil, name: String? = nil,
                         file: String = #filePath, line: Int = #line, column: Int = #column) -> Layer {
        let region = rect ?? bounds
        return Layer(name: name, frame: region, contents: .snapshot(Snapshot(screen: screen, rect: region)),
                     file: file, line: line, column: column)
    }

    /// Animates every property change made in `changes`, like `UIView.animate(withDuration:delay:options:)`.
    ///
    /// - Parameters:
    ///   - duration: seconds; by default the rest of the enclosing block (or of the transition).
    ///   - delay: seconds after the start of the enclosing block (or of the transition).
    ///   - curve: the timing curve; by default the enclosing block's, else `.easeInEaseOut` as in UIKit.
    /// Blocks nest like a `CAAnimationGroup`: an inner block's delay counts from the outer block's start.
    public func animate(duration: Double? = nil, delay: Double = 0, curve: TimingCurve? = nil,
                        file: String = #filePath, line: Int = #line, column: Int = #column,
                        _ changes: () -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        if let curve, !(0...1).contains(curve.x1) || !(0...1).contains(curve.x2) || ![curve.y1, curve.y2].allSatisfy(\.isFinite) {
            report("a timing curve's x control points must lie in 0...1 (got \(curve.x1) and \(curve.x2))", at: location)
            return
        }
        record(duration: duration, delay: delay, location: location, changes: changes) { _, outer in
            curve.map(Easing.bezier) ?? outer?.curve ?? .bezier(.easeInEaseOut)
        }
    }

    /// Animates with a spring, like UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:animations:)`:
    /// the damping ratio (0...1; 1 does not overshoot) and the initial velocity in whole distances per
    /// second. See `SpringCurve.init(uiKitDuration:dampingRatio:initialVelocity:)` for the mapping.
    public func animate(duration: Double? = nil, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                        initialSpringVelocity velocity: Double = 0,
                        file: String = #filePath, line: Int = #line, column: Int = #column,
                        _ changes: () -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        guard dampingRatio.isFinite, dampingRatio > 0, velocity.isFinite else {
            report("a spring needs a damping ratio above 0 (1 for no overshoot) and a finite velocity, not \(dampingRatio) and \(velocity)", at: location)
            return
        }
        record(duration: duration, delay: delay, location: location, changes: changes) { length, _ in
            length > 0 ? .spring(SpringCurve(uiKitDuration: length, dampingRatio: dampingRatio, initialVelocity: velocity)) : .linear
        }
    }

    /// Animates with `CASpringAnimation`'s physical parameters; the spring is cut after `duration`.
    public func animate(duration: Double? = nil, delay: Double = 0, spring: Spring,
                        file: String = #filePath, line: Int = #line, column: Int = #column,
                        _ changes: () -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        guard spring.isValid else {
            report("a spring needs a positive mass and stiffness, a damping of zero or more and a finite velocity", at: location)
            return
        }
        record(duration: duration, delay: delay, location: location, changes: changes) { length, _ in
            .spring(SpringCurve(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                initialVelocity: spring.initialVelocity, duration: length))
        }
    }

    /// Makes every change in `changes` at one instant, `time` seconds after the start of the
    /// enclosing block (or of the transition): a zero-length animation.
    public func at(_ time: Double, file: String = #filePath, line: Int = #line, column: Int = #column,
                   _ changes: () -> Void) {
        animate(duration: 0, delay: time, curve: .linear, file: file, line: line, column: column, changes)
    }

    /// Opens an animation block over an interval, checked against its enclosing block.
    func record(duration: Double?, delay: Double, location: SourceLocation, changes: () -> Void,
                easing: (Double, AnimationScope?) -> Easing) {
        let outer = AnimationScope.current
        let outerBegin = outer?.begin ?? 0
        let outerEnd = outer?.end ?? self.duration
        guard delay.isFinite, delay >= 0 else {
            report("the delay must be zero or more seconds, not \(delay)", at: location)
            return
        }
        let begin = outerBegin + delay
        let length = duration ?? max(outerEnd - begin, 0)
        guard length.isFinite, length >= 0 else {
            report("the duration must be zero or more seconds, not \(length); use a positive duration", at: location)
            return
        }
        if begin + length > outerEnd + 1e-9 {
            let what = outer == nil ? "the transition's duration (\(format(outerEnd)) s)" : "its enclosing block (at \(format(outerEnd)) s)"
            report("this animation ends at \(format(begin + length)) s, after \(what); shorten it or its delay", at: location)
            return
        }
        let scope = AnimationScope(begin: begin, duration: length, curve: easing(length, outer), location: location)
        AnimationScope.$current.withValue(scope, operation: changes)
    }

    func report(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
