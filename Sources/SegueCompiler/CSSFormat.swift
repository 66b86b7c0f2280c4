import Segue

/// How values are spelled in the CSS Segue writes.
enum CSSFormat {
    static func px(_ value: Double) -> String {
        let text = SVGFormat.number(value)
        return text == "0" ? "0" : text + "px"
    }

    /// A Core Animation transform as `matrix3d()`: CA's row-vector elements in their own order are
    /// CSS's column-major order of the same matrix.
    static func matrix3d(_ t: Transform3D) -> String {
        if t.isIdentity { return "none" }
        return "matrix3d(" + SVGFormat.numbers(t.elements, decimals: 6, separator: ",") + ")"
    }

    static func color(_ c: Color) -> String {
        c.alpha >= 1 ? c.hexRGB : "rgba(\(channel(c.red)),\(channel(c.green)),\(channel(c.blue)),\(SVGFormat.number(c.alpha)))"
    }

    private static func channel(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

    /// A percentage offset within an animation cycle.
    static func percent(_ fraction: Double) -> String {
        SVGFormat.number(fraction * 100, decimals: 4) + "%"
    }

    /// The CSS timing function of a segment.
    static func easing(_ easing: Easing, tolerance: Double) -> String {
        switch easing {
        case .bezier(let c):
            if c.isLinear { return "linear" }
            return "cubic-bezier(" + SVGFormat.numbers([c.x1, c.y1, c.x2, c.y2], decimals: 4, separator: ",") + ")"
        case .spring:
            // A spring cut short of its target further than the tolerance lands at its cut and
            // jumps to the end (two stops at 100%), as the model does (`EasingSampler.lands`).
            let (corners, lands) = EasingSampler.pieces(for: easing, tolerance: tolerance)
            var stops = corners.map { SVGFormat.number($0.progress, decimals: 4) + " " + SVGFormat.number($0.fraction * 100, decimals: 3) + "%" }
            if lands { stops.append("1 100%") }
            return "linear(" + stops.joined(separator: ",") + ")"
        }
    }

    /// A mask shape as a `clip-path` in the element's box, whose origin is the layer's bounds origin.
    static func clipPath(_ shape: MaskShape, bounds: Rect) -> String {
        let ox = bounds.minX, oy = bounds.minY
        switch shape {
        case .ellipse(let r):
            let at = "at \(px(r.midX - ox)) \(px(r.midY - oy))"
            return abs(r.width - r.height) < 1e-9 ? "circle(\(px(r.width / 2)) \(at))" : "ellipse(\(px(r.width / 2)) \(px(r.height / 2)) \(at))"
        case .rect(let r, let radius):
            let inset = [r.minY - oy, bounds.width - (r.maxX - ox), bounds.height - (r.maxY - oy), r.minX - ox].map(px).joined(separator: " ")
            return radius > 0 ? "inset(\(inset) round \(px(radius)))" : "inset(\(inset))"
        case .path(let p):
            return "path('" + SVGFormat.path(p.mapPoints { Point(x: $0.x - ox, y: $0.y - oy) }) + "')"
        }
    }
}

extension Animated where Value == Double {
    /// A length moving in straight pieces (`withSpringsSampled` keeping no curve) as CSS must be
    /// told it: 0 wherever it goes below 0, reached where a piece crosses 0. SMIL draws nothing
    /// for a negative width, height or radius, as the model does (a spring overshooting a shrink);
    /// CSS would skip such a keyframe and draw what its neighbours give.
    func clampedAtZero() -> Animated<Double> {
        var frames = [Keyframe(time: keyframes[0].time, value: max(keyframes[0].value, 0))]
        for (a, b) in zip(keyframes, keyframes.dropFirst()) {
            if b.time > a.time, (a.value < 0 && b.value > 0) || (a.value > 0 && b.value < 0) {
                frames.append(Keyframe(time: a.time + (b.time - a.time) * a.value / (a.value - b.value), value: 0))
            }
            frames.append(Keyframe(time: b.time, value: max(b.value, 0), curve: b.curve))
        }
        return Animated(keyframes: frames)
    }
}
