import Segue

/// A keyframe as a document writes it: its value's text and the instant it is written at (a
/// `keyTimes` entry, a `@keyframes` offset).
struct WrittenKeyframe<Value: Interpolatable> {
    let frame: Keyframe<Value>
    let text: String
    let instant: String
}

extension Animated {
    /// The keyframes over one cycle of `cycle` seconds as SMIL and CSS write them: the last held
    /// to the cycle's end, each value's text by `format`, the instants by `instants` (given all
    /// the frames at once: `keyTimes` weigh each against its neighbours). A keyframe written as
    /// the one before at the same written instant is a jump to where the value already is: it is
    /// left out, and the timing of the segment after it passes to the one before.
    func written(cycle: Double, format: (Value) -> String,
                 instants: ([Keyframe<Value>]) -> [String]) -> [WrittenKeyframe<Value>] {
        var frames = keyframes
        if let last = frames.last, last.time < cycle {
            frames.append(Keyframe(time: cycle, value: last.value))
        }
        var written: [WrittenKeyframe<Value>] = []
        written.reserveCapacity(frames.count)
        for (frame, instant) in zip(frames, instants(frames)) {
            let text = format(frame.value)
            if let previous = written.last, previous.instant == instant, previous.text == text { continue }
            written.append(WrittenKeyframe(frame: frame, text: text, instant: instant))
        }
        return written
    }
}
