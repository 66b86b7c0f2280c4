/// Remembers a function's values by time: projected drawing asks for the same layer's placement at
/// the same grid times many times over, often several times running for one time (a sample's
/// value, its visibility and its screen map each ask), which the last answer serves without a
/// lookup.
final class Memo<Value> {
    private var table: [Double: Value] = [:]
    private var last: (time: Double, value: Value)?
    private let compute: (Double) -> Value

    init(_ compute: @escaping (Double) -> Value) {
        self.compute = compute
    }

    func callAsFunction(_ t: Double) -> Value {
        if let last, last.time == t { return last.value }
        if let value = table[t] {
            last = (t, value)
            return value
        }
        let value = compute(t)
        table[t] = value
        last = (t, value)
        return value
    }
}
