import Segue

/// The parameters every preset shares, and the stage they describe.
public struct StageParameters: Sendable {
    /// What a preset draws: two app screens (dressed by `dress`), or a book, which has its own
    /// colours.
    public enum Drawing: Sendable { case appScreens, book }

    /// The parameters every preset shares: `duration` and `size` default to the preset's own
    /// (`duration` as the preset describes its default, e.g. "0.8 a snap (2.4)"), and the screen
    /// colours are offered where the preset draws app screens.
    public static func common(duration: String = "0.5", size: Size = .iPhone, drawing: Drawing = .appScreens) -> [PresetParameter] {
        let screens = switch drawing {
        case .appScreens: "mock app screens (navigation bar, poster cards or a film page, button), or flat colours for tests"
        case .book: "paper pages, covers and shadows, or flat colours that tell the pages apart in tests"
        }
        var parameters = [
            PresetParameter("duration", .number(0.01...Transition.longestDuration), default: duration, "seconds the transition takes"),
            PresetParameter("size", .size, default: "\(Int(size.width))x\(Int(size.height))", "the stage (screen) size in points"),
            PresetParameter("screens", .choice(["mock", "flat"]), default: "mock", screens),
        ]
        if drawing == .appScreens {
            parameters += [
                PresetParameter("from-color", .color, default: "#4A90D9", "the first screen's colour when flat (the mock list keeps its own)"),
                PresetParameter("to-color", .color, default: "#F5A623", "the second screen's colour (its accent when mock)"),
            ]
        }
        return parameters
    }

    public let duration: Double
    public let size: Size
    public var flat: Bool
    public var fromColor: Color
    public var toColor: Color

    /// The stage from the arguments, with the preset's own default duration and size. A first
    /// screen's colour given for a mock list, which has colours of its own, is refused: it would
    /// change nothing.
    public init(_ arguments: PresetArguments, duration: Double, size: Size = .iPhone) throws(PresetError) {
        self.duration = arguments.number("duration", default: duration)
        self.size = arguments.size("size", default: size)
        flat = arguments.choice("screens", default: "mock") == "flat"
        if !flat && arguments.has("from-color") {
            throw PresetError("--param from-color colours the first screen when it is flat; the mock list screen keeps its own colours (add --param screens=flat)")
        }
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
