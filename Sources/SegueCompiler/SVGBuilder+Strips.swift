import Foundation
import Segue
import SegueXML

/// Text, images and snapshots on a layer seen in perspective: SVG can only map them affinely, so
/// the layer is cut into strips, each drawn through the affine map closest to the projection at its
/// four corners (a quarter of a trapezoid's defect at each, not all of it at one) and clipped to
/// its rectangle, a still clip in the content's own space that the map moves with the content.
/// Strips are added until the largest disagreement inside a strip is within half the tolerance.
extension SVGBuilder {
    mutating func writeStrips(_ layer: LayerNode, frame: ProjectionFrame,
                              place: @escaping (Double) -> Homography, into body: XMLElement) throws(ExportError) {
        let bounds = Self.drawnArea(of: layer)
        guard bounds.width > 0, bounds.height > 0 else { return }
        let contentID = ids.make(layer.id + "-content")
        var content = layer.frozen(at: 0)
        content.backgroundColor = Animated(.clear)
        try writeBackgroundAndContents(content, into: defs.addChild("g").set("id", contentID))
        let (strips, stripError) = stripRects(bounds, frame: frame, place: place)
        stats.worstContentDeviation = max(stats.worstContentDeviation, stripError)
        for strip in strips {
            let clipID = ids.make(layer.id + "-strip")
            // Neighbouring strips overlap by a point, so antialiased clip edges leave no seam. The
            // clip is drawn in the content's own space, through the strip's map like the content,
            // so it never moves.
            let clipRect = Rect(x: max(strip.minX - 1, bounds.minX), y: max(strip.minY - 1, bounds.minY),
                                width: min(strip.maxX + 1, bounds.maxX) - max(strip.minX - 1, bounds.minX),
                                height: min(strip.maxY + 1, bounds.maxY) - max(strip.minY - 1, bounds.minY))
            writeFrame(Animated(clipRect), on: defs.addChild("clipPath").set("id", clipID).addChild("rect"))
            let probes = strip.corners + [strip.center]
            let track = sampledTrack(frame, value: { t -> AffineParts in
                let h = place(t)
                let c = strip.corners.map { h.apply($0) ?? $0 }
                return AffineParts(Affine2D(fitting: strip, to: c).parts)
            }, measure: { parts in probes.map { Affine2D(parts.parts).apply($0) } }).unwrapped
            var group = body
            let decimals = options.decimals
            // What a strip's map moves lies within the content's bounds, seen about full size.
            let reach = max(hypot(timeline.size.width, timeline.size.height), bounds.corners.map { hypot($0.x, $0.y) }.max() ?? 0)
            // How far the strip's map moves its corners and centre between keyframes: one measure
            // for its four steps, so their `keyTimes` carry the same decimals and keep in step.
            let moved = zip(track.keyframes, track.keyframes.dropFirst()).map { a, b in
                let from = Affine2D(a.value.parts), to = Affine2D(b.value.parts)
                return probes.map { from.apply($0).distance(to: to.apply($0)) }.max() ?? 0
            }
            let steps: [(String, Animated<Double>?, Animated<Point>?)] = [
                ("translate", nil, track.map { $0.parts.translation }),
                ("rotate", track.map { $0.parts.rotation }, nil),
                ("skewX", track.map { $0.parts.skewX }, nil),
                ("scale", nil, track.map { $0.parts.scale }),
            ]
            for (type, angle, pair) in steps {
                if let pair {
                    let identity = type == "scale" ? Point(x: 1, y: 1) : Point.zero
                    if pair.isConstant && pair.initialValue.distance(to: identity) < 1e-9 { continue }
                    group = group.addChild("g")
                    let digits = type == "scale" ? 5 : decimals
                    let format: (Point) -> String = { "\(SVGFormat.number($0.x, decimals: digits)),\(SVGFormat.number($0.y, decimals: digits))" }
                    if pair.isConstant {
                        group.set("transform", "\(type)(\(format(pair.initialValue)))")
                    } else {
                        animator.animateTransform(pair, type, on: group, decimals: digits, reach: reach, moved: moved) { [$0.x, $0.y] }
                    }
                } else if let angle {
                    if angle.isConstant && abs(angle.initialValue) < 1e-9 { continue }
                    group = group.addChild("g")
                    let format: (Double) -> String = { SVGFormat.number($0, decimals: 3) }
                    if angle.isConstant {
                        group.set("transform", "\(type)(\(format(angle.initialValue)))")
                    } else {
                        animator.animateTransform(angle, type, on: group, decimals: 3, reach: reach, moved: moved) { [$0] }
                    }
                }
            }
            group.addChild("use").set("clip-path", "url(#\(clipID))").set("href", "#" + contentID, namespace: xlink())
        }
    }

    /// Where the layer's contents actually draw: for text, a box around the line (a label's frame is
    /// usually far larger than its words, and a smaller area needs fewer, truer strips).
    static func drawnArea(of layer: LayerNode) -> Rect {
        let bounds = layer.bounds.initialValue
        guard case .text(let text) = layer.contents else { return bounds }
        let width = min(bounds.width, Double(text.string.count) * text.fontSize * 0.62 + text.fontSize)
        let height = min(bounds.height, text.fontSize * 1.5)
        let x: Double = switch text.alignment {
        case .left: bounds.minX
        case .center: bounds.midX - width / 2
        case .right: bounds.maxX - width
        }
        return Rect(x: x, y: bounds.midY - height / 2, width: width, height: height)
    }

    /// The most strips a layer is cut into: beyond it the content (not the outline, which stays
    /// exact) may stray further than the tolerance at grazing angles; `--stats` reports how far.
    static let maxStrips = 16

    /// Cuts the bounds into the fewest strips (across the direction in which the projection varies
    /// most) whose affine maps stay within half the tolerance of the projection.
    private func stripRects(_ bounds: Rect, frame: ProjectionFrame, place: @escaping (Double) -> Homography) -> ([Rect], Double) {
        let screen = frame.screen
        let times = Self.probeTimes(frame.base.isEmpty ? [0] : frame.base).filter(frame.shown)
        func strips(_ count: Int, vertical: Bool) -> [Rect] {
            (0..<count).map { i in
                vertical
                    ? Rect(x: bounds.minX + bounds.width * Double(i) / Double(count), y: bounds.minY,
                           width: bounds.width / Double(count), height: bounds.height)
                    : Rect(x: bounds.minX, y: bounds.minY + bounds.height * Double(i) / Double(count),
                           width: bounds.width, height: bounds.height / Double(count))
            }
        }
        func error(_ rects: [Rect]) -> Double {
            var worst = 0.0
            for t in times {
                let h = place(t), s = screen(t)
                for r in rects {
                    let c = r.corners.map { h.apply($0) ?? $0 }
                    let affine = Affine2D(fitting: r, to: c)
                    let edges = [Point(x: r.midX, y: r.minY), Point(x: r.maxX, y: r.midY), Point(x: r.midX, y: r.maxY), Point(x: r.minX, y: r.midY)]
                    for p in r.corners + edges + [r.center] {
                        guard let truth = h.apply(p), let a = s.apply(affine.apply(p)), let b = s.apply(truth) else { continue }
                        worst = max(worst, a.distance(to: b))
                    }
                }
            }
            return worst
        }
        var best: ([Rect], Double)? = nil
        for count in [1, 2, 3, 4, 6, 8, 12, 16] where count <= Self.maxStrips {
            let vertical = strips(count, vertical: true), horizontal = strips(count, vertical: false)
            let ev = error(vertical), eh = error(horizontal)
            best = ev <= eh ? (vertical, ev) : (horizontal, eh)
            if min(ev, eh) <= options.tolerance / 2 { break }
        }
        return best ?? ([bounds], 0)
    }
}

/// An affine map's parts as an animatable value: the rotation turns the short way round.
struct AffineParts: Interpolatable {
    var translationX, translationY, rotation, skewX, scaleX, scaleY: Double

    init(_ p: Affine2D.Parts) {
        translationX = p.translation.x; translationY = p.translation.y
        rotation = p.rotation; skewX = p.skewX; scaleX = p.scale.x; scaleY = p.scale.y
    }

    var parts: Affine2D.Parts {
        Affine2D.Parts(translation: Point(x: translationX, y: translationY), rotation: rotation, skewX: skewX,
                       scale: Point(x: scaleX, y: scaleY))
    }

    func interpolated(to o: AffineParts, fraction t: Double) -> AffineParts {
        let turn = Turn.shortest(o.rotation - rotation)
        var r = self
        r.translationX += (o.translationX - translationX) * t
        r.translationY += (o.translationY - translationY) * t
        r.rotation += turn * t
        r.skewX += (o.skewX - skewX) * t
        r.scaleX += (o.scaleX - scaleX) * t
        r.scaleY += (o.scaleY - scaleY) * t
        return r
    }
}

extension Animated where Value == AffineParts {
    /// The rotations rewritten so each is within 180° of the one before: SMIL then turns the short
    /// way round, as the sampler assumed.
    var unwrapped: Animated<AffineParts> {
        var frames = keyframes
        for (index, angle) in Turn.unwrapped(keyframes.map(\.value.rotation)).enumerated() { frames[index].value.rotation = angle }
        return Animated(keyframes: frames)
    }
}
