import Segue

/// The values a preset is built with: the user's overrides; anything absent takes its default.
public struct PresetArguments: Sendable {
    private var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    public func number(_ name: String, default fallback: Double) -> Double {
        if case .number(let v)? = values[name] { return v }
        return fallback
    }

    public func point(_ name: String, default fallback: Point) -> Point {
        if case .point(let v)? = values[name] { return v }
        return fallback
    }

    public func rect(_ name: String, default fallback: Rect) -> Rect {
        if case .rect(let v)? = values[name] { return v }
        return fallback
    }

    public func size(_ name: String, default fallback: Size) -> Size {
        if case .size(let v)? = values[name] { return v }
        return fallback
    }

    public func color(_ name: String, default fallback: Color) -> Color {
        if case .color(let v)? = values[name] { return v }
        return fallback
    }

    public func choice(_ name: String, default fallback: String) -> String {
        if case .choice(let v)? = values[name] { return v }
        return fallback
    }
}
