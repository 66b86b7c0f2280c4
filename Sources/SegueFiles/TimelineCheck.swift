import Segue

/// Checks that a timeline decoded from JSON keeps the invariants the resolver establishes and the
/// backends rely on, so that a damaged document is refused with a message instead of crashing a
/// backend: a positive duration, at most `Transition.longestDuration`, and size; a root layer first; unique layer ids; every parent named
/// before its sublayers; every animated property with at least one keyframe, the first at time 0,
/// finite times that never decrease; no snapshot that would picture itself.
public enum TimelineCheck {
    /// The first broken invariant, described, or nil when the timeline is sound.
    public static func problem(in timeline: Timeline) -> String? {
        guard timeline.duration.isFinite, timeline.duration > 0 else {
            return "the duration is \(timeline.duration), not a positive number of seconds"
        }
        guard timeline.duration <= Transition.longestDuration else {
            return "the duration is \(timeline.duration) s, longer than a transition may last (\(Int(Transition.longestDuration)) s)"
        }
        guard timeline.size.width.isFinite, timeline.size.height.isFinite,
              timeline.size.width > 0, timeline.size.height > 0 else {
            return "the size \(timeline.size) is not positive"
        }
        guard let root = timeline.layers.first, root.parent == nil else {
            return "the first layer must be the root, with no parent"
        }
        var seen = Set<String>()
        for layer in timeline.layers {
            if let parent = layer.parent, !seen.contains(parent) {
                return "layer '\(layer.id)' names parent '\(parent)', which is not a layer before it"
            }
            guard seen.insert(layer.id).inserted else { return "two layers have the id '\(layer.id)'" }
            if let problem = problem(in: layer) { return "layer '\(layer.id)': \(problem)" }
        }
        if let snapshot = timeline.selfPicturingSnapshot {
            return "layer '\(snapshot.id)' is a snapshot inside the screen it pictures"
        }
        return nil
    }

    /// Finds every animated property by reflection, so properties added to `LayerNode` are checked too.
    private static func problem(in layer: LayerNode) -> String? {
        for child in Mirror(reflecting: layer).children {
            guard let property = unwrap(child.value) as? KeyframeTimed else { continue }
            let times = property.keyframeTimeList
            let name = child.label ?? "a property"
            guard let first = times.first else { return "\(name) has no keyframes" }
            guard first == 0 else { return "\(name) starts at \(first) s, not 0" }
            guard times.allSatisfy(\.isFinite), zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                return "\(name) has keyframe times that are not finite and increasing"
            }
        }
        return nil
    }

    private static func unwrap(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}

/// An animated property, seen through its keyframe times only.
private protocol KeyframeTimed {
    var keyframeTimeList: [Double] { get }
}

extension Animated: KeyframeTimed {
    fileprivate var keyframeTimeList: [Double] { keyframes.map(\.time) }
}
