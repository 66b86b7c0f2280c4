import Foundation
import Segue
@testable import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// What an animation says, it says once: no keyframe that repeats the one before at the same
/// instant, no animation of a value that is written the same throughout, and numbers without the
/// zero before the point (but for SMIL's clock values, whose grammar wants it). That what plays stays the same is checked by the replay (`ReplayTests`,
/// the property cases) and the browser suite.
struct WrittenKeyframeTests {
    @Test func numbersLeaveOutTheZeroBeforeThePoint() {
        #expect(SVGFormat.number(0.5) == ".5")
        #expect(SVGFormat.number(-0.25) == "-.25")
        #expect(SVGFormat.number(0.00049) == "0")
        #expect(SVGFormat.number(-0.0004) == "0")
        #expect(SVGFormat.number(12.5) == "12.5")
        #expect(SVGFormat.number(1) == "1")
        #expect(SVGFormat.number(0.123456, decimals: 5) == ".12346")
        // Prose and clock values keep it: "0.5 s", dur="0.5s".
        #expect(SVGFormat.decimal(0.5) == "0.5")
        #expect(SVGFormat.decimal(-0.25) == "-0.25")
        #expect(SVGFormat.decimal(0.001) == "0.001")
    }

    @Test func numbersKeepTheirZerosInsideAndDropThemAtTheEnd() {
        #expect(SVGFormat.number(0.05) == ".05")
        #expect(SVGFormat.number(1.0501) == "1.05")
        #expect(SVGFormat.number(-3.5) == "-3.5")
        #expect(SVGFormat.number(100) == "100")
        #expect(SVGFormat.number(0.9999) == "1")
        #expect(SVGFormat.number(-1.9996) == "-2")
        #expect(SVGFormat.number(123_456_789.1234) == "123456789.123")
        #expect(SVGFormat.number(0.000000123, decimals: 9) == ".000000123")
        #expect(SVGFormat.number(7.4, decimals: 0) == "7")
        // Past 15 digits before the point, numbers are spelled the slow way, to the same rules.
        #expect(SVGFormat.number(2e15) == "2000000000000000")
        #expect(SVGFormat.number(-3e15) == "-3000000000000000")
        // Past 2^53 units of the last decimal, the digits are the double's own: none made up of
        // rounding between its thousandths and its units.
        #expect(SVGFormat.number(1e20) == "100000000000000000000")
        #expect(SVGFormat.number(12_345_678_901_234.567) == "12345678901234.566")
        #expect(SVGFormat.number(-1.2345e40) == "-12344999999999999218686305631743221170176")
        // More decimals than an `Int` holds.
        #expect(SVGFormat.number(0.123456789, decimals: 20) == ".12345678899999999734")
        #expect(SVGFormat.decimal(-0.5, decimals: 25) == "-0.5")
        #expect(SVGFormat.number(1e-30, decimals: 20) == "0")
    }

    @Test func listsSpellEachNumberAsItIsSpelledAlone() {
        // Lists (SMIL values, point lists) are spelled into one string: each number as `number`
        // spells it, the long ones of the slow way included.
        let values = [0.05, -3.5, 0.9999, 123_456_789.1234, 2e15, 1e20, -1.2345e40, 0, -0.0001]
        for decimals in [0, 3, 6, 20] {
            let alone = values.map { SVGFormat.number($0, decimals: decimals) }
            #expect(SVGFormat.numbers(values, decimals: decimals, separator: ",") == alone.joined(separator: ","))
        }
        let outline = PointList(points: [Point(x: 1.25, y: -0.5), Point(x: 1e20, y: 0.0004), Point(x: 375, y: 667)])
        #expect(outline.svg(decimals: 3) == "1.25,-.5 100000000000000000000,0 375,667")
        #expect(SVGFormat.numbers([], decimals: 3, separator: " ") == "")
    }

    /// An animation element's keyframes as (time, value) pairs.
    static func keyframes(_ animation: XMLElement) -> [(time: String, value: String)] {
        let values = (animation.attribute("values") ?? "").components(separatedBy: ";")
        let times = (animation.attribute("keyTimes") ?? "").components(separatedBy: ";")
        return Array(zip(times, values))
    }

    /// The document the elements below are made in (it owns them).
    let document = XMLDocument(root: "svg", namespace: "http://www.w3.org/2000/svg")

    func element(_ name: String) -> XMLElement {
        document.root.addChild(name)
    }

    @Test func aValueWrittenTheSameThroughoutIsTheAttribute() {
        // Moves by less than the last decimal written: 512 all along.
        let track = Animated(keyframes: [Keyframe(time: 0, value: 512.0001), Keyframe(time: 0.5, value: 512.0002),
                                         Keyframe(time: 1, value: 511.9999)])
        let rect = element("rect")
        SMILAnimation(track: track) { SVGFormat.number($0) }.animate("y2", on: rect, clock: SMILClock(duration: 1, loopPause: nil))
        #expect(rect.attribute("y2") == "512")
        #expect(rect.children.isEmpty)

        let group = element("g")
        SMILAnimation(track: track) { SVGFormat.number($0) }
            .animateTransform("rotate", on: group, clock: SMILClock(duration: 1, loopPause: nil))
        #expect(group.attribute("transform") == "rotate(512)")
        #expect(group.children.isEmpty)
    }

    @Test func aJumpToWhereTheValueIsGoesAndItsTimingMovesOn() throws {
        let curve = Easing.bezier(TimingCurve(controlPoints: 0.42, 0, 0.58, 1))
        // A jump at 0.5 s to the value already there (written the same), then an eased move.
        let track = Animated(keyframes: [Keyframe(time: 0, value: 0.0), Keyframe(time: 0.5, value: 10.0),
                                         Keyframe(time: 0.5, value: 10.0001), Keyframe(time: 1, value: 20.0, curve: curve)])
        let rect = element("rect")
        SMILAnimation(track: track) { SVGFormat.number($0) }.animate("x", on: rect, clock: SMILClock(duration: 1, loopPause: nil))
        let animation = try #require(rect.children.first)
        #expect(animation.attribute("values") == "0;10;20")
        #expect(animation.attribute("keyTimes") == "0;.5;1")
        #expect(animation.attribute("keySplines") == "0 0 1 1;.42 0 .58 1")
    }

    @Test(arguments: Presets.all.map(\.name))
    func presetsWriteNoRepeatedKeyframes(name: String) throws {
        for direction in [Direction.push, .pop] {
            let timeline = try Presets.named(name).transition().timeline(direction)
            let document = try #require(XMLDocument(parsing: try Exporter.render(timeline, as: .svg)))
            for animation in document.root.elementsInDocumentOrder where animation.name.hasPrefix("animate") {
                let frames = Self.keyframes(animation)
                #expect(Set(frames.map(\.value)).count > 1, "\(name) \(direction): \(animation.attribute("values") ?? "")")
                for (before, after) in zip(frames, frames.dropFirst()) {
                    #expect(before.time != after.time || before.value != after.value,
                            "\(name) \(direction): \(before) repeated in \(animation.attribute("values") ?? "")")
                }
                for number in ["values", "keyTimes", "keySplines"].compactMap({ animation.attribute($0) }) {
                    #expect(number.range(of: #"(^|[;, (])-?0\.\d"#, options: .regularExpression) == nil, "\(name): \(number)")
                }
                // A SMIL clock value needs a digit before the point ("0.5s", never ".5s").
                let duration = animation.attribute("dur") ?? ""
                #expect(duration.range(of: #"^[0-9]+(\.[0-9]+)?s$"#, options: .regularExpression) != nil, "\(name): dur=\(duration)")
            }
        }
    }

    @Test(arguments: Presets.all.map(\.name))
    func styleSheetsWriteNoRepeatedKeyframes(name: String) throws {
        let timeline = try Presets.named(name).transition().timeline(.push)
        let html = String(decoding: try Exporter.render(timeline, as: .html), as: UTF8.self)
        // `@keyframes name{0%{property:value;…}…}`: a jump is two offsets 0.0001% apart.
        let rules = html.components(separatedBy: "@keyframes ").dropFirst()
        #expect(!rules.isEmpty)
        for rule in rules {
            let body = rule.drop { $0 != "{" }.dropFirst()
            let frames = body.components(separatedBy: "}").compactMap { frame -> (Double, String)? in
                let parts = frame.components(separatedBy: "%{")
                guard parts.count == 2, let offset = Double(parts[0]) else { return nil }
                return (offset, String(parts[1].prefix { $0 != ";" }))
            }
            for (before, after) in zip(frames, frames.dropFirst()) {
                #expect(after.0 - before.0 > 0.0001 + 1e-9 || before.1 != after.1, "\(name): \(rule.prefix(300))")
            }
        }
    }
}
