import Foundation
import Segue

/// How far a drawn outline lies from the model's: the replay's measure of a layer's rounded
/// bounds drawn in perspective as a polygon.
enum OutlineDistance {
    /// How far the polygon `drawn` (on screen) may lie from the rounded rectangle `bounds` with
    /// `cornerRadius` seen through `screen`, at most: over each side, how far its ends lie from
    /// where the model puts a polygon of as many corners (`Rect.outline`, through `screen`), plus,
    /// on an arc's side, how far that polygon's side lies from the arc (`ArcPieces.outset` of the
    /// radius in the layer's space, times the most `screen` stretches it at the side's ends). The
    /// second part takes the pieces' layout as given; `OutlineFlatteningTests` measures it
    /// against the arcs themselves. Infinite for a polygon that is no rounded rectangle's outline
    /// (not four corners of equal pieces); nil where part of the model lies behind the viewer.
    static func fromRoundedRect(_ drawn: [Point], bounds: Rect, cornerRadius: Double, through screen: Homography) -> Double? {
        guard drawn.count >= 8, drawn.count % 4 == 0 else { return .infinity }
        let pieces = drawn.count / 4 - 1
        let model = bounds.outline(cornerRadius: cornerRadius, segments: pieces, keepsArcs: true)
        var strays: [Double] = [], stretches: [Double] = []
        for (point, corner) in zip(drawn, model) {
            guard let onScreen = screen.apply(corner), let stretch = screen.stretch(at: corner) else { return nil }
            strays.append(point.distance(to: onScreen))
            stretches.append(stretch)
        }
        let radius = bounds.drawnCornerRadius(cornerRadius)
        let chord = radius * ArcPieces(sweep: .pi / 2, pieces: pieces).outset
        var worst = 0.0
        for index in model.indices {
            let next = (index + 1) % model.count
            // Each corner's arc is `pieces` sides; the side after its last point is straight.
            let onArc = (index + 1) % (pieces + 1) != 0
            let bend = onArc ? chord * max(stretches[index], stretches[next]) : 0
            worst = max(worst, max(strays[index], strays[next]) + bend)
        }
        return worst
    }
}
