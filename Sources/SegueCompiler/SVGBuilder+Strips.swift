import Foundation
import Segue
import SegueXML

/// Text, images and snapshots on a layer seen in perspective: SVG can only map them affinely, so
/// the layer is cut into strips, each drawn through the affine map closest to the projection at its
/// four corners (a quarter of a trapezoid's defect at each, not all of it at one) and clipped to
/// its rectangle, a still clip in the content's own space that the map moves with the content.
/// Each strip is as wide as keeps the largest disagreement inside it within `stripShare` of the
/// tolerance; its keyframes get what its own disagreement leaves (`StripStraying`).
extension SVGBuilder {
    /// `window`: what of the layer can show, in its own space (nil: all of it); only that is cut.
    mutating func writeStrips(_ layer: LayerNode, frame: ProjectionFrame, place: @escaping (Double) -> Homography,
                              window: Rect?, into body: XMLElement) throws(ExportError) {
        let drawn = Self.drawnArea(of: layer)
        guard let bounds = window.map({ drawn.intersection($0) }) ?? drawn, bounds.width > 0, bounds.height > 0 else { return }
        let contentID = ids.make(layer.id + "-content")
        var content = layer.frozen(at: 0)
        content.backgroundColor = Animated(.clear)
        try writeBackgroundAndContents(content, into: defs.addChild("g").set("id", contentID))
        // The instants the layer is shown, among those its visibility switches were looked for at.
        let shownTimes = Self.probeTimes(frame.startTimes, moving: frame.moving).filter(frame.shown)
        // The strips are cut, and each strip's map keyframed, once the drawing is laid out, beside
        // the other tracks (`DeferredTracks`); the memos learn the times they all look at first
        // now.
        let sampler = trackSampler, animator = animator, decimals = options.decimals, xlink = xlink()
        let ids = ids, defs = defs, deferred = deferred, tolerance = options.drawingTolerance
        // SMIL animations are worked out beside the maps, on every core; CSS rules are kept in
        // the order they are made, by the animator.
        let smil = animator.usesCSS ? nil : animator.clock
        let straying = self.straying, measures = measuresContent
        // Where the written strips are measured (`StripStraying`): wherever sampling looks first
        // while the layer is shown (only at base times where nothing moves: `MovingSpans`); the
        // same for every strip.
        let measuredTimes = sampler.shownLookTimes(frame, stillWithPlace: true)
        if !frame.placeIsStill { deferred.prepare(frame, at: measuredTimes, with: sampler) }
        // Where the strips' clips go among the definitions, and the strips among the layer's
        // drawing, once they are cut: every layer's after the layout, still or not, so that their
        // clips are named in the order of the drawing. Each strip's map is keyframed on whichever
        // core is free as soon as the layer is cut, and written after the cut.
        let clips = defs.addChild("g"), drawing = body.addChild("g")
        deferred.track { (handoff: DeferredTracks.Handoff) throws(ExportError) in
            Self.stripRects(bounds, frame: frame, place: place, times: shownTimes, tolerance: tolerance).map { strip in
                // Neighbouring strips overlap by a point, so antialiased clip edges leave no seam.
                // The clip is drawn in the content's own space, through the strip's map like the
                // content, so it never moves.
                let clip = Rect(x: max(strip.minX - 1, bounds.minX), y: max(strip.minY - 1, bounds.minY),
                                width: min(strip.maxX + 1, bounds.maxX) - max(strip.minX - 1, bounds.minX),
                                height: min(strip.maxY + 1, bounds.maxY) - max(strip.minY - 1, bounds.minY))
                let motion = handoff.track(now: frame.placeIsStill) { () throws(ExportError) in
                    try Self.stripMotion(strip, clip: clip, frame: frame, place: place, shownTimes: shownTimes,
                                         measuredTimes: measures ? measuredTimes : nil, sampler: sampler, smil: smil)
                }
                return (clip: clip, motion: motion)
            }
        }.whenReady { strips in
            for strip in strips {
                let clipID = ids.make(layer.id + "-strip")
                Self.writeFrame(strip.clip, on: clips.addChild("clipPath").set("id", clipID).addChild("rect"))
                // The strip's place among its siblings, filled in (and then unwrapped) once its map is
                // keyframed.
                let slot = drawing.addChild("g")
                strip.motion.whenReady { motion in
                    straying.record(motion.straying)
                    Self.writeStrip(motion, into: slot, clipID: clipID, contentID: contentID, animator: animator,
                                    decimals: decimals, xlink: xlink)
                }
            }
            clips.unwrap()
            drawing.unwrap()
        }
    }

    /// Writes a strip into its place among its siblings (`slot`, then unwrapped): its steps nested,
    /// and innermost the layer's content (`contentID`) clipped to the strip (`clipID`).
    private static func writeStrip(_ motion: StripMotion, into slot: XMLElement, clipID: String, contentID: String,
                                   animator: SVGAnimator, decimals: Int, xlink: XMLNamespace) {
        var group = slot
        for (index, step) in motion.steps.enumerated() {
            group = writeStripStep(step, into: group, prepared: motion.prepared?[index], moved: motion.moved,
                                   animator: animator, decimals: decimals)
        }
        group.addChild("use").set("clip-path", "url(#\(clipID))").set("href", "#" + contentID, namespace: xlink)
        slot.unwrap()
    }

    /// A strip's map over time, as the steps to write and how far the map moves its probes between
    /// keyframes.
    private struct StripMotion {
        let steps: [StripStep]
        /// How far the strip's map moves its corners and centre between keyframes: one measure
        /// for all its steps, so their `keyTimes` carry the same decimals and keep in step.
        let moved: [Double]
        /// How far the strip, as written, is drawn from the model (`StripStraying`; 0 when not
        /// measured).
        let straying: Double
        /// Each step's SMIL animation, worked out with the map (nil when the animator writes CSS).
        let prepared: [PreparedSMILAnimation]?
    }

    /// Keyframes the map of one strip of a layer placed by `place`, which shows `clip`, measures it
    /// as written at `measuredTimes` (when given) and, given a SMIL clock, works out its
    /// animations (on any thread: it changes nothing but its own locals).
    private static func stripMotion(_ strip: Rect, clip: Rect, frame: ProjectionFrame, place: @escaping (Double) -> Homography,
                                    shownTimes: [Double], measuredTimes: [Double]?, sampler: TrackSampler,
                                    smil: SMILClock?) throws(ExportError) -> StripMotion {
        // What the strip shows: its clip, a point wider than the strip on each side.
        let probes = clip.corners + [clip.center]
        func map(_ t: Double) -> Affine2D {
            let h = place(t)
            return Affine2D(fitting: strip) { h.apply($0) ?? $0 }
        }
        let tolerance = sampler.options.drawingTolerance
        // Verticals stay vertical (a turn about the vertical axis): five parts, not six, which
        // drop the map's small vertical shear.
        let keepsVerticals = shownTimes.allSatisfy { ShearParts.fits(map($0), height: strip.height, limit: tolerance / 20) }
        func writable(_ t: Double) -> Affine2D { keepsVerticals ? ShearParts(map(t)).affine : map(t) }
        // The keyframes may stray what the strip's own map, as written, leaves of the tolerance,
        // so that the two together stay within it (a strip cut at the narrowest allowed may leave
        // less than a quarter: it gets a quarter, and the measure below tells).
        let straying = StripStraying(place: place, screen: frame.screen)
        let allowed = frame.placeIsStill ? tolerance
            : max(tolerance - straying.worst(of: writable, over: clip, at: shownTimes), tolerance / 4)
        let decimals = sampler.options.decimals
        let steps: [StripStep]
        let maps: [Affine2D]
        // The map as SMIL draws it from the printed keyframes (worked out only to be measured).
        let written: () -> (Double) -> Affine2D
        if keepsVerticals {
            let track = try sampler.sampledTrack(frame, value: { ShearParts(map($0)) },
                                             measure: { parts, visit in let m = parts.affine; for p in probes { visit(m.apply(p)) } },
                                             stillWithPlace: true, within: allowed, writtenSize: StripStep.shearSize)
            maps = track.keyframes.map(\.value.affine)
            written = {
                let printed = track.map { $0.written(decimals: decimals) }
                return { printed.value(at: $0).affine }
            }
            steps = [.pair("translate", track.map { Point(x: $0.translationX, y: $0.translationY) }),
                     .pair("scale", track.map { Point(x: $0.scaleX, y: $0.scaleY) }),
                     .angle("skewY", track.map(\.skewY))]
        } else {
            let track = try sampler.sampledTrack(frame, value: { AffineParts(map($0).parts) },
                                             measure: { parts, visit in let m = Affine2D(parts.parts); for p in probes { visit(m.apply(p)) } },
                                             stillWithPlace: true, within: allowed, writtenSize: StripStep.affineSize).unwrapped
            maps = track.keyframes.map { Affine2D($0.value.parts) }
            written = {
                let printed = track.map { $0.written(decimals: decimals) }
                return { Affine2D(printed.value(at: $0).parts) }
            }
            steps = [.pair("translate", track.map { $0.parts.translation }), .angle("rotate", track.map { $0.parts.rotation }),
                     .angle("skewX", track.map { $0.parts.skewX }), .pair("scale", track.map { $0.parts.scale })]
        }
        let moved = zip(maps, maps.dropFirst()).map { from, to in
            probes.reduce(0) { farthest, probe in max(farthest, from.apply(probe).distance(to: to.apply(probe))) }
        }
        // What SMIL draws from the printed keyframes, against the model.
        let drawn = measuredTimes.map { straying.worst(of: written(), over: clip, at: $0) } ?? 0
        let prepared = smil.map { clock in steps.map { $0.prepared(decimals: decimals, moved: moved, clock: clock) } }
        return StripMotion(steps: steps, moved: moved, straying: drawn, prepared: prepared)
    }

    /// One animated part of a strip's map: a pair (`translate`, `scale`) or an angle (`rotate`,
    /// `skewX`, `skewY`).
    enum StripStep {
        case pair(String, Animated<Point>)
        case angle(String, Animated<Double>)

        /// How a map kept as `ShearParts` is written: three animations in step (`translate`,
        /// `scale`, `skewY`), about 33 bytes of values a keyframe.
        static let shearSize = WrittenTrackSize.inStep(animations: 3, valueBytes: 33)
        /// How a map kept as `AffineParts` is written: four (`translate`, `rotate`, `skewX`,
        /// `scale`), about 40 bytes of values a keyframe.
        static let affineSize = WrittenTrackSize.inStep(animations: 4, valueBytes: 40)

        /// The decimals the step's numbers are written with (`decimals` for a translation).
        func digits(decimals: Int) -> Int {
            switch self {
            case .pair(let type, _): type == "scale" ? StripStraying.scaleDecimals : decimals
            case .angle: StripStraying.angleDecimals
            }
        }

        /// The step's SMIL animation, its `keyTimes` from how far the whole map moves (`moved`).
        func prepared(decimals: Int, moved: [Double], clock: SMILClock) -> PreparedSMILAnimation {
            let digits = digits(decimals: decimals)
            return switch self {
            case .pair(let type, let pair):
                SVGAnimator.preparedTransform(pair, type, decimals: digits, moved: moved, clock: clock) { ($0.x, $0.y) }
            case .angle(let type, let angle):
                SVGAnimator.preparedTransform(angle, type, decimals: digits, moved: moved, clock: clock) { ($0, nil) }
            }
        }
    }

    /// Writes one step as a nested group (a still transform, or an animated one: `prepared`, or
    /// else written by the animator), or nothing when it never leaves the identity; the group to
    /// nest the next step in. `moved`: how far the whole map moves between keyframes.
    private static func writeStripStep(_ step: StripStep, into parent: XMLElement, prepared: PreparedSMILAnimation?, moved: [Double],
                                       animator: SVGAnimator, decimals: Int) -> XMLElement {
        let digits = step.digits(decimals: decimals)
        switch step {
        case .pair(let type, let pair):
            let identity = type == "scale" ? Point(x: 1, y: 1) : Point.zero
            if pair.isConstant && pair.initialValue.distance(to: identity) < 1e-9 { return parent }
            let group = parent.addChild("g")
            if pair.isConstant {
                let p = pair.initialValue
                group.set("transform", "\(type)(\(SVGFormat.number(p.x, decimals: digits)),\(SVGFormat.number(p.y, decimals: digits)))")
            } else if let prepared {
                prepared.write(on: group)
            } else {
                animator.animateTransform(pair, type, on: group, decimals: digits, timing: .shared(moved: moved)) { ($0.x, $0.y) }
            }
            return group
        case .angle(let type, let angle):
            if angle.isConstant && abs(angle.initialValue) < 1e-9 { return parent }
            let group = parent.addChild("g")
            if angle.isConstant {
                group.set("transform", "\(type)(\(SVGFormat.number(angle.initialValue, decimals: digits)))")
            } else if let prepared {
                prepared.write(on: group)
            } else {
                animator.animateTransform(angle, type, on: group, decimals: digits, timing: .shared(moved: moved)) { ($0, nil) }
            }
            return group
        }
    }

    /// Where the layer's contents actually draw, within its bounds: for text, the box its line may
    /// draw in (`TextExtent`; a label's frame is usually far larger than its words, and a smaller
    /// area needs fewer, truer strips).
    static func drawnArea(of layer: LayerNode) -> Rect {
        let bounds = layer.bounds.initialValue
        guard case .text(let text) = layer.contents else { return bounds }
        return TextExtent.box(of: text, in: bounds).intersection(bounds) ?? Rect(origin: bounds.origin, size: .zero)
    }

    /// The share of the tolerance a strip's map may spend on not being the projection; its
    /// keyframes get the rest, at least two fifths, which leaves room for rounding what is
    /// written. Three fifths cut page-turn's text into fewer strips than half did (the written
    /// SVG 3% smaller), and more than three fifths left too little for the keyframes.
    static let stripShare = 0.6

    /// The most strips a layer is cut into: no strip is narrower than this fraction of the drawn
    /// area. Beyond it the content (not the outline, which stays exact) may stray further than
    /// the tolerance at grazing angles; `--stats` reports how far.
    static let mostStrips = 16

    /// Cuts the bounds into strips (across the direction in which the projection varies most)
    /// whose affine maps stay within `stripShare` of the tolerance of the projection at `times`: from one
    /// side, each strip as wide as its own map allows, found by halving. Perspective strays most
    /// where the layer lies deepest, so the strips narrow toward that side, and there are fewer
    /// of them than with equal widths.
    /// (On any thread: it changes nothing but its own locals.)
    private static func stripRects(_ bounds: Rect, frame: ProjectionFrame, place: @escaping (Double) -> Homography,
                                   times: [Double], tolerance: Double) -> [Rect] {
        let limit = tolerance * Self.stripShare
        // Each instant's placement and screen map, looked up once for the many strips tried, and
        // their product where the screen map is affine (the same points, one map fewer).
        let maps = times.map { t -> (place: Homography, screen: Homography, toScreen: Homography?) in
            let h = place(t), s = frame.screen(t)
            return (h, s, s.isAffine ? h.concatenating(s) : nil)
        }
        // The instant that last took a disagreement past its cap: looked at first, as the next
        // strip tried, a little narrower or wider, most likely strays most there too (most
        // strips tried do not fit, and one such instant tells).
        var telling = 0
        // The worst disagreement of the strips' maps, or, once it passes `cap`, some larger one.
        func error(_ rects: [Rect], cap: Double = .infinity) -> Double {
            // Squared while looked for: one square root at the end.
            var worst = 0.0
            let capSquared = cap * cap
            for k in maps.indices where worst <= capSquared {
                let index = (telling + k) % maps.count
                let (h, s, toScreen) = maps[index]
                defer { if worst > capSquared { telling = index } }
                for r in rects {
                    let affine = Affine2D(fitting: r) { h.apply($0) ?? $0 }
                    // How far the strip's map strays from the projection at p, on screen.
                    func check(_ x: Double, _ y: Double) {
                        let p = Point(x: x, y: y)
                        guard let truth = toScreen.map({ $0.apply(p) }) ?? h.apply(p).flatMap(s.apply),
                              let guess = s.apply(affine.apply(p)) else { return }
                        worst = max(worst, guess.squaredDistance(to: truth))
                    }
                    // The corners, the middles of the edges, the centre.
                    check(r.minX, r.minY); check(r.maxX, r.minY); check(r.maxX, r.maxY); check(r.minX, r.maxY)
                    check(r.midX, r.minY); check(r.maxX, r.midY); check(r.midX, r.maxY); check(r.minX, r.midY)
                    check(r.midX, r.midY)
                }
            }
            return worst.squareRoot()
        }
        func fits(_ rect: Rect) -> Bool { error([rect], cap: limit) <= limit }
        // Where the bounds start and end along an axis, and the strip between two places on it.
        func span(vertical: Bool) -> (start: Double, end: Double) {
            vertical ? (bounds.minX, bounds.maxX) : (bounds.minY, bounds.maxY)
        }
        func strip(vertical: Bool, _ a: Double, _ b: Double) -> Rect {
            vertical ? Rect(x: a, y: bounds.minY, width: b - a, height: bounds.height)
                : Rect(x: bounds.minX, y: a, width: bounds.width, height: b - a)
        }
        // Strips along one axis; nil once they would number more than `limit`.
        func cut(vertical: Bool, atMost limit: Int = .max) -> [Rect]? {
            let (start, end) = span(vertical: vertical)
            let narrowest = (end - start) / Double(Self.mostStrips)
            var strips: [Rect] = []
            var from = start
            while end - from > 1e-9 {
                if strips.count >= limit { return nil }
                if fits(strip(vertical: vertical, from, end)) {
                    strips.append(strip(vertical: vertical, from, end))
                    break
                }
                // `reach` is taken (it fits, or it is the narrowest allowed); `beyond` does not fit.
                var reach = min(from + narrowest, end), beyond = end
                if fits(strip(vertical: vertical, from, reach)) {
                    for _ in 0..<8 {
                        let middle = (reach + beyond) / 2
                        if fits(strip(vertical: vertical, from, middle)) { reach = middle } else { beyond = middle }
                    }
                }
                strips.append(strip(vertical: vertical, from, reach))
                from = reach
            }
            return strips
        }
        // Along each axis: the fewest strips, then the truest. The axis whose halves fit better
        // goes first; the other stops once it cannot do with fewer strips.
        func halves(vertical: Bool) -> Double {
            let (start, end) = span(vertical: vertical), middle = (start + end) / 2
            return error([strip(vertical: vertical, start, middle), strip(vertical: vertical, middle, end)])
        }
        let first = halves(vertical: true) <= halves(vertical: false)
        let best = cut(vertical: first) ?? [bounds]
        let other = cut(vertical: !first, atMost: best.count)
        guard let other else { return best }
        return other.count < best.count || error(other) < error(best) ? other : best
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

/// A strip's map when it keeps verticals vertical, as under a turn about the vertical axis (a page
/// turning): `translate(e f) scale(a d) skewY(ψ)` with tan ψ = b / d. Five parts where
/// `AffineParts` needs six, and none jumps as the strip turns edge-on: `a` passes through 0 and
/// ψ stays bounded, where a rotation and a skew each swing half a turn.
struct ShearParts: Interpolatable {
    var translationX, translationY, scaleX, scaleY: Double
    /// Degrees.
    var skewY: Double

    init(_ m: Affine2D) {
        translationX = m.e; translationY = m.f
        scaleX = m.a; scaleY = m.d
        skewY = atan(m.b / m.d) * 180 / .pi
    }

    /// The map the nested groups compose (verticals kept vertical: `c` is 0).
    var affine: Affine2D {
        Affine2D(a: scaleX, b: scaleY * tan(skewY * .pi / 180), c: 0, d: scaleY, e: translationX, f: translationY)
    }

    /// Whether `m` can be written so: it moves no point of a strip `height` tall sideways by more
    /// than `limit` through its vertical part, and does not flatten the strip vertically.
    static func fits(_ m: Affine2D, height: Double, limit: Double) -> Bool {
        abs(m.c) * height <= limit && abs(m.d) > 1e-6
    }

    func interpolated(to o: ShearParts, fraction t: Double) -> ShearParts {
        var r = self
        r.translationX += (o.translationX - translationX) * t
        r.translationY += (o.translationY - translationY) * t
        r.scaleX += (o.scaleX - scaleX) * t
        r.scaleY += (o.scaleY - scaleY) * t
        r.skewY += (o.skewY - skewY) * t
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
