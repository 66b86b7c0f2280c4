import Segue

/// Whether a document draws only inside its stage, so that it needs no clip to the stage.
///
/// The SVG clips its drawing to the stage because the viewport is not enough: a box of another
/// shape (`<img width height>`) shows the stage letterboxed with what lies beyond it in the
/// margins, and a page's style sheet may say `svg{overflow:visible}`. A document whose every
/// drawing layer holds still inside the stage has nothing there, and the clip (its `<clipPath>`
/// and the reference to it) would only cost bytes.
///
/// The judgement errs toward keeping the clip: a layer that moves, jumps or lies in perspective
/// keeps it, and text, whose glyphs the writer does not measure, is given the box the widest
/// likely face would draw it in (`TextExtent`). Masks are left out of the reckoning: they only
/// take drawing away.
enum StageContainment {
    /// True when every layer that draws something lies still, affinely placed, inside the stage.
    static func drawsOnlyInside(_ evaluator: Evaluator) -> Bool {
        let timeline = evaluator.timeline
        let stage = timeline.size
        for layer in timeline.layers {
            let areas = drawnAreas(of: layer)
            if areas.isEmpty { continue }
            guard evaluator.placementHolds(ofLayerAndAncestors: layer.id) else { return false }
            let screen = evaluator.screenTransform(of: layer.id, at: 0)
            guard screen.isAffine else { return false }
            for corner in areas.flatMap(\.corners) {
                guard let p = screen.apply(corner), p.x >= -slack, p.y >= -slack,
                      p.x <= stage.width + slack, p.y <= stage.height + slack else { return false }
            }
        }
        return true
    }

    /// How far past the stage's edge a corner may lie, in points: what rounding leaves, far less
    /// than a pixel.
    static let slack = 1e-6

    /// What the layer draws of its own, in its bounds space: its background and contents fill its
    /// bounds; text draws in its `TextExtent` box, which may reach past them. None for a layer
    /// hidden or transparent throughout, which the document leaves out.
    private static func drawnAreas(of layer: LayerNode) -> [Rect] {
        if layer.isLeftOut { return [] }
        let bounds = layer.bounds.initialValue
        var areas = layer.drawsBackground ? [bounds] : []
        switch layer.contents {
        case nil: break
        case .text(let text): areas.append(TextExtent.box(of: text, in: bounds))
        default: areas.append(bounds)
        }
        return areas
    }
}
