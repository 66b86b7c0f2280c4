import Foundation
import Segue
import SegueXML

/// The shared clock of every SMIL animation in a document: each animation spans the whole
/// transition (delays become held keyframes), so all of them start together and, when looping,
/// restart together after the pause.
struct SMILClock {
    /// The transition's duration in seconds.
    let duration: Double
    /// Seconds held on the last frame before the next loop; nil when the document plays once.
    let loopPause: Double?

    /// One cycle: the transition plus the pause.
    var cycle: Double { duration + (loopPause ?? 0) }

    /// The clock's attributes on an animation element. Every animation begins at 0 s, SMIL's
    /// default `begin`, so none says it.
    var attributes: [(String, String)] {
        // Milliseconds as usual; more decimals for a cycle so short that 3 would round it to 0s.
        let decimals = max(3, Int((-log10(cycle)).rounded(.up)) + 3)
        return [("dur", SVGFormat.decimal(cycle, decimals: decimals) + "s"),
                loopPause != nil ? ("repeatCount", "indefinite") : ("fill", "freeze")]
    }
}

/// Writes one property's keyframes as a SMIL `<animate>` or `<animateTransform>`, with the same
/// timing curves as `keySplines`, so the browser interpolates exactly as the evaluator does.
struct SMILAnimation<Value: Interpolatable> {
    let track: Animated<Value>
    let format: (Value) -> String
    /// How far a value written in px moves between two keyframes; nil for other values.
    let distance: ((Value, Value) -> Double)?
    /// How far what the animation moves travels, in px, from each of the track's keyframes to the
    /// next, when the caller measures it for several animations at once (the steps of one map),
    /// so they get the same `keyTimes`. Used while the keyframes are the track's own.
    let moved: [Double]?

    /// A track's animation; spring segments, and curves that leave the unit square (an
    /// anticipation or an overshoot, which `keySplines` cannot say: its values lie in 0...1),
    /// become straight keyframes within `tolerance` of the curve's progress, and, for a value
    /// written in px (`distance`), within `pixelTolerance` px.
    init(track: Animated<Value>, tolerance: Double = 0.0005, distance: ((Value, Value) -> Double)? = nil,
         pixelTolerance: Double = .infinity, moved: [Double]? = nil, format: @escaping (Value) -> String) {
        self.track = track.withSpringsSampled(tolerance: tolerance, distance: distance, pixelTolerance: pixelTolerance, keeps: \.fitsKeySplines)
        self.distance = distance
        self.moved = moved
        self.format = format
    }

    /// Adds `<animate attributeName=…>` to `element`; when every value is written the same, the
    /// attribute instead (the animation would hold it from 0 s on), or nothing when the track
    /// never changes.
    func animate(_ attribute: String, on element: XMLElement, clock: SMILClock) {
        prepared(attribute, clock: clock).write(on: element)
    }

    /// Adds `<animateTransform type=…>` to `element`; when every value is written the same, the
    /// transform it would hold instead, or nothing when the track never changes.
    func animateTransform(_ type: String, on element: XMLElement, clock: SMILClock) {
        preparedTransform(type, clock: clock).write(on: element)
    }

    /// What `animate` writes, worked out apart from any document.
    func prepared(_ attribute: String, clock: SMILClock) -> PreparedSMILAnimation {
        guard !track.isConstant else { return PreparedSMILAnimation(form: .nothing) }
        let frames = writtenFrames(clock: clock)
        guard frames.count > 1 else { return PreparedSMILAnimation(form: .held(attribute: attribute, value: frames[0].text)) }
        return PreparedSMILAnimation(form: .element(name: "animate", attributes: [("attributeName", attribute)] + attributes(frames, clock: clock)))
    }

    /// What `animateTransform` writes, worked out apart from any document.
    func preparedTransform(_ type: String, clock: SMILClock) -> PreparedSMILAnimation {
        guard !track.isConstant else { return PreparedSMILAnimation(form: .nothing) }
        let frames = writtenFrames(clock: clock)
        guard frames.count > 1 else { return PreparedSMILAnimation(form: .held(attribute: "transform", value: "\(type)(\(frames[0].text))")) }
        return PreparedSMILAnimation(form: .element(name: "animateTransform",
                                                    attributes: [("attributeName", "transform"), ("type", type)] + attributes(frames, clock: clock)))
    }

    /// The keyframes to write (`Animated.written`), with their `keyTimes`; only one when all are
    /// written the same.
    private func writtenFrames(clock: SMILClock) -> [WrittenKeyframe<Value>] {
        let written = track.written(cycle: clock.cycle, format: format) { frames in
            let moved: [Double]
            if let given = self.moved, given.count == track.keyframes.count - 1 {
                moved = given + Array(repeating: 0, count: frames.count - track.keyframes.count)  // the held last frame stays put
            } else {
                moved = zip(frames, frames.dropFirst()).map { distance?($0.value, $1.value) ?? 0 }
            }
            return Self.keyTimes(frames.map { $0.time / clock.cycle }, moved: moved)
        }
        return written.allSatisfy({ $0.text == written[0].text }) ? [written[0]] : written
    }

    /// `keyTimes` in 5 decimals, or, for a value written in px, more (up to 9) where rounding to
    /// 5 would move the drawing by more than 0.05 px: a long motion over a few thousandths of the
    /// cycle. `moved[i]`: how far the value moves from keyframe i to i + 1.
    static func keyTimes(_ fractions: [Double], moved: [Double]) -> [String] {
        fractions.indices.map { i in
            let x = fractions[i]
            // The faster of the motions into and out of the keyframe (no list of them: keyframes
            // number in the thousands).
            var speed = 0.0
            if i > 0, x > fractions[i - 1] { speed = moved[i - 1] / (x - fractions[i - 1]) }
            if i + 1 < fractions.count, fractions[i + 1] > x { speed = max(speed, moved[i] / (fractions[i + 1] - x)) }
            var decimals = 5
            while decimals < 9 {
                let unit = pow(10, Double(decimals))
                if abs((x * unit).rounded() / unit - x) * speed <= 0.05 { break }
                decimals += 1
            }
            return SVGFormat.number(x, decimals: decimals)
        }
    }

    /// The animation element's timing and values.
    private func attributes(_ frames: [WrittenKeyframe<Value>], clock: SMILClock) -> [(String, String)] {
        var attributes = [("values", SVGFormat.joined(frames.map(\.text), separator: ";")),
                          ("keyTimes", SVGFormat.joined(frames.map(\.instant), separator: ";"))]
        if Value.isDiscrete {
            attributes.append(("calcMode", "discrete"))
        } else if frames.dropFirst().allSatisfy({ $0.frame.curve.isLinear }) {
            // `linear` is the default `calcMode` of `animate` and `animateTransform`.
        } else {
            attributes.append(("calcMode", "spline"))
            let splines = frames.dropFirst().map { written in
                let c = written.frame.curve.bezier ?? .linear
                return SVGFormat.numbers([c.x1, c.y1, c.x2, c.y2], decimals: 4, separator: " ")
            }
            attributes.append(("keySplines", SVGFormat.joined(splines, separator: ";")))
        }
        return attributes + clock.attributes
    }
}

/// A SMIL animation worked out but not yet written: nothing, an attribute to hold, or an
/// animation element. Working it out reads only the track and the clock, so the many animations
/// of projected drawing are worked out beside their tracks, on several threads, and only written
/// into the document on its own thread.
struct PreparedSMILAnimation: Sendable {
    enum Form: Sendable {
        /// The track never changes: nothing to write.
        case nothing
        /// Every value is written the same: the attribute it holds.
        case held(attribute: String, value: String)
        /// An animation element (`animate`, `animateTransform`) and its attributes, in order.
        case element(name: String, attributes: [(String, String)])
    }

    let form: Form

    /// Writes the animation into `element` (a held value as its attribute).
    func write(on element: XMLElement) {
        switch form {
        case .nothing:
            break
        case .held(let attribute, let value):
            element.set(attribute, value)
        case .element(let name, let attributes):
            let animation = element.addChild(name)
            for (attribute, value) in attributes { animation.set(attribute, value) }
        }
    }
}

extension TimingCurve {
    /// Whether SMIL's `keySplines` can say the curve: its control points lie in the unit square
    /// (an anticipation or an overshoot leaves it).
    var fitsKeySplines: Bool { [x1, y1, x2, y2].allSatisfy { (0...1).contains($0) } }
}
