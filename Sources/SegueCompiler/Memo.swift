/// Remembers a function's values by time: projected drawing asks for the same layer's placement at
/// the same grid times many times over.
final class Memo<Value> {
    private var table: [Double: Value] = [:]
    private let compute: (Double) -> Value

    init(_ compute: @escaping (Double) -> Value) {
        self.compute = compute
    }

    func callAsFunction(_ t: Double) -> Value {
        if let value = table[t] { return value }
        let value = compute(t)
        table[t] = value
        return value
    }
}
