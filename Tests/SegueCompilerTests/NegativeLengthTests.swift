import Foundation
import Segue
@testable import SegueCompiler
import Testing

/// A spring overshooting a shrink takes a layer's height below 0, where SMIL and the model draw
/// nothing. A negative length in a CSS `@keyframes` rule is invalid and browsers skip it, drawing
/// the heights of its neighbours instead (a bar 1–3 px tall where none should be); the CSS
/// flavour writes 0 there, reached where the straight pieces cross it.
struct NegativeLengthTests {
    @Test func aLengthIsZeroWhereItGoesBelowZeroFromWhereItCrosses() {
        let track = Animated(keyframes: [Keyframe(time: 0, value: 10.0), Keyframe(time: 1, value: -10),
                                         Keyframe(time: 2, value: 30), Keyframe(time: 3, value: 30)])
        let clamped = track.clampedAtZero()
        #expect(clamped.keyframes.map(\.time) == [0, 0.5, 1, 1.25, 2, 3])
        #expect(clamped.keyframes.map(\.value) == [10, 0, 0, 0, 30, 30])
    }

    /// A bar shrinking to 6 pt on a loose UIKit spring, which swings its height to −56 pt.
    static let shrink = Transition("shrink", duration: 1, size: Size(width: 375, height: 667)) { t in
        let bar = Layer(name: "bar", frame: Rect(x: 40, y: 200, width: 295, height: 240), contents: .color(.black))
        t.add(bar)
        t.animate(duration: 1, usingSpringWithDamping: 0.35) { bar.bounds = Rect(x: 0, y: 0, width: 295, height: 6) }
    }

    @Test func theCSSFlavourWritesNoNegativeHeight() throws {
        let timeline = try Self.shrink.timeline(.push)
        let css = String(decoding: try Exporter.renderSVG(timeline, options: SVGOptions(animation: .css)).data, as: UTF8.self)
        let heights = css.matches(of: /height:(-?[0-9.]+)px/).map { Double($0.output.1)! }
        #expect(heights.count > 20)
        #expect(heights.allSatisfy { $0 >= 0 }, "\(heights)")
        #expect(heights.filter { $0 == 0 }.count > 10, "the swing below 0 is drawn as nothing")
        // SMIL says it as it is: a rect of negative height is drawn as nothing.
        let smil = String(decoding: try Exporter.renderSVG(timeline).data, as: UTF8.self)
        #expect(smil.contains(";-"))
    }
}
