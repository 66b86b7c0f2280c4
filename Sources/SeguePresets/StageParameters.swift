import Segue

/// The parameters every preset shares, and the stage they describe.
public struct StageParameters: Sendable {
    public static let common: [PresetParameter] = [
        PresetParameter("duration", .number(0.01...60), default: "preset's own", "seconds the transition takes"),
        PresetParameter("size", .size, default: "375x667", "the stage (screen) size in points"),
        PresetParameter("screens", .choice(["mock", "flat"]), default: "mock",
                        "mock app screens (navigation bar, rows, button), or flat colours for tests"),
        PresetParameter("from-color", .color, default: "#4A90D9", "the first screen's colour (its accent when mock)"),
        PresetParameter("to-color", .color, default: "#F5A623", "the second screen's colour (its accent when mock)"),
    ]

    public let duration: Double
    public let size: Size
    public var flat: Bool
    public var fromColor: Color
    public var toColor: Color

    /// The stage from the arguments, with the preset's own default duration and size.
    public init(_ arguments: PresetArguments, duration: Double, size: Size = .iPhone) {
        self.duration = arguments.number("duration", default: duration)
        self.size = arguments.size("size", default: size)
        flat = arguments.choice("screens", default: "mock") == "flat"
        fromColor = arguments.color("from-color", default: Color(rgb: 0x4A90D9))
        toColor = arguments.color("to-color", default: Color(rgb: 0xF5A623))
    }

    /// Dresses a screen layer: a flat colour, or a mock app screen in the given role.
    public func dress(_ screen: Layer, as kind: MockScreen.Kind, title: String, button: MockScreen.Button?) {
        let color = kind == .list ? fromColor : toColor
        if flat {
            screen.backgroundColor = color
        } else {
            MockScreen(kind: kind, size: size, title: title, accent: color, button: button).draw(into: screen)
        }
    }
}
