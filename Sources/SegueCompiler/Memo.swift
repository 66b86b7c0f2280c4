/// Remembers a function's values by time: projected drawing asks for the same layer's placement at
/// the same grid times many times over, often several times running for one time (a sample's
/// value, its visibility and its screen map each ask), which the last answer serves without a
/// lookup.
///
/// A memo serves one export on one thread, and its function never asks the same memo while it
/// works (a layer's placement asks its superlayer's), so its tables are exempt from the runtime's
/// exclusivity checks, which otherwise cost a few percent of a projected export.
final class Memo<Value> {
    @exclusivity(unchecked) private var table: [Double: Value] = [:]
    @exclusivity(unchecked) private var last: (time: Double, value: Value)?
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
