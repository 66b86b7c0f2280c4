/// The animation block being recorded, like the implicit `CATransaction` of a `UIView.animate` block.
/// Property changes made while a scope is current become animations over its interval.
struct AnimationScope: Sendable {
    /// Absolute start time in seconds.
    var begin: Double
    /// Seconds; 0 for an instant change (`t.at(_:)`).
    var duration: Double
    var curve: Easing
    var location: SourceLocation
    /// The block itself: changes made in it to one property are one animation, to the last value.
    let block = Block()

    var end: Double { begin + duration }

    @TaskLocal static var current: AnimationScope?

    /// The identity of one animation block (compared with `===`).
    final class Block: Sendable {}
}

/// One recorded change of a property: to `value`, over the scope's interval, with its curve.
struct PropertyChange<Value: Interpolatable> {
    var begin: Double
    var duration: Double
    var curve: Easing
    var value: Value
    var location: SourceLocation
    /// The block the change was made in.
    var block: AnimationScope.Block
}

/// The storage behind an animatable layer property: its value at time 0, and every change made
/// inside animation blocks. The current `value` is the model value, as UIKit updates the model at once.
final class RecordedProperty<Value: Interpolatable> {
    let name: String
    private(set) var value: Value
    private(set) var initial: Value
    private(set) var changes: [PropertyChange<Value>] = []
    /// Set when the value was assigned outside any animation after it had been animated.
    private(set) var setAfterAnimation = false

    init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
        self.initial = value
    }

    func set(_ newValue: Value) {
        if let scope = AnimationScope.current {
            if let last = changes.indices.last, changes[last].block === scope.block {
                // Set again in the same block (`position.x`, then `position.y`): as in UIKit, the
                // block animates to the last value.
                changes[last].value = newValue
            } else {
                let instant = Value.isDiscrete
                changes.append(PropertyChange(
                    begin: scope.begin, duration: instant ? 0 : scope.duration, curve: scope.curve,
                    value: newValue, location: scope.location, block: scope.block))
            }
        } else if changes.isEmpty {
            initial = newValue
        } else {
            setAfterAnimation = true
        }
        value = newValue
    }
}
