import Segue
import SegueXML

/// Layers SVG cannot place with its 2D transforms (perspective, 3D turns, skews SMIL would
/// interpolate differently) are drawn as their projection into the superlayer's plane, the plane
/// Core Animation flattens them into: polygons whose corners SMIL moves between keyframes chosen so
/// the drawing never strays more than the tolerance from the model, and, for text, images and
/// snapshots, strips each placed by an affine map close enough to the projection.
extension SVGBuilder {
    /// Where a projected layer's superlayer sits: the map from the superlayer's bounds space to the
    /// drawing's space (the bounds space of `base`, the superlayer of the projected subtree), and
    /// whether the superlayer is shown.
    struct Lineage {
        /// The superlayer of the projected subtree: its bounds space is the drawing's space.
        let base: LayerNode
        /// The current layer's superlayer (its sublayer transform applies to the layer).
        var parent: LayerNode
        /// The map from `parent`'s bounds space to `base`'s at a time.
        var toBaseOfParent: (Double) -> Homography = { _ in .identity }
        /// Whether `parent` (inside the subtree) is shown at a time.
        var parentShown: (Double) -> Bool = { _ in true }
        /// The instants `parentShown` switches.
        var parentSwitches: [Double] = []
        /// The map from the base's bounds space to the screen (identity for a static picture).
        var screen: (Double) -> Homography = { _ in .identity }
        /// Which layer's map to the screen `screen` is (nil for a static picture).
        var screenOwner: String?
        /// `parent`'s remembered placement and visibility (nil at the subtree's root and under a
        /// picture's stand-in superlayer).
        var parentModel: ProjectedLayerModel?
        /// Whether `toBaseOfParent` is the same map at every time.
        var parentPlaceIsStill = true
        /// When `parent`, a superlayer of it or the base's map to the screen moves.
        var moving = MovingSpans.none
        /// The part of `parent`'s bounds space that can show at all (a snapshot's pictured
        /// region), or nil for all of it (`SVGBuilder+Window.swift`).
        var window: Rect?

        /// Whether `layer`'s placement (`toBase`) is the same map at every time: nothing that
        /// places it animates, its superlayer's sublayer transform does not either, and its
        /// superlayer's placement is still.
        func placeIsStill(_ layer: LayerNode) -> Bool {
            parentPlaceIsStill && placesStillInParent(layer)
        }

        init(base: LayerNode) {
            self.base = base
            parent = base
        }

        /// The map from the layer's bounds space to the base's bounds space at `t`, given the
        /// layer's transform track.
        func toBase(_ layer: LayerNode, transform: TransformTrack, at t: Double) -> Homography {
            Evaluator.localTransform(layer, at: t, parentSublayer: Evaluator.sublayerTransform(parent, at: t),
                                     transform: transform.value(at: t))
                .planeProjection.concatenating(toBaseOfParent(t))
        }

        /// The map from `layer`'s bounds space to the base's bounds space, as a function of time,
        /// given the layer's transform track: where the layer lies still in its superlayer, its
        /// own part of the map is worked out once (`stillPlacementInParent`).
        func placement(of layer: LayerNode, transform: TransformTrack) -> (Double) -> Homography {
            guard let local = stillPlacementInParent(of: layer, transform: transform) else {
                return { [self] t in toBase(layer, transform: transform, at: t) }
            }
            let toBaseOfParent = toBaseOfParent
            return { t in local.concatenating(toBaseOfParent(t)) }
        }

        /// `layer`'s map into `parent`'s bounds space when it is the same at every time
        /// (`placesStillInParent`), else nil.
        func stillPlacementInParent(of layer: LayerNode, transform: TransformTrack) -> Homography? {
            guard placesStillInParent(layer) else { return nil }
            return Evaluator.localTransform(layer, at: 0, parentSublayer: Evaluator.sublayerTransform(parent, at: 0),
                                            transform: transform.value(at: 0)).planeProjection
        }

        /// The lineage of `layer`'s sublayers, given the layer's own placement.
        func descending(into layer: LayerNode, place: @escaping (Double) -> Homography,
                        shown: @escaping (Double) -> Bool, switches: [Double], model: ProjectedLayerModel? = nil, placeIsStill: Bool,
                        moving: MovingSpans, window: Rect? = nil) -> Lineage {
            var inner = self
            inner.window = window
            inner.parent = layer
            inner.toBaseOfParent = place
            inner.parentShown = shown
            inner.parentSwitches = switches
            inner.parentModel = model
            inner.parentPlaceIsStill = placeIsStill
            inner.moving = moving
            return inner
        }
    }

    /// Draws `layer` and its sublayers projected into `lineage.base`'s bounds space.
    ///
    /// - Parameters:
    ///   - frozen: draw the layers as they are at time 0 (a snapshot's picture).
    ///   - staticPlacement: the drawing does not move either (a picture in `<defs>`); by default a
    ///     frozen picture still moves with the layer that shows it.
    mutating func writeProjected(_ source: LayerNode, lineage: Lineage, into container: XMLElement, frozen: Bool,
                                 staticPlacement: Bool? = nil) throws(ExportError) {
        let layer = frozen ? source.frozen(at: 0) : source
        if layer.isLeftOut { return }
        let transform = TransformTrack(layer.transform)
        // What of the layer can show, in its own space: where it draws nothing of that, only its
        // sublayers are drawn, and nothing at all when it has none or clips them to its bounds.
        let window = lineage.window(of: layer, transform: transform)
        let drawsInWindow = window.map { layer.bounds.initialValue.intersection($0) != nil } ?? true
        let sublayers = evaluator.paintOrder(of: layer.id, at: 0)
        if !drawsInWindow && (sublayers.isEmpty || layer.masksToBounds) { return }
        let isStatic = staticPlacement ?? frozen
        // Projected drawing measures its own motion on screen (`TrackSampler`), within its share
        // of the tolerance.
        let share = options.share
        let restoreScale = animator.settingPixelScale({ 1 }, share: { share })
        defer { restoreScale() }
        var lineage = lineage
        if lineage.parent.id == lineage.base.id && !isStatic {
            // The subtree's root: the base's screen placement, remembered for the whole subtree.
            lineage.screen = screenPlacement(of: lineage.base.id)
            lineage.screenOwner = lineage.base.id
            lineage.moving = evaluator.movingSpans(ofLayerAndAncestors: lineage.base.id)
        }
        let screen = isStatic ? { _ in Homography.identity } : lineage.screen
        let times = isStatic ? [0] : evaluator.keyframeTimes
        let group = addLayerGroup(for: layer, frozen: frozen, in: container)
        writeOpacity(layer, on: group)
        // The layer's placement, and whether it is shown: not hidden, not a culled back face, not
        // behind the viewer. Both are asked for at the same times again and again: remembered.
        let bounds = layer.bounds
        let parentShown = lineage.parentShown
        let placeMemo: Memo<Homography>, sharedShown: Memo<Bool>?
        if let parentModel = lineage.parentModel, ProjectedLayerModel.coincides(layer, withParent: lineage.parent) {
            // Lying exactly on its superlayer: the same placement, and, with the same bounds, the
            // same visibility.
            placeMemo = parentModel.place
            sharedShown = ProjectedLayerModel.sharesVisibility(layer, withParent: lineage.parent) ? parentModel.shown : nil
        } else {
            placeMemo = Memo(memos, lineage.placement(of: layer, transform: transform))
            // Lying still and flat inside its superlayer: the same visibility.
            sharedShown = lineage.parentModel.flatMap { parentModel in
                ProjectedLayerModel.sharesVisibility(layer, placedBy: lineage.stillPlacementInParent(of: layer, transform: transform),
                                                     inside: lineage.parent) ? parentModel.shown : nil
            }
        }
        // How squarely the layer faces the viewer and how near its corners come: what its
        // visibility, the facing probes and the camera-plane check ask, from one map to the screen.
        let facing = Memo(memos) { [placeMemo] t in ScreenFacing(bounds.value(at: t), through: placeMemo(t).concatenating(screen(t))) }
        let area = { (t: Double) in facing(t).area }
        let model = ProjectedLayerModel(place: placeMemo,
                                        shown: sharedShown ?? shownMemo(layer, parentShown: parentShown, area: area))
        // Outlines keyframed from a placement of this layer's own serve only its subtree: they
        // are let go (with the memos they hold) once it is written.
        let outlinesBefore = boundsOutlines.count
        let ownsPlacement = lineage.parentModel.map { $0.place !== model.place } ?? true
        defer { if ownsPlacement { boundsOutlines.removeSubrange(outlinesBefore...) } }
        let place = model.place.callAsFunction, shown = model.shown.callAsFunction
        let moving = lineage.moving.union(MovingSpans(placing: layer))
        // A layer that hides its back may turn it between the keyframe times' probes (a spring
        // swinging it through edge-on and back within a few microseconds): looked for on the
        // sampling grid too, and closer wherever how squarely it faces the viewer changes by more
        // than it would take to turn. (A layer sharing its superlayer's visibility takes the
        // superlayer's switches, found so: it needs no probes of its own.)
        var probe = Self.probeTimes(times, moving: moving)
        if !layer.isDoubleSided && !isStatic && sharedShown == nil {
            probe = ProjectionSampler.facingProbes(probe + trackSampler.grid(base: times, moving: moving),
                                                   minimumStep: trackSampler.cycle * ProjectionSampler.minimumRefinedStep,
                                                   facing: area)
        }
        // Switches found to 1/10,000,000 of the transition, and held from 1/1,000,000 before: on
        // screen the layer may be racing to its edge-on instant, and a switch found late or held
        // early would freeze it short of that. (`keyTimes` this close are written with more decimals.)
        let precision = timeline.duration * 1e-7, hold = timeline.duration * 1e-6
        // A layer sharing its superlayer's visibility switches where the superlayer does, found
        // there with the superlayer's probes (finer where it hides its back).
        let switches = sharedShown == nil ? ProjectionSampler.switches(at: probe, precision: precision, shown) : lineage.parentSwitches
        if switches.isEmpty && !shown(probe[0]) { return }
        let frames = Self.ownVisibility(switches: switches, parentSwitches: lineage.parentSwitches, shown: shown, parentShown: parentShown)
        if frames.count > 1 {
            if !animator.usesCSS { group.set("display", frames[0].value ? "none" : "inline") }
            animator.hide(Animated(keyframes: frames), on: group)
        }
        // A switch at one of the model's keyframe times (a layer hiding or showing by its flag)
        // is found there exactly, a probe, and sampled there already. Showing, it needs no hold;
        // hiding, it does: the layer is drawn up to that instant, and the time itself, hidden,
        // holds a shown time's value (see `TrackSampler`), which may be the one it shows again
        // with, or one it jumps to as it hides.
        let keyframeTimes = Set(times)
        let held = switches.filter { !keyframeTimes.contains($0) || !shown($0) }
        let base = Array(Set(times + held.flatMap { [$0 - hold, $0] }.filter { $0 > 0 && $0 < timeline.duration })).sorted()
        let placeIsStill = lineage.placeIsStill(layer)
        let frame = ProjectionFrame(layer: layer.named, base: base, screen: screen, shown: shown, place: place, model: model,
                                    screenOwner: isStatic ? nil : lineage.screenOwner, placeIsStill: placeIsStill, moving: moving,
                                    switches: switches)
        // Probed where the switches were looked for, where tracks are sampled (a spring may swing
        // the layer toward the camera plane and back between probes), and at the last instant it
        // is shown before a switch: a layer turning its back or hiding may do so just as it
        // reaches toward the camera plane.
        // A layer sharing its superlayer's visibility lies between the superlayer's corners, in
        // its plane, which were found clear at these very times (the same switches and sampling
        // grid, and the same probes or, where the superlayer hides its back, finer ones).
        if sharedShown == nil {
            let lastShown = switches.map { $0 - hold }.filter { $0 > 0 }
            let sampled = trackSampler.samplingGrid(frame, stillWithPlace: true)
            try Self.requireClearOfCameraPlane(layer, probe: (probe + lastShown + sampled).sorted(), shown: shown) { facing($0).weights }
        }
        var body = group
        if let mask = layer.mask {
            let id = ids.make(layer.id + "-mask")
            let clip = defs.addChild("clipPath").set("id", id)
            let cut = outlineFlattening(frame, stillWithPlace: mask.isConstant, curved: OutlineFlattening.hasCurves(mask.keyframes.map(\.value)),
                                        shape: mask.value(at:))
            // A still mask is outlined once, and only placed at each time.
            let stillOutline = mask.isConstant ? mask.initialValue.outline(pieces: cut.pieces) : nil
            writeProjectedOutline(frame, into: clip, stillWithPlace: mask.isConstant, cut: cut) { t in
                place(t).placing(stillOutline ?? mask.value(at: t).outline(pieces: cut.pieces, keepsArcs: true))
            }
            body = body.addChild("g").set("clip-path", "url(#\(id))")
        }
        if layer.masksToBounds {
            let id = ids.make(layer.id + "-bounds")
            let clip = defs.addChild("clipPath").set("id", id)
            writeProjectedBounds(of: layer, frame: frame, into: clip)
            body = body.addChild("g").set("clip-path", "url(#\(id))")
        }
        // The layer's own drawing, where any of it shows.
        if drawsInWindow, case .snapshot(let snapshot) = layer.contents {
            try writeProjectedSnapshot(snapshot, of: layer, lineage: lineage, frame: frame, shown: shown, into: body)
        } else if drawsInWindow {
            try writeProjectedContents(layer, frame: frame, place: place, window: window, into: body)
        }
        let inner = lineage.descending(into: layer, place: place, shown: shown, switches: switches, model: model, placeIsStill: placeIsStill,
                                       moving: moving, window: window)
        for index in sublayers {
            try writeProjected(timeline.layers[index], lineage: inner, into: body, frozen: frozen, staticPlacement: isStatic)
        }
    }

    /// A snapshot seen in perspective: the pictured screen's own layers, each projected through the
    /// snapshot (flat colours stay exact polygons; only text and images are cut into strips),
    /// clipped to the snapshot's projected bounds.
    private mutating func writeProjectedSnapshot(_ snapshot: Snapshot, of layer: LayerNode, lineage: Lineage, frame: ProjectionFrame,
                                                 shown: @escaping (Double) -> Bool, into body: XMLElement) throws(ExportError) {
        let screen = try timeline.picturedScreen(snapshot)
        guard layer.bounds.isConstant else {
            throw ExportError("snapshot \(layer.named) animates its bounds while drawn in 3D, which this version cannot draw in SVG yet; scale it with transform instead")
        }
        let bounds = layer.bounds.initialValue
        let region = timeline.region(of: snapshot)
        guard region.width > 0, region.height > 0 else { return }
        let clipID = ids.make(layer.id + "-frame")
        let place = frame.place
        let corners = bounds.corners
        writeProjectedOutline(frame, into: defs.addChild("clipPath").set("id", clipID), stillWithPlace: true) { t in
            place(t).placing(corners)
        }
        let clipped = body.addChild("g").set("clip-path", "url(#\(clipID))")
        let fit = Homography.fitting(region, into: bounds)
        // The screen itself, standing at the origin of its own space, is the picture's root.
        var picture = screen
        picture.transform = Animated(.identity)
        picture.position = Animated(Point(x: screen.anchorPoint.initialValue.x * screen.bounds.initialValue.width,
                                          y: screen.anchorPoint.initialValue.y * screen.bounds.initialValue.height))
        picture.isHidden = Animated(false)
        picture.opacity = Animated(1)
        // Only the pictured region shows: the frame clips the rest. A point of the snapshot beyond
        // it is drawn too, so that the frame's clip, not where the drawing stops, makes the edge.
        let margin = bounds.width > 0 && bounds.height > 0 ? max(region.width / bounds.width, region.height / bounds.height) : 1
        var pictureLineage = lineage.descending(into: layer, place: { t in fit.concatenating(place(t)) }, shown: shown,
                                                switches: frame.switches,
                                                placeIsStill: frame.placeIsStill, moving: frame.moving,
                                                window: region.insetBy(dx: -margin, dy: -margin))
        pictureLineage.parent = Self.placeholderParent
        try writeProjected(picture, lineage: pictureLineage, into: clipped, frozen: true, staticPlacement: false)
    }

    /// A stand-in superlayer with no sublayer transform, for a snapshot's picture.
    static let placeholderParent = LayerNode(id: "", bounds: .zero, position: .zero)

    /// Opacity as in the 2D path: a static attribute or a SMIL animation.
    func writeOpacity(_ layer: LayerNode, on group: XMLElement) {
        if layer.opacity.isConstant && layer.opacity.initialValue < 1 {
            group.set("opacity", SVGFormat.number(layer.opacity.initialValue))
        }
        animator.opacity(layer.opacity, on: group)
    }

    /// How much nearer the viewer one corner of a shown layer may come than another (the ratio of
    /// their projective weights `w`): nearer than this, the layer reaches toward the camera plane,
    /// where Core Animation clips it and the projection magnifies without bound, so no keyframes of
    /// a polygon follow it within the tolerance.
    static let cameraPlaneRatio = 20.0

    /// Refuses a layer that, while shown, comes too close to the camera plane to draw as a
    /// projection: one corner `cameraPlaneRatio` times nearer the viewer than another, or the
    /// whole layer drawn that many times its size by the perspective (its weights below
    /// 1 / `cameraPlaneRatio`: a layer flying through the viewer, which the projection sends off
    /// to infinity just before it passes behind). `weights(t)`: the least and the greatest
    /// projective weight of its corners at `t`.
    static func requireClearOfCameraPlane(_ layer: LayerNode, probe: [Double], shown: (Double) -> Bool,
                                          weights: (Double) -> ScreenFacing.Weights) throws(ExportError) {
        for t in probe where shown(t) {
            let (near, far) = weights(t)
            let reach: String
            if far > near * cameraPlaneRatio {
                reach = "one corner \(Int(min(far / near, 1e9)))× nearer the viewer than another"
            } else if near < 1 / cameraPlaneRatio {
                reach = "drawn \(Int(min(1 / near, 1e9)))× its size by the perspective"
            } else {
                continue
            }
            throw ExportError("cannot draw \(layer.named) in SVG: at \(SVGFormat.decimal(t, decimals: 6)) s it reaches toward the camera plane (\(reach)), where its projection has no faithful polygon; weaken the perspective (m34) or keep the layer further back, or export to HTML")
        }
    }

    /// Whether a projected layer's group hides it (true) from each keyframe's time on, given the
    /// instants its visibility switches: only what its superlayers' groups, which hold it, do not
    /// say. While a superlayer hides it any value will do, so a switch that follows a
    /// superlayer's is left out, and one the layer made meanwhile is written when the superlayer
    /// shows again. `parentSwitches`: the instants the superlayer's visibility switches. A single
    /// keyframe: the group never hides it. Each switch is the first instant found in its new state
    /// (`ProjectionSampler.switches`), so what shows is asked there, not some fixed while after: a
    /// layer of a 1 ns transition hidden for 27 ps just after the start was asked 1 ns after its
    /// switch, found shown, and drawn moving while the model hid it (408 px).
    static func ownVisibility(switches: [Double], parentSwitches: [Double], shown: (Double) -> Bool,
                              parentShown: (Double) -> Bool) -> [Keyframe<Bool>] {
        var frames: [Keyframe<Bool>] = []
        for time in [0] + Set(switches + parentSwitches).sorted() {
            guard parentShown(time) else { continue }
            let hidden = !shown(time)
            if frames.last?.value != hidden { frames.append(Keyframe(time: frames.isEmpty ? 0 : time, value: hidden)) }
        }
        return frames
    }

    /// Every keyframe time with extra probes between them, for finding visibility switches:
    /// sixteen to an interval where the placement `moving` moves (a layer may turn its back or
    /// reach toward the camera plane anywhere in it), and only its middle where nothing does, as
    /// the layer then neither turns nor moves, and is shown or hidden all through (a visibility
    /// flag switches at a keyframe, and its superlayer's switches are found by the superlayer).
    static func probeTimes(_ times: [Double], moving: MovingSpans) -> [Double] {
        var result: [Double] = []
        for (a, b) in zip(times, times.dropFirst()) {
            let probes = moving.moves(between: a, and: b) ? 16 : 2
            for k in 0..<probes { result.append(a + (b - a) * Double(k) / Double(probes)) }
        }
        result.append(times.last ?? 0)
        return result
    }

    /// `window`: what of the layer can show, in its own space (nil: all of it).
    private mutating func writeProjectedContents(_ layer: LayerNode, frame: ProjectionFrame, place: @escaping (Double) -> Homography,
                                                 window: Rect?, into body: XMLElement) throws(ExportError) {
        let bounds = layer.bounds
        if layer.drawsBackground {
            let polygon = writeProjectedBounds(of: layer, frame: frame, into: body)
            writeFill(layer.backgroundColor, on: polygon)
        }
        switch layer.contents {
        case nil:
            break
        case .color(let color):
            let polygon = writeProjectedBounds(of: layer, frame: frame, into: body)
            writeFill(Animated(color), on: polygon)
        case .gradient(let gradient):
            let id = ids.make(layer.id + "-gradient")
            let polygon = writeProjectedBounds(of: layer, frame: frame, into: body)
            polygon.set("fill", "url(#\(id))")
            writeProjectedGradient(gradient, id: id, frame: frame, stillWithPlace: bounds.isConstant) { t in
                place(t).placing(Self.gradientEnds(gradient, in: bounds.value(at: t)))
            }
        case .text, .image, .snapshot:
            guard bounds.isConstant else {
                throw ExportError("\(layer.named) animates its bounds while drawn in 3D, which this version cannot draw in SVG yet; scale it with transform instead")
            }
            try writeStrips(layer, frame: frame, place: place, window: window, into: body)
        }
    }

    /// A linear gradient's ends in the layer's space, slid along its bands (the lines of one
    /// colour) until the axis between them crosses the layer's middle: the same gradient on the
    /// layer. Placed in perspective, the ends give the screen's gradient its axis, and its bands
    /// stand square to that axis; through the middle, the axis is where the perspective turns the
    /// bands least. Along an edge (a page's shadow running along its bottom, `startPoint` (0, 1)
    /// to (1, 1)), the edge's slant under perspective would tilt every band, and the shadow would
    /// gather in one corner.
    static func gradientEnds(_ gradient: Gradient, in bounds: Rect) -> [Point] {
        func point(_ unit: Point) -> Point {
            Point(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        let start = point(gradient.startPoint), end = point(gradient.endPoint)
        let ax = end.x - start.x, ay = end.y - start.y, squaredLength = ax * ax + ay * ay
        guard squaredLength > 0 else { return [start, end] }
        // The middle's offset from the axis, square to it.
        let cx = bounds.midX - start.x, cy = bounds.midY - start.y
        let along = (cx * ax + cy * ay) / squaredLength
        let dx = cx - along * ax, dy = cy - along * ay
        guard abs(dx) > 1e-9 || abs(dy) > 1e-9 else { return [start, end] }
        return [Point(x: start.x + dx, y: start.y + dy), Point(x: end.x + dx, y: end.y + dy)]
    }

    /// A polygon (in `into`) whose points follow `outline(t)`, keyframed within the tolerance.
    /// `stillWithPlace`: nothing but the layer's placement moves the outline.
    /// `cut`: how its curves were cut (`outlineFlattening`), if it has any.
    @discardableResult
    mutating func writeProjectedOutline(_ frame: ProjectionFrame, into parent: XMLElement, stillWithPlace: Bool,
                                        cut: OutlineFlattening.Cut? = nil, outline: @escaping (Double) -> [Point]) -> XMLElement {
        writePolygon(deferredOutline(frame, stillWithPlace: stillWithPlace, cut: cut, outline), into: parent)
    }

    /// How finely to cut a curved outline of a layer in `frame` (`shape(t)`, in the layer's
    /// space) so that its chords lie within half the tolerance on screen (less what rounding the
    /// written points takes), and what of the tolerance is left for keyframing its points. Bytes
    /// grow with the pieces times the keyframes, each about the inverse square root of its share:
    /// halves cost least. The pieces serve every time: the largest curves where the layer is
    /// stretched most, at the times sampling the outline looks at first, decide them.
    /// `curved`: whether the shape ever has a curve; without one there is nothing to cut.
    func outlineFlattening(_ frame: ProjectionFrame, stillWithPlace: Bool, curved: Bool,
                           shape: (Double) -> MaskShape) -> OutlineFlattening.Cut {
        guard curved else { return OutlineFlattening.Cut(pieces: OutlineFlattening.Pieces()) }
        let tolerance = options.drawingTolerance, sampler = trackSampler
        let times = sampler.shownLookTimes(frame, stillWithPlace: stillWithPlace)
        // A shape nothing but the placement moves is the same at every time: cut once.
        let shapes = stillWithPlace ? times.prefix(1).map(shape) : times.map(shape)
        let extents = shapes.map(\.extent)
        let stretch = frame.largestStretch(at: times) { extents[stillWithPlace ? 0 : $0] }
        let share = options.leavingRoomForRounding(tolerance) / 2
        let pieces = OutlineFlattening(screenError: share, stretch: stretch).pieces(for: shapes)
        let chord = OutlineFlattening.worstChord(of: shapes, pieces: pieces) * stretch
        return OutlineFlattening.Cut(pieces: pieces, allowed: max(tolerance - chord, tolerance / 4), lookTimes: times)
    }

    /// A polygon (in `into`) following the layer's bounds (with their rounded corners), keyframed
    /// within the tolerance, or taken from the same outline keyframed before (the layer's clip and
    /// its fill, or its superlayer's when it lies exactly on it).
    @discardableResult
    mutating func writeProjectedBounds(of layer: LayerNode, frame: ProjectionFrame, into parent: XMLElement) -> XMLElement {
        let key = frame.model.map {
            BoundsOutlineKey(model: $0, screen: frame.screenOwner, base: frame.base, bounds: layer.bounds, cornerRadius: layer.cornerRadius)
        }
        if let key, let known = boundsOutlines.first(where: { $0.key.matches(key) }) {
            return writePolygon(known.track, into: parent)
        }
        let bounds = layer.bounds, cornerRadius = layer.cornerRadius, place = frame.place
        let isStill = bounds.isConstant && cornerRadius.isConstant
        let roundsEver = cornerRadius.keyframes.contains { $0.value > 0 }
        let cut = outlineFlattening(frame, stillWithPlace: isStill, curved: roundsEver) {
            .rect(bounds.value(at: $0), cornerRadius: cornerRadius.value(at: $0))
        }
        let segments = cut.pieces.corner
        // A still outline is worked out once, and only placed at each time.
        let stillOutline = isStill ? bounds.initialValue.outline(cornerRadius: cornerRadius.initialValue, segments: segments) : nil
        // A moving outline that ever rounds keeps its arcs throughout, as the same number of
        // points: its drawn radius is 0 wherever the radius or the bounds' shorter side is (a layer
        // growing from no size), and SMIL cannot move a list of points into a longer one.
        let track = deferredOutline(frame, stillWithPlace: isStill, cut: cut) { t in
            place(t).placing(stillOutline ?? bounds.value(at: t).outline(cornerRadius: cornerRadius.value(at: t), segments: segments,
                                                                          keepsArcs: roundsEver))
        }
        if let key { boundsOutlines.append((key, track)) }
        return writePolygon(track, into: parent)
    }

    /// A polygon (in `into`) moving through the track's keyframes.
    /// The polygon is laid out now, its points and their animation written once the track is
    /// worked out (ahead of any animation of its fill made meanwhile).
    private func writePolygon(_ outline: DeferredTracks.Track<KeyframedOutline>, into parent: XMLElement) -> XMLElement {
        let decimals = options.decimals, animator = animator
        if animator.usesCSS {
            // CSS cannot animate `points`; a path's `d` it can.
            let path = parent.addChild("path").set("d", "")
            outline.whenReady { outline in
                let track = outline.points
                path.set("d", track.initialValue.path(decimals: decimals))
                animator.animate(track, "d", on: path, format: { $0.path(decimals: decimals) },
                                 css: { "path(\"\($0.path(decimals: decimals))\")" })
            }
            return path
        }
        let polygon = parent.addChild("polygon").set("points", "")
        outline.whenReady { outline in
            polygon.set("points", outline.points.initialValue.svg(decimals: decimals))
            polygon.prepending { outline.animation?.write(on: polygon) }
        }
        return polygon
    }

    /// Whether `layer` is shown at a time, remembered: its superlayer is, it is not hidden, it is
    /// not a culled back face, and no corner is behind the viewer.
    /// `area` is the signed area of its bounds on screen (`ScreenFacing.area`).
    func shownMemo(_ layer: LayerNode, parentShown: @escaping (Double) -> Bool, area: @escaping (Double) -> Double?) -> Memo<Bool> {
        Memo(memos) { t -> Bool in
            if !parentShown(t) || layer.isHidden.value(at: t) { return false }
            // Each corner in front of the camera (so each has an image), the quad facing it.
            guard let area = area(t) else { return false }
            return layer.isDoubleSided || area >= 0
        }
    }

    /// A gradient whose ends follow `ends(t)`; `stillWithPlace`: nothing but the layer's
    /// placement moves them.
    private mutating func writeProjectedGradient(_ gradient: Gradient, id: String, frame: ProjectionFrame, stillWithPlace: Bool,
                                                 ends: @escaping (Double) -> [Point]) {
        let element = defs.addChild("linearGradient").set("id", id)
        if animator.usesCSS {
            // CSS cannot move a gradient's ends: they stay at the gradient's unit points of the
            // drawn outline's box, close to the projection for the shadows this draws.
            element.set("gradientUnits", "objectBoundingBox")
            element.set("x1", SVGFormat.number(gradient.startPoint.x)).set("y1", SVGFormat.number(gradient.startPoint.y))
            element.set("x2", SVGFormat.number(gradient.endPoint.x)).set("y2", SVGFormat.number(gradient.endPoint.y))
        } else {
            element.set("gradientUnits", "userSpaceOnUse")
            let names = [("x1", 0, \Point.x), ("y1", 0, \Point.y), ("x2", 1, \Point.x), ("y2", 1, \Point.y)]
            for (name, _, _) in names { element.set(name, "") }
            // The ends and their animations are written once the track is worked out, ahead of
            // the stops.
            let decimals = options.decimals, animator = animator
            deferredPoints(frame, stillWithPlace: stillWithPlace, ends).whenReady { track in
                element.prepending {
                    for (name, index, axis) in names {
                        let part = track.map { $0.points[index][keyPath: axis] }
                        element.set(name, SVGFormat.number(part.initialValue, decimals: decimals))
                        animator.animate(part, name, on: element) { SVGFormat.number($0, decimals: decimals) }
                    }
                }
            }
        }
        for stop in gradient.stops {
            let node = element.addChild("stop")
            node.set("offset", SVGFormat.number(min(max(stop.location, 0), 1)))
            node.set("stop-color", SVGFormat.color(stop.color))
            if stop.color.alpha < 1 { node.set("stop-opacity", SVGFormat.number(stop.color.alpha)) }
        }
    }
}

/// What the projected drawing of one layer is measured against: the keyframe times to start from,
/// the map from the drawing's space to the screen, and when the layer is shown at all (errors
/// while it is hidden do not count).
struct ProjectionFrame {
    /// The layer drawn, as messages name it (`LayerNode.named`).
    let layer: String
    let base: [Double]
    /// The times sampling starts from: the base, or 0 alone when it is empty.
    var startTimes: [Double] { base.isEmpty ? [0] : base }
    let screen: (Double) -> Homography
    let shown: (Double) -> Bool
    /// The layer's placement in the drawing's space.
    var place: (Double) -> Homography = { _ in .identity }
    /// The memos behind `place` and `shown`, when they are a projected layer's.
    var model: ProjectedLayerModel? = nil
    /// Which layer's map to the screen `screen` is (nil for a still picture).
    var screenOwner: String? = nil
    /// Whether `place` is the same map at every time.
    var placeIsStill = false
    /// When `place` and `screen` may change.
    let moving: MovingSpans
    /// The instants `shown` switches.
    var switches: [Double] = []
}
