/// A list of random numbers that a generator reads as its choices, as Hypothesis does: the
/// property test draws the list from the run's seed (`PropertySeed`), and because a missing or
/// zero choice always means the simplest option, a list cut short or with choices zeroed is a
/// simpler transition (how a recorded failure is narrowed down by hand).
struct Choices {
    private let values: [UInt32]
    private var index = 0

    init(_ values: [UInt32]) {
        self.values = values
    }

    /// The next raw choice; 0 once the list is used up.
    mutating func next() -> UInt32 {
        defer { index += 1 }
        return index < values.count ? values[index] : 0
    }

    /// A whole number in `range`, its lower bound for a 0 choice.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt32(range.count))
    }

    /// A number in `range`, its lower bound for a 0 choice.
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next()) / Double(UInt32.max) * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`; false for a 0 choice.
    mutating func chance(_ p: Double) -> Bool {
        Double(next()) >= Double(UInt32.max) * (1 - p)
    }

    /// One of `options`, the first for a 0 choice.
    mutating func pick<T>(_ options: [T]) -> T {
        options[int(0...options.count - 1)]
    }
}
