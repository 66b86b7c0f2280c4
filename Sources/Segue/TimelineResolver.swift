/// Turns a transition body's layers and recorded changes into a `Timeline`: assigns ids, puts every
/// change in absolute time, and checks each value once, here at the DSL boundary, reporting problems
/// at the user's source lines.
struct TimelineResolver {
    let context: TransitionContext
    let name: String
    let summary: String
    private var diagnostics: [Diagnostic] = []

    init(context: TransitionContext, name: String, summary: String) {
        self.context = context
        self.name = name
        self.summary = summary
    }

    func resolve(extraDiagnostics: [Diagnostic]) -> Result<Timeline, DiagnosticError> {
        var resolver = self
        resolver.diagnostics = extraDiagnostics
        var nodes: [LayerNode] = []
        var seen: [String: SourceLocation] = [:]
        var layers: [(Layer, String?)] = []
        func walk(_ layer: Layer, parent: String?) {
            layers.append((layer, parent))
            let id = layer.name ?? "layer-\(layers.count - 1)"
            for sub in layer.sublayers { walk(sub, parent: id) }
        }
        walk(context.container, parent: nil)
        for (index, (layer, parent)) in layers.enumerated() {
            let id = layer.name ?? "layer-\(index)"
            if let first = seen[id] {
                resolver.error("two layers are named '\(id)' (the other is at \(first)); give each layer its own name", at: layer.location)
            }
            seen[id] = layer.location
            if let name = layer.name, !Self.isUsableLayerName(name) {
                resolver.error("\(Self.quoted(name)) is not a usable layer name; use a non-empty name without control characters", at: layer.location)
            }
            for problem in layer.structureErrors { resolver.error(problem, at: layer.location) }
            nodes.append(resolver.node(layer, id: id, parent: parent))
        }
        let timeline = Timeline(name: name, summary: summary, direction: context.direction, size: context.size,
                                duration: context.duration, layers: nodes)
        if let snapshot = timeline.selfPicturingSnapshot, case .snapshot(let s)? = snapshot.contents {
            resolver.error("layer '\(snapshot.id)' is a snapshot of the \(s.screen.rawValue) screen inside a screen that it would picture, so it would contain itself; add it to the container with t.add(_:)", at: snapshot.source ?? context.container.location)
        }
        guard resolver.diagnostics.isEmpty else { return .failure(DiagnosticError(resolver.diagnostics)) }
        return .success(timeline)
    }

    private mutating func node(_ layer: Layer, id: String, parent: String?) -> LayerNode {
        let mask = resolveMask(layer, id: id)
        let node = LayerNode(
            id: id, parent: parent, role: layer.role,
            bounds: property(layer.bounds_, of: layer, id: id) { $0.isFinite && $0.width >= 0 && $0.height >= 0 },
            position: property(layer.position_, of: layer, id: id) { $0.isFinite },
            anchorPoint: property(layer.anchorPoint_, of: layer, id: id) {
                $0.isFinite && abs($0.x) <= 100 && abs($0.y) <= 100
            },
            zPosition: property(layer.zPosition_, of: layer, id: id) { $0.isFinite },
            transform: property(layer.transform_, of: layer, id: id) { $0.elements.allSatisfy(\.isFinite) },
            sublayerTransform: property(layer.sublayerTransform_, of: layer, id: id) { $0.elements.allSatisfy(\.isFinite) },
            opacity: property(layer.opacity_, of: layer, id: id) { $0.isFinite && $0 >= 0 && $0 <= 1 },
            isHidden: property(layer.isHidden_, of: layer, id: id) { _ in true },
            backgroundColor: property(layer.backgroundColor_, of: layer, id: id) { $0.isValid },
            cornerRadius: property(layer.cornerRadius_, of: layer, id: id) { $0.isFinite && $0 >= 0 },
            mask: mask,
            contents: layer.contents,
            isDoubleSided: layer.isDoubleSided,
            masksToBounds: layer.masksToBounds,
            source: layer.location
        )
        if case .text(let text) = layer.contents {
            if !(text.fontSize.isFinite && text.fontSize > 0) {
                error("layer '\(id)': the font size must be positive, not \(text.fontSize)", at: layer.location)
            }
            if let scalar = Self.firstUnwritableScalar(in: text.string) {
                error("layer '\(id)': the text holds \(Self.codePoint(scalar)), a control character no SVG or HTML document can carry; remove it (tabs and line breaks may stay)", at: layer.location)
            }
        }
        return node
    }

    /// A property's keyframes: the start value, then each change in time order.
    private mutating func property<V>(_ p: RecordedProperty<V>, of layer: Layer, id: String,
                                      isValid: (V) -> Bool) -> Animated<V> {
        if p.setAfterAnimation {
            error("layer '\(id)': \(p.name) was set outside an animation after being animated; set its starting value before animating it, or change it inside t.at(time) { }", at: layer.location)
        }
        if !isValid(p.initial) {
            error("layer '\(id)': \(p.name) cannot be \(p.initial); \(Self.hint(p.name))", at: layer.location)
        }
        var keyframes = [Keyframe(time: 0, value: p.initial)]
        var current = p.initial
        var previous: PropertyChange<V>?
        for change in p.changes.sorted(by: { $0.begin < $1.begin }) {
            if !isValid(change.value) {
                error("layer '\(id)': \(p.name) cannot be \(change.value); \(Self.hint(p.name))", at: change.location)
            }
            if let previous, change.begin < previous.begin + previous.duration - 1e-9 {
                error("layer '\(id)': \(p.name) is animated twice at once (here and at \(previous.location)); make one start when the other ends", at: change.location)
                continue
            }
            if change.begin > keyframes[keyframes.count - 1].time {
                keyframes.append(Keyframe(time: change.begin, value: current))
            }
            keyframes.append(Keyframe(time: change.begin + change.duration, value: change.value, curve: change.curve))
            current = change.value
            previous = change
        }
        return Animated(keyframes: keyframes)
    }

    private mutating func resolveMask(_ layer: Layer, id: String) -> Animated<MaskShape>? {
        let optional = property(layer.mask_, of: layer, id: id) { shape in shape.map(\.isValid) ?? true }
        let values = optional.keyframes.map(\.value)
        if values.allSatisfy({ $0 == nil }) { return nil }
        guard values.allSatisfy({ $0 != nil }) else {
            let at = layer.mask_.changes.first?.location ?? layer.location
            error("layer '\(id)': the mask is animated from or to no mask; give it a starting shape before the animation (e.g. a circle of radius 0)", at: at)
            return nil
        }
        let keyframes = optional.keyframes.map { Keyframe(time: $0.time, value: $0.value!, curve: $0.curve) }
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where b.time > a.time && !a.value.canInterpolate(to: b.value) {
            let at = layer.mask_.changes.first { abs($0.begin + $0.duration - b.time) < 1e-9 }?.location ?? layer.location
            error("layer '\(id)': the mask cannot morph from a \(a.value.kind) into a \(b.value.kind); animate between shapes of one kind (paths need the same commands)", at: at)
        }
        return Animated(keyframes: keyframes)
    }

    /// A layer name appears in outputs and in one-line diagnostics: it must say something and fit on a line.
    static func isUsableLayerName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The first scalar of `text` that XML 1.0 has no character for (the C0 controls but tab, line
    /// feed and carriage return, and U+FFFE and U+FFFF): an SVG holding it is not well-formed.
    static func firstUnwritableScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: false
            default: true
            }
        }
    }

    /// A scalar as `U+0007`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A name as a diagnostic shows it, with control characters made visible.
    private static func quoted(_ name: String) -> String {
        "'" + name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined() + "'"
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, at: location))
    }

    private static func hint(_ property: String) -> String {
        switch property {
        case "opacity": "use a value from 0 to 1"
        case "bounds": "use finite numbers and a size of zero or more"
        case "anchorPoint": "use unit coordinates, e.g. (0.5, 0.5) for the centre"
        case "cornerRadius": "use zero or more"
        case "backgroundColor": "use components from 0 to 1"
        case "mask": "use finite numbers and sizes of zero or more"
        default: "use finite numbers"
        }
    }
}

extension Point {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Rect {
    var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }
}

extension Color {
    var isValid: Bool { [red, green, blue, alpha].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } }
}

extension MaskShape {
    var isValid: Bool {
        switch self {
        case .ellipse(let r): r.isFinite && r.width >= 0 && r.height >= 0
        case .rect(let r, let radius): r.isFinite && r.width >= 0 && r.height >= 0 && radius.isFinite && radius >= 0
        case .path(let p): p.points.allSatisfy(\.isFinite)
        }
    }
}
