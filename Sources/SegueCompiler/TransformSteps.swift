import Segue
import SegueXML

/// One link of a layer's transform chain in SVG: a fixed affine map, or one SMIL-animated
/// component. Nested `<g>`s apply them outermost first: position, transform (translate, rotate,
/// skew, scale), anchor offset.
enum TransformStep {
    case fixed(Homography)
    case translate(Animated<Point>)
    case rotate(Animated<Double>)   // degrees
    case scale(Animated<Point>)

    var isAnimated: Bool {
        if case .fixed = self { return false }
        return true
    }

    /// Writes the step on `group`. `reach()`: how far, in px on screen, what the layer moves lies
    /// from its anchor point (`SVGAnimator.StepTiming.reach`), asked for only by a turn or a scale.
    func write(on group: XMLElement, animator: SVGAnimator, reach: () -> Double) {
        switch self {
        case .fixed(let h):
            group.set("transform", SVGFormat.transform(h))
        case .translate(let track):
            animator.animateTransform(track, "translate", on: group, decimals: 3, timing: .reach(1)) { ($0.x, $0.y) }
        case .rotate(let track):
            animator.animateTransform(track, "rotate", on: group, decimals: 4, timing: .reach(reach())) { ($0, nil) }
        case .scale(let track):
            // A point's distance from the anchor before scaling: its distance on screen over the scale.
            let smallest = track.keyframes.map { min(abs($0.value.x), abs($0.value.y)) }.min() ?? 1
            animator.animateTransform(track, "scale", on: group, decimals: 5, timing: .reach(reach() / max(smallest, 1e-3))) { ($0.x, $0.y) }
        }
    }
}

/// Splits a layer's placement into transform steps that SMIL replays exactly: positions and anchor
/// offsets as translations, and a planar `transform` decomposed as Core Animation interpolates it
/// (translation, rotation, scale each linear between keyframes, under the keyframes' curves).
struct TransformSteps {
    let steps: [TransformStep]

    init(layer: LayerNode) throws(ExportError) {
        var raw: [TransformStep] = []
        // Position (the anchor's place in the superlayer).
        raw.append(layer.position.isConstant
            ? .fixed(.translation(x: layer.position.initialValue.x, y: layer.position.initialValue.y))
            : .translate(layer.position))
        raw += try Self.transformSteps(layer)
        raw.append(try Self.anchorStep(layer))
        steps = Self.merge(raw)
    }

    private static func transformSteps(_ layer: LayerNode) throws(ExportError) -> [TransformStep] {
        let track = layer.transform
        if track.isConstant {
            let projection = track.initialValue.planeProjection
            guard projection.isAffine else {
                throw ExportError("\(layer.named) has a perspective transform (m34), which this version cannot draw in SVG yet; export to HTML")
            }
            return [.fixed(projection)]
        }
        guard track.keyframes.allSatisfy({ $0.value.isPlanarAffine }) else {
            throw ExportError("\(layer.named) animates a 3D transform, which this version cannot draw in SVG yet; export to HTML")
        }
        let parts = track.keyframes.compactMap { $0.value.decomposed() }
        guard parts.count == track.keyframes.count else {
            throw ExportError("\(layer.named) animates through a transform that collapses the layer (scale 0); use a tiny scale such as 0.01 instead")
        }
        guard parts.allSatisfy(\.turnsAboutZOnly) else {
            throw ExportError("\(layer.named) animates a flip (a negative scale), which Core Animation turns through 3D; SVG cannot draw it with 2D transforms")
        }
        func channel<V: Interpolatable>(_ f: (Transform3D.Decomposed) -> V) -> Animated<V> {
            Animated(keyframes: zip(track.keyframes, parts).map { Keyframe(time: $0.time, value: f($1), curve: $0.curve) })
        }
        let skew = channel { $0.skew[0] }
        guard skew.isConstant else {
            throw ExportError("\(layer.named) animates a skew, which SVG interpolates differently from Core Animation; animate rotation and scale instead")
        }
        let translation = channel { Point(x: $0.translation[0], y: $0.translation[1]) }
        // SMIL's `rotate` moves the angle straight; the model turns the short way round.
        let turns = Turn.unwrapped(parts.map { $0.zRotation * 180 / .pi })
        let rotation = Animated(keyframes: zip(track.keyframes, turns).map { Keyframe(time: $0.time, value: $1, curve: $0.curve) })
        let scale = channel { Point(x: $0.scale[0], y: $0.scale[1]) }
        var steps: [TransformStep] = []
        steps.append(translation.isConstant ? .fixed(.translation(x: translation.initialValue.x, y: translation.initialValue.y)) : .translate(translation))
        steps.append(rotation.isConstant ? .fixed(Self.rotation(degrees: rotation.initialValue)) : .rotate(rotation))
        if skew.initialValue != 0 {
            steps.append(.fixed(Homography(a: 1, b: 0, c: 0, d: skew.initialValue, e: 1, f: 0, g: 0, h: 0, i: 1)))
        }
        steps.append(scale.isConstant ? .fixed(Homography(a: scale.initialValue.x, b: 0, c: 0, d: 0, e: scale.initialValue.y, f: 0, g: 0, h: 0, i: 1)) : .scale(scale))
        return steps
    }

    private static func anchorStep(_ layer: LayerNode) throws(ExportError) -> TransformStep {
        func offset(_ bounds: Rect, _ anchor: Point) -> Point {
            Point(x: -anchor.x * bounds.width - bounds.minX, y: -anchor.y * bounds.height - bounds.minY)
        }
        switch (layer.bounds.isConstant, layer.anchorPoint.isConstant) {
        case (true, true):
            let p = offset(layer.bounds.initialValue, layer.anchorPoint.initialValue)
            return .fixed(.translation(x: p.x, y: p.y))
        case (false, true):
            let anchor = layer.anchorPoint.initialValue
            return .translate(layer.bounds.map { offset($0, anchor) })
        case (true, false):
            let bounds = layer.bounds.initialValue
            return .translate(layer.anchorPoint.map { offset(bounds, $0) })
        case (false, false):
            throw ExportError("\(layer.named) animates both its bounds and its anchorPoint, which this version cannot draw in SVG yet; animate one of them")
        }
    }

    /// A turn by `degrees` (clockwise on screen, as SVG's `rotate`).
    static func rotation(degrees: Double) -> Homography {
        let r = degrees * .pi / 180
        return Homography(a: cos(r), b: sin(r), c: 0, d: -sin(r), e: cos(r), f: 0, g: 0, h: 0, i: 1)
    }

    /// Joins neighbouring fixed steps into one and drops identities. Outer steps come first, so an
    /// inner map applies before an outer one.
    private static func merge(_ steps: [TransformStep]) -> [TransformStep] {
        var result: [TransformStep] = []
        for step in steps {
            if case .fixed(let inner) = step, case .fixed(let outer)? = result.last {
                result[result.count - 1] = .fixed(inner.concatenating(outer))
            } else {
                result.append(step)
            }
        }
        return result.filter { step in
            if case .fixed(let h) = step { return !h.isNearIdentity }
            return true
        }
    }
}

extension Homography {
    var isNearIdentity: Bool {
        abs(a - 1) < 1e-12 && abs(b) < 1e-12 && abs(c) < 1e-12 && abs(d) < 1e-12 && abs(e - 1) < 1e-12
            && abs(f) < 1e-12 && abs(g) < 1e-12 && abs(h) < 1e-12 && abs(i - 1) < 1e-12
    }
}

extension Transform3D.Decomposed {
    /// True when the rotation part turns about z only. A planar map that flips one axis (a negative
    /// determinant) decomposes into a half turn about x or y with all scales negated, and
    /// interpolating to or from it turns the layer out of its plane, as Core Animation does.
    var turnsAboutZOnly: Bool { abs(quaternion[0]) < 1e-12 && abs(quaternion[1]) < 1e-12 }
}

extension Animated where Value == Transform3D {
    /// True when the layer stays in its superlayer's plane throughout: every keyframe planar with
    /// no depth and, when animated, every interpolated transform planar too (no flips, see
    /// `Transform3D.Decomposed.turnsAboutZOnly`).
    var staysInPlane: Bool {
        guard keyframes.allSatisfy({ $0.value.isPlanarAffine && $0.value.m43 == 0 }) else { return false }
        return isConstant || keyframes.allSatisfy { $0.value.decomposed()?.turnsAboutZOnly ?? false }
    }
}
