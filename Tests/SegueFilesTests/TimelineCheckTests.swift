import Foundation
import Segue
import SegueFiles
import Testing

/// Timelines damaged in transit are refused before a backend sees them.
struct TimelineCheckTests {
    static let timeline = try! Transition("check", duration: 0.5) { t in
        let card = Layer(name: "card", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        t.add(card)
        t.animate { card.opacity = 0 }
    }.timeline()

    /// The timeline with its JSON object edited.
    static func damaged(_ edit: (inout [String: Any], inout [[String: Any]]) -> Void) throws -> Timeline {
        var object = try JSONSerialization.jsonObject(with: try timeline.jsonData()) as! [String: Any]
        var layers = object["layers"] as! [[String: Any]]
        edit(&object, &layers)
        object["layers"] = layers
        return try Timeline.decode(try JSONSerialization.data(withJSONObject: object))
    }

    static func setOpacityTimes(_ layers: inout [[String: Any]], _ times: [Double]) {
        var opacity = layers[3]["opacity"] as! [String: Any]
        var keyframes = opacity["keyframes"] as! [[String: Any]]
        keyframes = times.enumerated().map { index, time in
            var frame = keyframes[min(index, keyframes.count - 1)]
            frame["time"] = time
            return frame
        }
        opacity["keyframes"] = keyframes
        layers[3]["opacity"] = opacity
    }

    @Test func aSoundTimelinePasses() {
        #expect(TimelineCheck.problem(in: Self.timeline) == nil)
        #expect(Self.timeline.layers[3].id == "card")
    }

    @Test(arguments: [
        ("no keyframes", "layer 'card': opacity has no keyframes"),
        ("late start", "layer 'card': opacity starts at 0.1 s, not 0"),
        ("going back", "layer 'card': opacity has keyframe times that are not finite and increasing"),
        ("unknown parent", "layer 'card' names parent 'nowhere', which is not a layer before it"),
        ("same id", "two layers have the id 'to'"),
        ("no layers", "the first layer must be the root, with no parent"),
        ("zero duration", "the duration is 0.0, not a positive number of seconds"),
        ("an hour", "the duration is 3600.0 s, longer than a transition may last (60 s)"),
        ("flat stage", "is not positive"),
    ])
    func damagedTimelinesAreRefused(damage: String, message: String) throws {
        let timeline = try Self.damaged { object, layers in
            switch damage {
            case "no keyframes": Self.setOpacityTimes(&layers, [])
            case "late start": Self.setOpacityTimes(&layers, [0.1, 0.5])
            case "going back": Self.setOpacityTimes(&layers, [0, 0.5, 0.2])
            case "unknown parent": layers[3]["parent"] = "nowhere"
            case "same id": layers[3]["id"] = "to"
            case "no layers": layers = []
            case "zero duration": object["duration"] = 0
            case "an hour": object["duration"] = 3600
            default: object["size"] = ["width": 0, "height": 667]
            }
        }
        let problem = TimelineCheck.problem(in: timeline)
        #expect(problem?.contains(message) == true, "\(damage): \(problem ?? "none")")
    }
}
