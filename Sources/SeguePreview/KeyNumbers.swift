import Foundation
import Segue

/// The numbers a designer watches while scrubbing, sampled from the model at every frame: the
/// progress, and for each layer whose transform, opacity or mask animates, its rotation angle (in
/// degrees, about its main axis, as `CATransform3DMakeRotation` takes it), its opacity, or its
/// mask's width. The page looks up the frame nearest the player's time.
public struct KeyNumbers: Codable, Sendable, Equatable {
    /// Samples per second.
    public var fps: Double
    /// The transition's duration in seconds.
    public var duration: Double
    /// What each column holds: `progress` first, then `LAYER angle (AXIS)`, `LAYER opacity`, `LAYER mask width`.
    public var columns: [String]
    /// One row per frame, at `index / fps` seconds, values in the order of `columns`.
    public var frames: [[Double]]

    /// At most this many numbers besides progress, so the readout stays one line.
    public static let maximumColumns = 6

    /// Samples `timeline` at `fps` frames per second (at least the two ends).
    public init(_ timeline: Timeline, fps: Double = 60) {
        self.fps = fps
        self.duration = timeline.duration
        // Angles first (what a page turn or a door is about), then masks, then opacities; a
        // column that repeats an earlier one (five covers fading alike) is left out.
        var angles: [(String, (Double) -> Double)] = []
        var masks: [(String, (Double) -> Double)] = []
        var opacities: [(String, (Double) -> Double)] = []
        for layer in timeline.layers {
            if !layer.transform.isConstant, let axis = Self.axis(of: layer.transform) {
                angles.append(("\(layer.id) angle (\(axis.name))", { t in Self.angle(layer.transform.value(at: t), axis: axis.index) }))
            }
            if let mask = layer.mask, !mask.isConstant, case .ellipse = mask.initialValue {
                masks.append(("\(layer.id) mask width", { t in
                    if case .ellipse(let rect) = mask.value(at: t) { return Self.rounded(rect.width) }
                    return 0
                }))
            }
            if !layer.opacity.isConstant {
                opacities.append(("\(layer.id) opacity", { t in Self.rounded(layer.opacity.value(at: t)) }))
            }
        }
        let count = max(2, Int((timeline.duration * fps).rounded(.up)) + 1)
        let times = (0..<count).map { min(Double($0) / fps, timeline.duration) }
        var samplers: [(String, [Double])] = []
        for (name, sample) in angles + masks + opacities where samplers.count < Self.maximumColumns {
            let values = times.map(sample)
            if !samplers.contains(where: { $0.1 == values }) { samplers.append((name, values)) }
        }
        columns = ["progress"] + samplers.map(\.0)
        let duration = timeline.duration
        frames = times.indices.map { index in
            [duration > 0 ? Self.rounded(times[index] / duration) : 1] + samplers.map { $0.1[index] }
        }
    }

    /// The frame nearest `seconds`.
    public func frame(at seconds: Double) -> [Double] {
        frames[min(max(Int((seconds * fps).rounded()), 0), frames.count - 1)]
    }

    /// The axis (x, y or z) a transform's rotation turns about most, over all its keyframes; nil
    /// when it never rotates.
    static func axis(of transform: Animated<Transform3D>) -> (name: String, index: Int)? {
        var weights = [0.0, 0.0, 0.0]
        for keyframe in transform.keyframes {
            guard let q = keyframe.value.decomposed()?.quaternion else { continue }
            for index in 0..<3 { weights[index] = max(weights[index], abs(q[index])) }
        }
        guard let best = weights.indices.max(by: { weights[$0] < weights[$1] }), weights[best] > 1e-6 else { return nil }
        return (["x", "y", "z"][best], best)
    }

    /// The rotation angle in degrees about axis `index`, signed by that axis.
    static func angle(_ transform: Transform3D, axis index: Int) -> Double {
        guard let q = transform.decomposed()?.quaternion else { return 0 }
        let length = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).squareRoot()
        guard length > 1e-12 else { return 0 }
        let angle = 2 * atan2(length, q[3]) * 180 / .pi
        let signed = q[index] < 0 ? -angle : angle
        return rounded(signed > 180 ? signed - 360 : signed < -180 ? signed + 360 : signed)
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}
