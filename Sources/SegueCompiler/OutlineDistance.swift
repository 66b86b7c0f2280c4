import Foundation
import Segue

/// How far a drawn outline lies from the model's: the replay's measure of a layer's rounded
/// bounds drawn in perspective as a polygon.
enum OutlineDistance {
    /// How far the polygon `drawn` (on screen) may lie from the rounded rectangle `bounds` with
    /// `cornerRadius` seen through `screen`, at most: how far its corners lie from where the
    /// model puts a polygon of as many corners (`Rect.outline`, through `screen`), plus how far
    /// that polygon lies from the arcs (`ArcPieces.outset` of the radius in the layer's space,
    /// times the most `screen` stretches it at those corners). The second part takes the pieces'
    /// layout as given; `OutlineFlatteningTests` measures it against the arcs themselves. Infinite
    /// for a polygon that is no rounded rectangle's outline (not four corners of equal pieces);
    /// nil where part of the model lies behind the viewer.
    static func fromRoundedRect(_ drawn: [Point], bounds: Rect, cornerRadius: Double, through screen: Homography) -> Double? {
        guard drawn.count >= 8, drawn.count % 4 == 0 else { return .infinity }
        let pieces = drawn.count / 4 - 1
        var worst = 0.0, stretch = 0.0
        for (point, model) in zip(drawn, bounds.outline(cornerRadius: cornerRadius, segments: pieces, keepsArcs: true)) {
            guard let onScreen = screen.apply(model), let stretched = screen.stretch(at: model) else { return nil }
            worst = max(worst, point.distance(to: onScreen))
            stretch = max(stretch, stretched)
        }
        let radius = max(min(cornerRadius, bounds.width / 2, bounds.height / 2), 0)
        return worst + radius * ArcPieces(sweep: .pi / 2, pieces: pieces).outset * stretch
    }
}
