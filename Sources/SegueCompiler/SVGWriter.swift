import Segue
import SegueXML

/// Writes a timeline as an SVG 1.1 document animated with SMIL, which plays inside `<img>` and on
/// GitHub with no script. A walker over the timeline: each layer becomes a `<g>` whose transform
/// chain, opacity, visibility and mask geometry SMIL animates with the model's own keyframes and
/// curves (`keySplines`), so the drawing is the model's, not an approximation of it.
///
/// Layers whose drawing needs perspective or 3D interpolation are refused with a clear error.
public struct SVGWriter {
    public let timeline: Timeline
    public let options: SVGOptions

    /// What the last write measured (projected geometry's straying, counts); `bytes` is set by
    /// the exporter.
    public private(set) var stats = SVGStats()
    /// Which layer each measured element of the last document draws, for `SMILReplay`: mapped
    /// only by a write that `measuresContent` (empty otherwise).
    public private(set) var layers = SVGLayerMap()

    /// Whether projected tracks are keyframed on several threads (the bytes are the same either way).
    var usesThreads = true
    /// Whether the write measures how far the strips of text and images in perspective it writes
    /// are drawn from the model (`stats.worstContentDeviation`, 0 otherwise) and maps its
    /// elements to their layers (`layers`): a plain export needs neither, and measuring costs
    /// page-turn about a tenth of its CPU time.
    public var measuresContent = false

    public init(_ timeline: Timeline, options: SVGOptions = SVGOptions()) {
        self.timeline = timeline
        self.options = options
    }

    public static let svgNamespace = "http://www.w3.org/2000/svg"
    public static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// Builds the document through libxml2, then compacts it (`SVGCompactor`). Without
    /// indentation, the top-level parts (title, description, definitions, style, drawing) still
    /// start on lines of their own.
    public mutating func document() throws(ExportError) -> XMLDocument {
        var builder = SVGBuilder(timeline: timeline, options: options, usesThreads: usesThreads, measuresContent: measuresContent)
        let document = try builder.build()
        let measured = measuresContent ? SVGLayerMap.tag(builder.measuredElements()) : nil
        SVGCompactor.compact(document, idPrefix: builder.ids.prefix)
        layers = measured.map { SVGLayerMap(document: document.root, taggedLayers: $0) } ?? SVGLayerMap()
        if !options.indent { document.root.breakLinesBetweenChildren() }
        stats = builder.stats
        return document
    }

    /// The serialised document bytes.
    public mutating func data() throws(ExportError) -> Data {
        try document().serialized(indent: options.indent)
    }
}

/// The state of one SVG write: the document, its `<defs>`, and the ids handed out.
struct SVGBuilder {
    let timeline: Timeline
    private(set) var options: SVGOptions
    let evaluator: Evaluator
    /// The model at its keyframe times, worked out once when first asked for.
    let keyframeStates: KeyframeStates
    let animator: SVGAnimator
    /// The memos of this write, and its work on several threads.
    let memos: MemoScope
    let ids: IDAllocator
    private(set) var document: XMLDocument
    private(set) var defs: XMLElement
    /// Each layer's group, by element: the layer it draws, or nil for a still copy (a snapshot's
    /// picture), which the replay does not measure.
    private var layerGroups: [XMLElement: String?] = [:]
    private var snapshotIDs: [ScreenID: String] = [:]
    /// The screen whose 2D snapshot picture is being written (`snapshotID`), if one is: its
    /// projections get what the snapshot layers showing it leave of the tolerance.
    private var picturing: ScreenID? = nil
    /// How far the strips written so far are drawn from the model, at worst (measured only when
    /// `measuresContent`).
    let straying = StrayingRecord()
    let measuresContent: Bool
    /// What the write measured.
    var stats: SVGStats {
        var stats = SVGStats()
        stats.worstContentDeviation = straying.worst
        return stats
    }
    /// Layers' maps to the screen by time, remembered per layer: every projected subtree under
    /// one layer asks for its placement at the same grid times.
    private var screenPlacements: [String: (Double) -> Homography] = [:]
    /// The places kept for projected sublayers laid out out of their paint order
    /// (`writeProjectedSublayers`), each given up for what was drawn in it once the tracks are
    /// written in.
    private var sublayerPlaces: [XMLElement] = []
    /// Projected bounds outlines keyframed so far: a layer's clip and its fill, and a sublayer
    /// lying exactly on it, follow the same outline, worked out once.
    var boundsOutlines: [(key: BoundsOutlineKey, track: DeferredTracks.Track<KeyframedOutline>)] = []
    /// Outlines and gradient ends keyframed once the drawing is laid out, on every core.
    let deferred: DeferredTracks

    /// The map from layer `id`'s bounds space to the screen at a time, remembered; worked out once
    /// where the layer and its superlayers hold their placement throughout (the container of a
    /// projected subtree, mostly), as every sample of every track there asks for it.
    mutating func screenPlacement(of id: String) -> (Double) -> Homography {
        if let placement = screenPlacements[id] { return placement }
        let placement: (Double) -> Homography
        if evaluator.placementHolds(ofLayerAndAncestors: id) {
            let held = evaluator.screenTransform(of: id, at: 0)
            placement = { _ in held }
        } else {
            placement = Memo(memos) { [evaluator] t in evaluator.screenTransform(of: id, at: t) }.callAsFunction
        }
        screenPlacements[id] = placement
        return placement
    }

    init(timeline: Timeline, options: SVGOptions, usesThreads: Bool = true, measuresContent: Bool = false) {
        self.timeline = timeline
        self.options = options
        self.measuresContent = measuresContent
        let clock = SMILClock(duration: timeline.duration, loopPause: options.loopPause)
        memos = MemoScope(usesThreads: usesThreads,
                          grid: TimeGrid(step: ProjectionSampler.step(cycle: clock.cycle), duration: timeline.duration))
        evaluator = Evaluator(timeline)
        keyframeStates = KeyframeStates(evaluator)
        ids = IDAllocator(transitionName: timeline.name)
        animator = SVGAnimator(mode: options.animation, clock: clock,
                               idPrefix: ids.prefix, sampledTolerance: options.leavingRoomForRounding(options.tolerance))
        document = XMLDocument(root: "svg", namespace: SVGWriter.svgNamespace)
        defs = document.root
        deferred = DeferredTracks(immediate: animator.usesCSS, memos: memos)
    }

    /// The `xlink` namespace, declared on the root when first used (images, `<use>`).
    func xlink() -> XMLNamespace {
        document.namespace(prefix: "xlink", uri: SVGWriter.xlinkNamespace)
    }

    /// A new group for `layer` in `container`, remembered as the layer's (unless `frozen`).
    mutating func addLayerGroup(for layer: LayerNode, frozen: Bool, in container: XMLElement) -> XMLElement {
        let group = container.addChild("g")
        layerGroups[group] = frozen ? String?.none : layer.id
        return group
    }

    /// The layer of every element `SVGLayerMap` records, found through the layer groups around it.
    func measuredElements() -> [XMLElement: String] {
        var result: [XMLElement: String] = [:]
        func visit(_ element: XMLElement, _ layer: String?) {
            let current = layerGroups[element] ?? layer
            if let current, SVGLayerMap.isMeasured(element) { result[element] = current }
            for child in element.children { visit(child, current) }
        }
        visit(document.root, nil)
        return result
    }

    mutating func build() throws(ExportError) -> XMLDocument {
        // Tracks are keyframed on the other cores as the drawing is laid out; should the layout
        // fail, they stop with it.
        defer { deferred.stop() }
        document.setDoctype(name: "svg", publicID: DTDValidator.svg11PublicID, systemID: DTDValidator.svg11SystemID,
                            extraAttributes: [("svg", "role"), ("svg", "aria-label")])
        let root = document.root
        let size = timeline.size
        root.set("width", SVGFormat.number(size.width))
        root.set("height", SVGFormat.number(size.height))
        root.set("viewBox", "0 0 \(SVGFormat.number(size.width)) \(SVGFormat.number(size.height))")
        root.set("role", "img")
        root.set("aria-label", Self.label(timeline))
        root.addChild("title").addText(Self.label(timeline))
        let desc = root.addChild("desc").addText(timeline.summary.isEmpty ? Self.label(timeline) : timeline.summary)
        defs = root.addChild("defs")
        // Clip everything to the stage, as the container view does, unless nothing is drawn
        // beyond it. The viewport is not enough: a box of another shape (`<img width height>`)
        // shows the stage letterboxed, with what lies beside it in the margins, and a page's
        // style sheet may say `svg{overflow:visible}`.
        let stage = root.addChild("g")
        if !StageContainment.drawsOnlyInside(evaluator) {
            let stageClip = ids.make("stage")
            let clip = defs.addChild("clipPath").set("id", stageClip)
            clip.addChild("rect").set("width", SVGFormat.number(size.width)).set("height", SVGFormat.number(size.height))
            stage.set("clip-path", "url(#\(stageClip))")
        }
        let hasText = timeline.layers.contains { if case .text = $0.contents { true } else { false } }
        if hasText { stage.set("font-family", SVGFormat.fontFamily) }
        if let rootLayer = timeline.layers.first {
            try writeLayer(rootLayer, parent: nil, into: stage, frozen: false)
        }
        // The deferred tracks are projected drawing, measured on screen.
        try animator.drawingProjected { () throws(ExportError) in try deferred.resolve() }
        for place in sublayerPlaces { place.unwrap() }
        animator.finish(in: root, after: desc)
        if defs.childElementCount == 0 { defs.remove() }
        return document
    }

    /// "circle-reveal (push)", or the summary's first words when there is one.
    static func label(_ timeline: Timeline) -> String {
        "\(timeline.name) transition (\(timeline.direction.rawValue), \(SVGFormat.decimal(timeline.duration)) s)"
    }

    /// Writes a layer and its sublayers. `frozen` writes the layer as it is at time 0, with no
    /// animation (a snapshot's picture).
    mutating func writeLayer(_ source: LayerNode, parent parentNode: LayerNode?, into parent: XMLElement, frozen: Bool) throws(ExportError) {
        let layer = frozen ? source.frozen(at: 0) : source
        if layer.isLeftOut { return }
        let steps: [TransformStep]
        do {
            steps = try TransformSteps(layer: layer).steps
        } catch {
            // SVG's 2D transforms cannot place this layer exactly: draw its projection instead.
            guard let parentNode else { throw error }
            deferred.prepareHelpers()
            try projecting(in: parentNode.id) { builder throws(ExportError) in
                try builder.writeProjected(source, lineage: Lineage(base: frozen ? parentNode.frozen(at: 0) : parentNode), into: parent,
                                           frozen: frozen)
            }
            return
        }
        let stretches = keyframeStates
        let restoreScale = animator.settingPixelScale({ stretches.pixelScale(of: layer.id, parent: parentNode?.id) },
                                                      share: { stretches.sampledShare(of: layer.id) })
        defer { restoreScale() }
        let group = addLayerGroup(for: layer, frozen: frozen, in: parent)
        writeOpacity(layer, on: group)
        if !layer.isHidden.isConstant {
            if !animator.usesCSS { group.set("display", layer.isHidden.initialValue ? "none" : "inline") }
            animator.hide(layer.isHidden, on: group)
        }
        var body = group
        let builder = self
        let (written, drawnBounds) = sampledTogether(steps, of: layer, parent: parentNode)
        for (index, step) in written.enumerated() {
            if index > 0 || step.isAnimated { body = body.addChild("g") }
            step.write(on: body, animator: animator) { builder.reach(of: layer) }
        }
        if let mask = layer.mask {
            let id = ids.make(layer.id + "-mask")
            let clipPath = defs.addChild("clipPath").set("id", id)
            writeMaskShape(mask, into: clipPath)
            body.set("clip-path", "url(#\(id))")
        }
        try writeBody(layer, into: body, frozen: frozen, drawnBounds: drawnBounds)
    }

    /// A layer's steps, and the bounds its own drawing is framed by, with the motion SVG cannot
    /// say sampled at the same instants, within the part of the tolerance the layer's motion may
    /// stray by, where more than one of them has such motion (`SampledTogether`); otherwise as
    /// they are.
    private func sampledTogether(_ steps: [TransformStep], of layer: LayerNode,
                                 parent: LayerNode?) -> (steps: [TransformStep], bounds: Animated<Rect>) {
        guard steps.filter(\.hasSampledSegment).count + (layer.bounds.hasSampledSegment ? 1 : 0) > 1 else { return (steps, layer.bounds) }
        return SampledTogether(probes: drawnBox(of: layer), scale: keyframeStates.sublayerScale(of: parent?.id),
                               tolerance: animator.pixelTolerance).sampled(steps, bounds: layer.bounds)
    }

    /// Background, contents and sublayers, in the layer's bounds space. `drawnBounds`: the bounds
    /// the layer's own drawing and clip are framed by, where they are sampled with its steps
    /// (`SampledTogether`).
    mutating func writeBody(_ layer: LayerNode, into body: XMLElement, frozen: Bool,
                            drawnBounds: Animated<Rect>? = nil) throws(ExportError) {
        var target = body
        let frame = drawnBounds ?? layer.bounds
        if layer.masksToBounds {
            let id = ids.make(layer.id + "-bounds")
            let clip = defs.addChild("clipPath").set("id", id)
            writeRect(frame, cornerRadius: layer.cornerRadius, into: clip)
            target = body.addChild("g").set("clip-path", "url(#\(id))")
        }
        try writeBackgroundAndContents(layer, into: target, frame: frame)
        let children = evaluator.paintOrder(of: layer.id, at: 0)
        try checkPaintOrder(of: layer)
        guard !children.isEmpty else { return }
        var container = target
        if Self.projectsSublayers(of: layer, children: children.map { timeline.layers[$0] }) {
            // The sublayer transform gives depth: draw every sublayer's projection.
            deferred.prepareHelpers()
            try projecting(in: layer.id) { builder throws(ExportError) in
                try builder.writeProjectedSublayers(children, of: layer, into: target, frozen: frozen)
            }
            return
        }
        if !(layer.sublayerTransform.isConstant && layer.sublayerTransform.initialValue.isIdentity) {
            let placed = Evaluator.sublayerTransform(layer, at: 0).planeProjection
            container = target.addChild("g").set("transform", SVGFormat.transform(placed))
        }
        for index in children {
            try writeLayer(timeline.layers[index], parent: layer, into: container, frozen: frozen)
        }
    }

    /// Runs `body` with the part of the tolerance a projected subtree drawn in the space of `base`
    /// may stray by (`KeyframeStates.projectedShare`), or inside a 2D snapshot's picture, by the
    /// snapshot layers showing it (`KeyframeStates.pictureShare`).
    private mutating func projecting(in base: String, _ body: (inout SVGBuilder) throws(ExportError) -> Void) throws(ExportError) {
        let outer = options.share
        options.share = picturing.map(keyframeStates.pictureShare) ?? keyframeStates.projectedShare(base: base)
        defer { options.share = outer }
        try body(&self)
    }

    /// Draws the projections of `layer`'s sublayers (`children`, in paint order) into `target`.
    /// Those whose placement moves are laid out first, each into a place kept for it among the
    /// others: their tracks, the bulk of the work, are then keyframed on the other cores while
    /// the still ones are laid out, where laid out last they kept those cores waiting (page-turn
    /// lays out its two still screens before the halves that turn). The drawing is the same.
    private mutating func writeProjectedSublayers(_ children: [Int], of layer: LayerNode, into target: XMLElement,
                                                  frozen: Bool) throws(ExportError) {
        let moves = children.map { !frozen && !evaluator.placementHolds(ofLayerAndAncestors: timeline.layers[$0].id) }
        guard moves.contains(true) && moves.contains(false) else {
            for index in children {
                try writeProjected(timeline.layers[index], lineage: Lineage(base: layer), into: target, frozen: frozen)
            }
            return
        }
        let places = children.map { _ in target.addChild("g") }
        sublayerPlaces += places
        for position in children.indices.filter({ moves[$0] }) + children.indices.filter({ !moves[$0] }) {
            try writeProjected(timeline.layers[children[position]], lineage: Lineage(base: layer), into: places[position], frozen: frozen)
        }
    }

    private func checkPaintOrder(of layer: LayerNode) throws(ExportError) {
        try evaluator.requireFixedPaintOrder(under: layer.id, format: "SVG")
    }

    /// The snapshot picture of a screen, written once into `<defs>` and shared by every snapshot layer.
    mutating func snapshotID(of screen: ScreenID) throws(ExportError) -> String {
        if let id = snapshotIDs[screen] { return id }
        let node = try timeline.picturedScreen(Snapshot(screen: screen))
        let id = ids.make("\(screen.rawValue)-picture")
        snapshotIDs[screen] = id
        let group = defs.addChild("g").set("id", id)
        let outer = picturing
        picturing = screen
        defer { picturing = outer }
        try writeBody(node, into: group, frozen: true)
        return id
    }
}
