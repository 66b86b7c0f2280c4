/// The resolved form of one direction of a transition: what every backend reads.
///
/// Resolved means: every layer is listed with a unique id and its parent; every property holds its
/// whole life as keyframes in absolute time with their timing curves (a static property is one
/// keyframe); images are embedded; no defaults, references or relative times are left for a backend
/// to work out. The layer list is in paint order (pre-order: a parent before its sublayers, siblings
/// back to front as added; `zPosition` then reorders siblings stably, as in Core Animation).
///
/// Not supported yet: animated `contents`, borders, shadows, gradients; these are not in the format.
///
/// Encoded as versioned JSON (`formatVersion`), the boundary between a transition file's process
/// and the compiler.
public struct Timeline: Codable, Sendable, Equatable {
    /// The version of the JSON format this build reads and writes.
    public static let currentFormatVersion = 1

    public var formatVersion: Int
    /// The transition's name, e.g. `circle-reveal`.
    public var name: String
    /// A one-line human description (becomes `<desc>`).
    public var summary: String
    public var direction: Direction
    /// The stage size in points (the transition's container).
    public var size: Size
    /// Seconds from start to end.
    public var duration: Double
    /// Every layer, root first, in paint order.
    public var layers: [LayerNode]

    public init(name: String, summary: String, direction: Direction, size: Size, duration: Double, layers: [LayerNode]) {
        self.formatVersion = Self.currentFormatVersion
        self.name = name
        self.summary = summary
        self.direction = direction
        self.size = size
        self.duration = duration
        self.layers = layers
    }

    /// A title for documents: the name and the direction.
    public var title: String { "\(name) (\(direction.rawValue))" }

    /// The layer with an id, if any.
    public func layer(_ id: String) -> LayerNode? { layers.first { $0.id == id } }

    /// Every time at which some property's keyframe segment starts or ends, sorted, within 0...duration.
    public var keyframeTimes: [Double] {
        // Gathered in one list, then sorted and told apart: a set per layer and per track took a
        // tenth of a millisecond or more for page-turn's few dozen layers, at the start of every
        // export, before the other core had anything to do.
        var times: [Double] = [0, duration]
        // By index: a `LayerNode` taken out of the list whole copies all its tracks.
        for index in layers.indices { layers[index].gatherKeyframeTimes(into: &times) }
        times.sort()
        var result: [Double] = []
        result.reserveCapacity(times.count)
        // 0 as itself, not as a keyframe's -0 that sorted first.
        for time in times where time >= 0 && time <= duration && time != result.last { result.append(time == 0 ? 0 : time) }
        return result
    }
}

/// Which way a transition plays: forward (push / present) or back (pop / dismiss).
public enum Direction: String, Codable, Sendable, CaseIterable {
    case push, pop
}

/// The part a layer plays in the transition.
public enum LayerRole: String, Codable, Sendable {
    /// The container view every other layer lives in.
    case container
    /// The screen the transition leaves.
    case fromScreen
    /// The screen the transition arrives at.
    case toScreen
    /// Anything else the transition adds.
    case layer
}

/// One layer with every property resolved over time (Core Animation's `CALayer` model).
public struct LayerNode: Codable, Sendable, Equatable {
    public var id: String
    public var parent: String?
    public var role: LayerRole
    /// The layer's own coordinate space: origin and size (`bounds`).
    public var bounds: Animated<Rect>
    /// Where the anchor point sits in the parent's coordinates (`position`).
    public var position: Animated<Point>
    /// The point of the bounds, in unit coordinates, that `position` places and transforms turn about.
    public var anchorPoint: Animated<Point>
    /// Distance along z; also orders siblings (higher on top).
    public var zPosition: Animated<Double>
    /// The layer's transform, applied about its anchor point.
    public var transform: Animated<Transform3D>
    /// Applied to every sublayer, about this layer's anchor point: usually perspective (`m34`).
    public var sublayerTransform: Animated<Transform3D>
    public var opacity: Animated<Double>
    public var isHidden: Animated<Bool>
    public var backgroundColor: Animated<Color>
    public var cornerRadius: Animated<Double>
    /// The mask's shape over time, or nil for no mask.
    public var mask: Animated<MaskShape>?
    public var contents: Contents?
    /// False: the layer is not drawn while its back faces the viewer.
    public var isDoubleSided: Bool
    /// Clips contents and sublayers to the bounds (with `cornerRadius`).
    public var masksToBounds: Bool
    /// Where the layer was created.
    public var source: SourceLocation?

    public init(id: String, parent: String?, role: LayerRole, bounds: Animated<Rect>, position: Animated<Point>,
                anchorPoint: Animated<Point>, zPosition: Animated<Double>, transform: Animated<Transform3D>,
                sublayerTransform: Animated<Transform3D>, opacity: Animated<Double>, isHidden: Animated<Bool>,
                backgroundColor: Animated<Color>, cornerRadius: Animated<Double>, mask: Animated<MaskShape>?,
                contents: Contents?, isDoubleSided: Bool, masksToBounds: Bool, source: SourceLocation?) {
        self.id = id
        self.parent = parent
        self.role = role
        self.bounds = bounds
        self.position = position
        self.anchorPoint = anchorPoint
        self.zPosition = zPosition
        self.transform = transform
        self.sublayerTransform = sublayerTransform
        self.opacity = opacity
        self.isHidden = isHidden
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.mask = mask
        self.contents = contents
        self.isDoubleSided = isDoubleSided
        self.masksToBounds = masksToBounds
        self.source = source
    }

    /// A static layer with Core Animation's defaults, to build timelines by hand.
    public init(id: String, parent: String? = nil, role: LayerRole = .layer, bounds: Rect, position: Point) {
        self.init(id: id, parent: parent, role: role, bounds: Animated(bounds), position: Animated(position),
                  anchorPoint: Animated(Point(x: 0.5, y: 0.5)), zPosition: Animated(0), transform: Animated(.identity),
                  sublayerTransform: Animated(.identity), opacity: Animated(1), isHidden: Animated(false),
                  backgroundColor: Animated(.clear), cornerRadius: Animated(0), mask: nil, contents: nil,
                  isDoubleSided: true, masksToBounds: false, source: nil)
    }

    /// Every keyframe time of this layer's properties.
    public var keyframeTimes: Set<Double> {
        var times: [Double] = []
        gatherKeyframeTimes(into: &times)
        return Set(times)
    }

    /// Appends every keyframe time of this layer's properties to `times`, repeats and all.
    public func gatherKeyframeTimes(into times: inout [Double]) {
        bounds.gatherSegmentTimes(into: &times)
        position.gatherSegmentTimes(into: &times)
        anchorPoint.gatherSegmentTimes(into: &times)
        zPosition.gatherSegmentTimes(into: &times)
        transform.gatherSegmentTimes(into: &times)
        sublayerTransform.gatherSegmentTimes(into: &times)
        opacity.gatherSegmentTimes(into: &times)
        isHidden.gatherSegmentTimes(into: &times)
        backgroundColor.gatherSegmentTimes(into: &times)
        cornerRadius.gatherSegmentTimes(into: &times)
        mask?.gatherSegmentTimes(into: &times)
    }

    /// The same layer played backwards over `duration`.
    public func reversed(duration d: Double) -> LayerNode {
        var r = self
        r.bounds = bounds.reversed(duration: d)
        r.position = position.reversed(duration: d)
        r.anchorPoint = anchorPoint.reversed(duration: d)
        r.zPosition = zPosition.reversed(duration: d)
        r.transform = transform.reversed(duration: d)
        r.sublayerTransform = sublayerTransform.reversed(duration: d)
        r.opacity = opacity.reversed(duration: d)
        r.isHidden = isHidden.reversed(duration: d)
        r.backgroundColor = backgroundColor.reversed(duration: d)
        r.cornerRadius = cornerRadius.reversed(duration: d)
        r.mask = mask?.reversed(duration: d)
        return r
    }
}

extension Timeline {
    /// The transition played backwards: the derived pop of a push. Time t shows what the push shows
    /// at `duration - t`; every timing curve is reversed.
    public func reversed() -> Timeline {
        var r = self
        r.direction = direction == .push ? .pop : .push
        r.layers = layers.map { $0.reversed(duration: duration) }
        return r
    }

    /// Encodes as the versioned JSON format (sorted keys, so the same timeline gives the same bytes).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Decodes the JSON format, refusing other versions with a message that says what to do.
    public static func decode(_ data: Data) throws -> Timeline {
        try VersionedJSON.decode(Timeline.self, from: data, version: currentFormatVersion, what: "the timeline",
                                 kind: "Segue timeline JSON", advice: "; rebuild it with this version of Segue")
    }
}
