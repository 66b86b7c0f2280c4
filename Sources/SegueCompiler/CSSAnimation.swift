import Segue

/// The shared clock of a stage's CSS animations: every animation spans the whole transition (or
/// the transition plus the pause, looping), so the player can seek them all to one time.
struct CSSClock {
    let duration: Double
    let loopPause: Double?

    var cycle: Double { duration + (loopPause ?? 0) }

    /// The `animation` shorthand for a keyframes rule.
    func animation(_ name: String) -> String {
        "\(name) \(SVGFormat.number(cycle))s linear 0s \(loopPause == nil ? "1" : "infinite") both"
    }
}

/// One property's keyframes as a CSS `@keyframes` rule, each segment with its own timing function
/// (`cubic-bezier()`, or `linear()` for a spring), so the browser replays the model's curves.
struct CSSAnimation<Value: Interpolatable> {
    let name: String
    let property: String
    let track: Animated<Value>
    let format: (Value) -> String

    /// The rule, or nil when the track never changes.
    func rule(clock: CSSClock, tolerance: Double) -> String? {
        guard !track.isConstant else { return nil }
        let written = track.written(cycle: clock.cycle, format: format) { frames in
            frames.map { CSSFormat.percent($0.time / clock.cycle) }
        }
        let frames = written.map(\.frame)
        // A jump is two keyframes at one time, but CSS merges equal offsets: the value before the
        // jump moves back by the smallest step the offsets are written with.
        let step = 1e-6
        var offsets = frames.map { $0.time / clock.cycle }
        for index in offsets.indices.dropFirst() where offsets[index] <= offsets[index - 1] {
            offsets[index - 1] = max(offsets[index] - step, index >= 2 ? offsets[index - 2] : 0)
        }
        var lines: [String] = []
        for (index, frame) in frames.enumerated() {
            let offset = offsets[index]
            var declarations = "\(property):\(written[index].text)"
            if index + 1 < frames.count {
                let next = frames[index + 1]
                let easing = next.time > frame.time ? CSSFormat.easing(next.curve, tolerance: tolerance) : "linear"
                if easing != "linear" { declarations += ";animation-timing-function:\(easing)" }
            }
            lines.append("\(CSSFormat.percent(offset)){\(declarations)}")
        }
        return "@keyframes \(name){\(lines.joined())}"
    }
}
