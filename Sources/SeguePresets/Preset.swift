import Segue

/// A built-in transition: a transition file's body with named parameters, written in the public DSL.
public struct Preset: Sendable {
    public let name: String
    /// One line: what the transition looks like.
    public let summary: String
    /// The seed article it reproduces.
    public let article: String
    /// Every parameter, the common ones (duration, size, screens, colours) first.
    public let parameters: [PresetParameter]
    private let build: @Sendable (PresetArguments) throws(PresetError) -> Transition

    /// `stage`: the parameters shared with the other presets (`StageParameters.common`), which
    /// come first.
    public init(name: String, summary: String, article: String, stage: [PresetParameter] = StageParameters.common(),
                parameters: [PresetParameter], build: @escaping @Sendable (PresetArguments) throws(PresetError) -> Transition) {
        self.name = name
        self.summary = summary
        self.article = article
        self.parameters = stage + parameters
        self.build = build
    }

    /// The transition with the given `name=value` overrides; unknown names, a name given twice,
    /// malformed values and values beyond what the others allow are refused.
    public func transition(overrides: [(name: String, value: String)] = []) throws(PresetError) -> Transition {
        var values: [String: ParameterValue] = [:]
        for (key, text) in overrides {
            guard values[key] == nil else { throw PresetError("--param \(key) is given more than once; give it once") }
            guard let parameter = parameters.first(where: { $0.name == key }) else {
                throw PresetError("\(name) has no parameter '\(key)'; its parameters are \(parameters.map(\.name).joined(separator: ", ")) (see 'segue presets')")
            }
            values[key] = try parameter.parse(text)
        }
        return try build(PresetArguments(values))
    }

    /// Splits `name=value` as written after `--param`.
    public static func splitOverride(_ text: String) throws(PresetError) -> (name: String, value: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw PresetError("--param \(text): write it as name=value (e.g. --param duration=0.8)")
        }
        return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]))
    }
}

/// Every built-in preset.
public enum Presets {
    public static let all: [Preset] = [
        .circleReveal,
        .circleSpread,
        .circleScaleSpread,
        .openDoor,
        .bookOpen,
        .bookClose,
        .bookFlip,
        .bookCarousel,
        .pageTurn,
    ]

    /// The preset with a name, or an error that lists the names there are.
    public static func named(_ name: String) throws(PresetError) -> Preset {
        guard let preset = all.first(where: { $0.name == name }) else {
            throw PresetError("there is no preset named '\(name)'; the presets are \(all.map(\.name).joined(separator: ", ")) (see 'segue presets')")
        }
        return preset
    }
}
