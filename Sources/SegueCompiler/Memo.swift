/// Remembers a function's values by time: projected drawing asks for the same layer's placement at
/// the same grid times many times over, often several times running for one time (a sample's
/// value, its visibility and its screen map each ask), which the last answer serves without a
/// lookup.
///
/// A memo belongs to one export (its `MemoScope`) and is written on that export's thread. While
/// the scope runs work on several threads (`MemoScope.concurrentMap`) the memo is only read: a
/// time it does not hold is worked out and not kept. Its function never asks the same memo while
/// it works (a layer's placement asks its superlayer's), so its tables are exempt from the
/// runtime's exclusivity checks, which otherwise cost a few percent of a projected export.
final class Memo<Value> {
    @exclusivity(unchecked) private var table: [Double: Value] = [:]
    @exclusivity(unchecked) private var last: (time: Double, value: Value)?
    private let scope: MemoScope
    private let compute: (Double) -> Value

    init(_ scope: MemoScope, _ compute: @escaping (Double) -> Value) {
        self.scope = scope
        self.compute = compute
    }

    func callAsFunction(_ t: Double) -> Value {
        if let last, last.time == t { return last.value }
        let keeps = !scope.isConcurrent
        if let value = table[t] {
            if keeps { last = (t, value) }
            return value
        }
        let value = compute(t)
        if keeps {
            table[t] = value
            last = (t, value)
        }
        return value
    }
}
