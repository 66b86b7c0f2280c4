import Segue

/// A parameter a preset accepts on the command line as `--param name=value`.
public struct PresetParameter: Sendable {
    /// The kinds of value a parameter takes, and how each is written.
    public enum Kind: Sendable, Equatable {
        case number(ClosedRange<Double>)
        /// A whole number in the range (`even`: an even one), such as a count of pages; parsed to
        /// `ParameterValue.number`.
        case count(ClosedRange<Int>, even: Bool)
        case point
        case rect
        case size
        case color
        case choice([String])

        /// How the value is written, for help and error messages.
        public var syntax: String {
            switch self {
            case .number(let range): "number from \(PresetParameter.format(range.lowerBound)) to \(PresetParameter.format(range.upperBound))"
            case .count(let range, let even): "\(even ? "even " : "")integer from \(range.lowerBound) to \(range.upperBound)"
            case .point: "x,y"
            case .rect: "x,y,width,height"
            case .size: "WIDTHxHEIGHT"
            case .color: "#RRGGBB"
            case .choice(let options): options.joined(separator: "|")
            }
        }

        public var typeName: String {
            switch self {
            case .number: "number"
            case .count: "integer"
            case .point: "point"
            case .rect: "rect"
            case .size: "size"
            case .color: "color"
            case .choice: "choice"
            }
        }

        var example: String {
            switch self {
            case .number(let range): PresetParameter.format(min(max(0.5, range.lowerBound), range.upperBound))
            case .count(let range, let even): String(even && range.lowerBound % 2 != 0 ? range.lowerBound + 1 : range.lowerBound)
            case .point: "120,300"
            case .rect: "315,20,40,40"
            case .size: "375x667"
            case .color: "#FFA500"
            case .choice(let options): options.first ?? ""
            }
        }
    }

    public let name: String
    public let kind: Kind
    /// The default, as a user would write it (or how it is derived, e.g. from the screen size).
    public let defaultValue: String
    /// What the parameter means.
    public let help: String

    public init(_ name: String, _ kind: Kind, default defaultValue: String, _ help: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
    }

    /// Parses a value written on the command line.
    public func parse(_ text: String) throws(PresetError) -> ParameterValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func fail() -> PresetError {
            PresetError("--param \(name)=\(text): expected \(kind.syntax) (e.g. \(name)=\(kind.example))")
        }
        func numbers(_ count: Int, separator: Character) throws(PresetError) -> [Double] {
            let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false)
            let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == count, values.count == count, values.allSatisfy(\.isFinite) else { throw fail() }
            return values
        }
        switch kind {
        case .number(let range):
            guard let value = Double(trimmed), value.isFinite else { throw fail() }
            guard range.contains(value) else {
                throw PresetError("--param \(name)=\(text): out of range; use a \(kind.syntax)")
            }
            return .number(value)
        case .count(let range, let even):
            guard let value = Double(trimmed), value.isFinite, value == value.rounded() else { throw fail() }
            guard let whole = Int(exactly: value), range.contains(whole) else {
                throw PresetError("--param \(name)=\(text): out of range; use an \(kind.syntax)")
            }
            guard !even || whole.isMultiple(of: 2) else {
                let nearest = range.contains(whole + 1) ? whole + 1 : whole - 1
                throw PresetError("--param \(name)=\(text): must be even; use an \(kind.syntax) (e.g. \(name)=\(nearest))")
            }
            return .number(value)
        case .point:
            let v = try numbers(2, separator: ",")
            return .point(Point(x: v[0], y: v[1]))
        case .rect:
            let v = try numbers(4, separator: ",")
            guard v[2] >= 0, v[3] >= 0 else {
                throw PresetError("--param \(name)=\(text): the width and height must be zero or more")
            }
            return .rect(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .size:
            let v = try numbers(2, separator: "x")
            guard v[0] >= 1, v[1] >= 1, v[0] <= 10_000, v[1] <= 10_000 else {
                throw PresetError("--param \(name)=\(text): the width and height must be between 1 and 10000 points")
            }
            return .size(Size(width: v[0], height: v[1]))
        case .color:
            guard let color = Color(hex: trimmed) else { throw fail() }
            return .color(color)
        case .choice(let options):
            guard options.contains(trimmed) else { throw fail() }
            return .choice(trimmed)
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A parsed parameter value.
public enum ParameterValue: Sendable, Equatable {
    case number(Double)
    case point(Point)
    case rect(Rect)
    case size(Size)
    case color(Color)
    case choice(String)
}

/// A problem with a preset name or its parameters, worded for the command line.
public struct PresetError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
