import Foundation
import Segue

/// How far a strip of a layer seen in perspective (text, an image, a snapshot) is drawn from where
/// the model puts it: the strip's map (fitted to the projection, or as written and interpolated by
/// SMIL) against the projection itself, on screen, at the corners, edge middles and centre of what
/// the strip shows. A strip strays twice: its affine map is not the projection (the cut keeps that
/// small), and SMIL interpolates the map between keyframes (the sampler keeps that small); the
/// keyframes get what the fit leaves of the tolerance, and the written strip is measured.
struct StripStraying {
    /// The layer's placement in the drawing's space, and the drawing's map to the screen.
    let place: (Double) -> Homography
    let screen: (Double) -> Homography

    /// The farthest `map(t)` takes a point of `rect` from the projection's image of it, over
    /// `times` (on screen; points behind the camera are not measured).
    func worst(of map: (Double) -> Affine2D, over rect: Rect, at times: [Double]) -> Double {
        let probes = rect.strayProbes
        // Squared while looked for: one square root at the end.
        var worst = 0.0
        for t in times {
            let h = place(t), s = screen(t), m = map(t)
            for p in probes {
                guard let truth = h.apply(p).flatMap(s.apply), let drawn = s.apply(m.apply(p)) else { continue }
                worst = max(worst, drawn.squaredDistance(to: truth))
            }
        }
        return worst.squareRoot()
    }

    /// The decimals a strip's steps are written with: coordinates as the export's (`decimals`),
    /// scales with five, angles (degrees) with three.
    static let scaleDecimals = 5
    static let angleDecimals = 3

    /// `parts` as a strip writes them: its `lengths` with `decimals` (the export's), its `scales`
    /// and `angles` with the decimals above.
    static func written<Parts>(_ parts: Parts, decimals: Int, lengths: [WritableKeyPath<Parts, Double>],
                               scales: [WritableKeyPath<Parts, Double>], angles: [WritableKeyPath<Parts, Double>]) -> Parts {
        func rounded(_ value: Double, _ decimals: Int) -> Double {
            let unit = pow(10, Double(decimals))
            return (value * unit).rounded() / unit
        }
        var result = parts
        for (paths, digits) in [(lengths, decimals), (scales, scaleDecimals), (angles, angleDecimals)] {
            for path in paths { result[keyPath: path] = rounded(result[keyPath: path], digits) }
        }
        return result
    }
}

extension ShearParts {
    /// The parts as a strip writes them (`decimals` for the translation).
    func written(decimals: Int) -> ShearParts {
        StripStraying.written(self, decimals: decimals, lengths: [\.translationX, \.translationY],
                              scales: [\.scaleX, \.scaleY], angles: [\.skewY])
    }
}

extension AffineParts {
    /// The parts as a strip writes them (`decimals` for the translation).
    func written(decimals: Int) -> AffineParts {
        StripStraying.written(self, decimals: decimals, lengths: [\.translationX, \.translationY],
                              scales: [\.scaleX, \.scaleY], angles: [\.rotation, \.skewX])
    }
}

extension Rect {
    /// Where a strip's straying is measured: the corners, the middles of the edges, the centre.
    var strayProbes: [Point] {
        corners + [Point(x: midX, y: minY), Point(x: maxX, y: midY), Point(x: midX, y: maxY), Point(x: minX, y: midY), center]
    }
}

/// The worst straying of the strips an export has written (`StripStraying`), recorded as each
/// strip's map is written, on the export's thread.
final class StrayingRecord {
    private(set) var worst = 0.0

    func record(_ straying: Double) {
        worst = max(worst, straying)
    }
}
