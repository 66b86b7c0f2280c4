import Segue

/// The values a preset is built with: the user's overrides; anything absent takes its default.
public struct PresetArguments: Sendable {
    private var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    /// Whether the user gave a value for `name`.
    public func has(_ name: String) -> Bool { values[name] != nil }

    public func number(_ name: String, default fallback: Double) -> Double {
        if case .number(let v)? = values[name] { return v }
        return fallback
    }

    /// A whole number that another parameter limits (a book of 10 pages turns at most 4
    /// spreads): its default is kept within `limit`; a value given beyond it is refused, saying
    /// `limitation`.
    public func count(_ name: String, default fallback: Int, atMost limit: Int,
                      _ limitation: @autoclosure () -> String) throws(PresetError) -> Int {
        guard case .number(let v)? = values[name] else { return min(fallback, limit) }
        let given = Int(v)
        guard given <= limit else {
            throw PresetError("--param \(name)=\(given): \(limitation()); use \(name)=\(limit) or less")
        }
        return given
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
