import Foundation
import Segue
import SegueXML

/// Plays back an SVG Segue wrote, with SMIL's own rules (values, keyTimes, keySplines, calcMode,
/// freeze, repeat), and measures how far what it draws lands from the model: the replay check
/// behind `segue export --stats` and the tests. It reads the written bytes, not Segue's memory of
/// them, so a mistake in writing shows up here.
///
/// Measured: every layer's background or colour rectangle and every four-cornered polygon, or
/// `<use>` of one (its corners against the layer's corners on screen), every polygon of more
/// corners (a layer's rounded bounds in perspective: its corners against the model's, plus how
/// far such a polygon lies from the arcs; `OutlineDistance`), circular masks (centre
/// and radius); on request, the strips of text and images in perspective too (the corners, edge
/// middles and centre of each strip's clip, where its written map puts them against where the
/// layer's projection does). A layer is cut into `SVGBuilder.mostStrips` strips at most, so a
/// long line at a grazing angle may stray further than the tolerance, which the writer reports
/// (`StripStraying`, measuring strips of snapshot pictures too, whose layers are still copies
/// the replay does not measure).
public struct SMILReplay {
    let document: XMLDocument
    let timeline: Timeline
    let evaluator: Evaluator
    /// Which layer each measured element draws, and each element's place in document order.
    let layers: SVGLayerMap
    let order: [XMLElement: Int]
    /// Elements by id, for what a `<use>` shows.
    let elementsByID: [String: XMLElement]
    /// Still rectangles inside clip paths, by the clip path's id: strips' clips.
    let clipRects: [String: Rect]

    /// Replays `svg`, whose measured elements `layers` names (the map its writer gave).
    public init(svg: Data, layers: SVGLayerMap, timeline: Timeline) throws(ExportError) {
        guard let document = XMLDocument(parsing: svg) else { throw ExportError("the SVG to replay is not well-formed XML") }
        self.document = document
        self.timeline = timeline
        self.layers = layers
        evaluator = Evaluator(timeline)
        let elements = document.root.elementsInDocumentOrder
        order = Dictionary(uniqueKeysWithValues: elements.enumerated().map { ($1, $0) })
        elementsByID = Dictionary(elements.compactMap { element in element.attribute("id").map { ($0, element) } },
                                  uniquingKeysWith: { first, _ in first })
        clipRects = Self.clipRectangles(in: document)
    }

    /// Replays a document as the exporter rendered it.
    public init(_ rendered: RenderedSVG, timeline: Timeline) throws(ExportError) {
        try self.init(svg: rendered.data, layers: rendered.layers, timeline: timeline)
    }

    /// The largest distance, in screen pixels, between the replayed drawing and the model over the
    /// given times (by default the keyframe times and 120 more per second).
    public func worstDeviation(times: [Double]? = nil) -> Double {
        deviations(times: times).map(\.distance).max() ?? 0
    }

    /// One measured distance: which layer, when, and how far.
    public struct Deviation: Sendable {
        public var layer: String
        public var time: Double
        public var distance: Double
    }

    /// The largest distance of each layer and time where one was measured; `includingStrips`:
    /// strips of text and images in perspective are measured too.
    public func deviations(times: [Double]? = nil, includingStrips: Bool = false) -> [Deviation] {
        let sampleTimes = times ?? ProjectionSampler.grid(base: timeline.keyframeTimes, resolution: 120)
        var result: [Deviation] = []
        for t in sampleTimes {
            let state = evaluator.state(at: t)
            let layers = Dictionary(uniqueKeysWithValues: state.layers.map { ($0.id, $0) })
            for shape in shapes(at: t, includingStrips: includingStrips) {
                guard let layer = layers[shape.layer], layer.visible else { continue }
                switch shape.kind {
                case .quad(let points):
                    guard let corners = layer.corners, points.count == 4 else { continue }
                    let d = zip(points, corners).map { $0.distance(to: $1) }.max() ?? 0
                    result.append(Deviation(layer: shape.layer, time: t, distance: d))
                case .outline(let points):
                    guard let node = evaluator.layer(shape.layer),
                          let d = OutlineDistance.fromRoundedRect(points, bounds: node.bounds.value(at: t), cornerRadius: node.cornerRadius.value(at: t),
                                                                  through: layer.screenTransform) else { continue }
                    result.append(Deviation(layer: shape.layer, time: t, distance: d))
                case .circle(let center, let radius):
                    guard let mask = layer.mask, let c = mask.center, let r = mask.radius else { continue }
                    result.append(Deviation(layer: shape.layer, time: t, distance: max(center.distance(to: c), abs(radius - r))))
                case .strip(let probes, let drawn):
                    let d = zip(probes, drawn).compactMap { probe, point in
                        layer.screenTransform.apply(probe).map { $0.distance(to: point) }
                    }.max() ?? 0
                    result.append(Deviation(layer: shape.layer, time: t, distance: d))
                }
            }
        }
        return result
    }

    /// A measured thing the replay found drawn at a time.
    struct Shape {
        enum Kind {
            case quad([Point])
            /// A layer's bounds with rounded corners, drawn in perspective as a polygon.
            case outline([Point])
            case circle(Point, Double)
            /// Points of a strip's clip in the layer's bounds space, and where they are drawn.
            case strip([Point], drawn: [Point])
        }
        let layer: String
        let kind: Kind
    }

    func shapes(at t: Double, includingStrips: Bool) -> [Shape] {
        var result: [Shape] = []
        let clips = clipCircles(at: t)
        func walk(_ element: XMLElement, _ ctm: Affine2D) {
            guard !["defs", "clipPath", "linearGradient", "title", "desc", "style"].contains(element.name) else { return }
            if value(of: "display", on: element, at: t) == "none" { return }
            let matrix = ctm.concatenating(SMILReplay.animatedTransform(element, at: t) ?? .identity)
            let current = order[element].flatMap(layers.layer(at:))
            if let current, let clip = element.attribute("clip-path"), let circle = clips[String(clip.dropFirst(5).dropLast())] {
                result.append(Shape(layer: current, kind: .circle(matrix.apply(circle.0), circle.1 * matrix.scale)))
            }
            if let current {
                switch element.name {
                case "rect":
                    let r = Self.rect { value(of: $0, on: element, at: t) }
                    result.append(Shape(layer: current, kind: .quad(r.corners.map(matrix.apply))))
                case "use" where includingStrips && shownByUse(element)?.name != "polygon":
                    // A strip: content clipped to a still rectangle, placed by the strip's map.
                    guard let clip = element.attribute("clip-path"), let rect = clipRects[String(clip.dropFirst(5).dropLast())] else { break }
                    let probes = rect.strayProbes
                    result.append(Shape(layer: current, kind: .strip(probes, drawn: probes.map(matrix.apply))))
                case "polygon", "use":
                    // A `<use>` measured here shows a polygon defined once (`SVGCompactor+Reuse`).
                    guard let polygon = element.name == "use" ? shownByUse(element) : element, polygon.name == "polygon" else { break }
                    let points = SMILReplay.numbers(value(of: "points", on: polygon, at: t) ?? "")
                    let list = stride(from: 0, to: points.count - 1, by: 2).map { Point(x: points[$0], y: points[$0 + 1]) }
                    if list.count == 4 { result.append(Shape(layer: current, kind: .quad(list.map(matrix.apply)))) }
                    if list.count > 4 { result.append(Shape(layer: current, kind: .outline(list.map(matrix.apply)))) }
                default:
                    break
                }
            }
            for child in element.children where !["animate", "animateTransform", "set"].contains(child.name) {
                walk(child, matrix)
            }
        }
        walk(document.root, .identity)
        return result
    }

    /// The element a `<use>` shows (`xlink:href="#id"`; `attribute` reads it whatever its namespace).
    func shownByUse(_ use: XMLElement) -> XMLElement? {
        guard let reference = use.attribute("href"), reference.hasPrefix("#") else { return nil }
        return elementsByID[String(reference.dropFirst())]
    }

    /// Circles inside clip paths, by the clip path's id: the masks.
    private func clipCircles(at t: Double) -> [String: (Point, Double)] {
        var result: [String: (Point, Double)] = [:]
        for defs in document.root.children where defs.name == "defs" {
            for clip in defs.children where clip.name == "clipPath" {
                guard let id = clip.attribute("id"), let circle = clip.children.first(where: { $0.name == "circle" }) else { continue }
                let n = { (name: String) in Double(value(of: name, on: circle, at: t) ?? "0") ?? 0 }
                result[id] = (Point(x: n("cx"), y: n("cy")), n("r"))
            }
        }
        return result
    }

    /// Still rectangles inside clip paths, by the clip path's id: strips' clips.
    private static func clipRectangles(in document: XMLDocument) -> [String: Rect] {
        var result: [String: Rect] = [:]
        for defs in document.root.children where defs.name == "defs" {
            for clip in defs.children where clip.name == "clipPath" {
                guard let id = clip.attribute("id"), clip.childElementCount == 1,
                      let rect = clip.children.first(where: { $0.name == "rect" }),
                      !rect.children.contains(where: { $0.name == "animate" }) else { continue }
                result[id] = Self.rect(rect.attribute)
            }
        }
        return result
    }

    /// A `<rect>`'s rectangle, from its `x`, `y`, `width` and `height` as `attribute` reads them
    /// (an absent one is 0).
    private static func rect(_ attribute: (String) -> String?) -> Rect {
        func n(_ name: String) -> Double { Double(attribute(name) ?? "0") ?? 0 }
        return Rect(x: n("x"), y: n("y"), width: n("width"), height: n("height"))
    }

    /// An attribute's value at `t`: its `<animate>` child's if one animates it, else the attribute.
    func value(of attribute: String, on element: XMLElement, at t: Double) -> String? {
        for child in element.children where child.name == "animate" && child.attribute("attributeName") == attribute {
            if let v = SMILReplay.animate(child, at: t) { return v }
        }
        return element.attribute(attribute)
    }

    /// The element's transform at `t`: its `<animateTransform>` (which replaces the attribute), or
    /// its `transform` attribute.
    static func animatedTransform(_ element: XMLElement, at t: Double) -> Affine2D? {
        for child in element.children where child.name == "animateTransform" {
            guard let type = child.attribute("type"), let v = animate(child, at: t) else { continue }
            return transform("\(type)(\(v))")
        }
        return element.attribute("transform").flatMap { transform($0) }
    }

    /// SMIL's value of one animation element at `t` (seconds from the document's start).
    static func animate(_ element: XMLElement, at t: Double) -> String? {
        guard let values = element.attribute("values")?.split(separator: ";").map(String.init),
              let durText = element.attribute("dur"), let dur = Double(durText.dropLast()), dur > 0 else { return nil }
        var local = t / dur
        if element.attribute("repeatCount") == "indefinite" { local -= local.rounded(.down) } else { local = min(local, 1) }
        let keyTimes = element.attribute("keyTimes")?.split(separator: ";").compactMap { Double($0) }
            ?? values.indices.map { Double($0) / Double(max(values.count - 1, 1)) }
        let mode = element.attribute("calcMode") ?? "linear"
        var index = keyTimes.count - 1
        while index > 0 && keyTimes[index] > local { index -= 1 }
        if mode == "discrete" || index + 1 >= values.count { return values[min(index, values.count - 1)] }
        let span = keyTimes[index + 1] - keyTimes[index]
        var fraction = span > 0 ? (local - keyTimes[index]) / span : 1
        if mode == "spline", let splines = element.attribute("keySplines")?.split(separator: ";") {
            let c = splines[index].split(separator: " ").compactMap { Double($0) }
            if c.count == 4 { fraction = TimingCurve(controlPoints: c[0], c[1], c[2], c[3]).progress(at: fraction) }
        }
        let a = numbers(values[index]), b = numbers(values[index + 1])
        guard a.count == b.count, !a.isEmpty else { return values[index] }
        return zip(a, b).map { String($0 + ($1 - $0) * fraction) }.joined(separator: " ")
    }

    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
    }

    /// An SVG `transform` list as one affine map.
    static func transform(_ text: String) -> Affine2D? {
        guard !text.isEmpty else { return nil }
        var result = Affine2D.identity
        for part in text.split(separator: ")") {
            let pieces = part.split(separator: "(")
            guard pieces.count == 2 else { continue }
            let name = pieces[0].trimmingCharacters(in: .whitespaces)
            let n = numbers(String(pieces[1]))
            let step: Affine2D
            switch name {
            case "translate": step = Affine2D(a: 1, b: 0, c: 0, d: 1, e: n[0], f: n.count > 1 ? n[1] : 0)
            case "scale": step = Affine2D(a: n[0], b: 0, c: 0, d: n.count > 1 ? n[1] : n[0], e: 0, f: 0)
            case "rotate":
                let r = n[0] * .pi / 180
                step = Affine2D(a: cos(r), b: sin(r), c: -sin(r), d: cos(r), e: 0, f: 0)
            case "skewX": step = Affine2D(a: 1, b: 0, c: tan(n[0] * .pi / 180), d: 1, e: 0, f: 0)
            case "skewY": step = Affine2D(a: 1, b: tan(n[0] * .pi / 180), c: 0, d: 1, e: 0, f: 0)
            case "matrix" where n.count == 6: step = Affine2D(a: n[0], b: n[1], c: n[2], d: n[3], e: n[4], f: n[5])
            default: continue
            }
            result = result.concatenating(step)
        }
        return result
    }
}

extension Affine2D {
    /// `self` applied after `inner` (an outer SVG transform times an inner one).
    func concatenating(_ inner: Affine2D) -> Affine2D {
        Affine2D(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                 c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                 e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    /// The map's scale (for a similarity; the mean otherwise).
    var scale: Double { ((a * a + b * b).squareRoot() + (c * c + d * d).squareRoot()) / 2 }
}
