import Segue

/// How a projected layer's bounds face the viewer at one instant: the signed area of their image
/// on screen and how near the camera plane their corners come. Worked out together, from one map
/// to the screen, because the layer's visibility, the facing probes and the camera-plane check ask
/// for them at the same times (`SVGBuilder.writeProjected` remembers them in one memo).
struct ScreenFacing {
    /// The least and the greatest projective weight `w` of the corners: the nearest corner to the
    /// viewer has the least.
    typealias Weights = (near: Double, far: Double)

    /// The signed area of the bounds' image (negative where their back faces the viewer), or nil
    /// where a corner is not in front of the camera and so has no image.
    let area: Double?
    let weights: Weights

    /// `rect` mapped through `h`.
    init(_ rect: Rect, through h: Homography) {
        let corners = (Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY))
        let w = (h.w(corners.0), h.w(corners.1), h.w(corners.2), h.w(corners.3))
        weights = (min(w.0, w.1, w.2, w.3), max(w.0, w.1, w.2, w.3))
        guard weights.near > 1e-9, let q0 = h.apply(corners.0), let q1 = h.apply(corners.1), let q2 = h.apply(corners.2),
              let q3 = h.apply(corners.3) else {
            area = nil
            return
        }
        area = Evaluator.signedArea(q0, q1, q2, q3)
    }
}
