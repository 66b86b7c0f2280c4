/// How `UIView.animateKeyframes` moves between its keyframes.
public enum KeyframeCalculationMode: String, Sendable {
    /// Each keyframe animates its changes over its own span (`.calculationModeLinear`).
    case linear
    /// Each keyframe's changes land at the start of its span, with no motion (`.calculationModeDiscrete`).
    case discrete
}

/// The keyframe animation being recorded.
struct KeyframeScope: Sendable {
    var begin: Double
    var duration: Double
    var curve: TimingCurve
    var mode: KeyframeCalculationMode

    @TaskLocal static var current: KeyframeScope?
}

extension TransitionContext {
    /// A keyframe animation, like `UIView.animateKeyframes(withDuration:delay:options:animations:)`:
    /// inside, `addKeyframe(relativeStartTime:relativeDuration:)` blocks animate over parts of it.
    ///
    /// - Parameters:
    ///   - curve: the curve of the whole animation. UIKit's default is ease-in-ease-out (pass
    ///     `.linear` for `UIViewAnimationOptionCurveLinear`); each keyframe follows its part of it.
    ///   - calculationMode: linear or discrete.
    public func animateKeyframes(duration: Double? = nil, delay: Double = 0, curve: TimingCurve = .easeInEaseOut,
                                 calculationMode: KeyframeCalculationMode = .linear,
                                 file: String = #filePath, line: Int = #line, column: Int = #column,
                                 _ keyframes: () -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        record(duration: duration, delay: delay, location: location, changes: {
            guard let scope = AnimationScope.current else { return }
            let keyframeScope = KeyframeScope(begin: scope.begin, duration: scope.duration, curve: curve, mode: calculationMode)
            AnimationScope.$current.withValue(nil) {
                KeyframeScope.$current.withValue(keyframeScope, operation: keyframes)
            }
        }, easing: { _, _ in .linear })
    }

    /// One keyframe of the enclosing `animateKeyframes` block, like
    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`: both numbers are
    /// fractions (0...1) of the whole keyframe animation.
    public func addKeyframe(relativeStartTime start: Double, relativeDuration length: Double,
                            file: String = #filePath, line: Int = #line, column: Int = #column,
                            _ changes: () -> Void) {
        let location = SourceLocation(file: file, line: line, column: column)
        guard let scope = KeyframeScope.current else {
            report("addKeyframe belongs inside t.animateKeyframes { }; wrap it in one", at: location)
            return
        }
        guard start.isFinite, length.isFinite, start >= 0, length >= 0, start + length <= 1 + 1e-9 else {
            report("a keyframe's relative start (\(start)) and duration (\(length)) must lie within 0...1; use fractions of the keyframe animation", at: location)
            return
        }
        // Real time fractions where the whole animation's curve reaches the keyframe's start and end.
        let f0 = scope.curve.isLinear ? start : scope.curve.fraction(forProgress: start)
        let f1 = scope.curve.isLinear ? start + length : scope.curve.fraction(forProgress: min(start + length, 1))
        let begin = scope.begin + f0 * scope.duration
        let span = scope.mode == .discrete ? 0 : (f1 - f0) * scope.duration
        let easing: Easing = scope.curve.isLinear ? .linear : .bezier(scope.curve.subcurve(from: f0, to: f1))
        let inner = AnimationScope(begin: begin, duration: span, curve: easing, location: location)
        AnimationScope.$current.withValue(inner, operation: changes)
    }
}
