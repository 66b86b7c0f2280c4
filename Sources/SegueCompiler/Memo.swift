import Foundation

/// Remembers a function's values by time: projected drawing asks for the same layer's placement at
/// the same grid times many times over, often several times running for one time (a sample's
/// value, its visibility and its screen map each ask), which the last answer serves without a
/// lookup.
///
/// A memo belongs to one export (its `MemoScope`). Its table is written on that export's thread
/// only: while the scope runs work on several threads (`MemoScope.concurrentMap`) the table is
/// only read, and a time it does not hold is kept apart, under a lock, until the work is done;
/// then it joins the table. Its function never asks the same memo while it works (a layer's
/// placement asks its superlayer's), so the table is exempt from the runtime's exclusivity
/// checks, which otherwise cost a few percent of a projected export.
final class Memo<Value> {
    @exclusivity(unchecked) private var table = TimeTable<Value>()
    @exclusivity(unchecked) private var last: (time: Double, value: Value)?
    /// Times worked out during concurrent work, kept apart until it is done (under `lock`).
    private var spilled = TimeTable<Value>()
    private let lock = NSLock()
    private let scope: MemoScope
    private let compute: (Double) -> Value

    init(_ scope: MemoScope, _ compute: @escaping (Double) -> Value) {
        self.scope = scope
        self.compute = compute
    }

    func callAsFunction(_ t: Double) -> Value {
        if let last, last.time == t { return last.value }
        let isConcurrent = scope.isConcurrent
        if let value = table[t] {
            if !isConcurrent { last = (t, value) }
            return value
        }
        if isConcurrent { return spilledValue(at: t) }
        let value = compute(t)
        table.set(value, at: t)
        last = (t, value)
        return value
    }

    /// The value at a time the table lacks, during concurrent work: kept apart, so every thread
    /// that asks for it again finds it. Two threads asking at once may each work it out, to the
    /// same value.
    private func spilledValue(at t: Double) -> Value {
        lock.lock()
        let known = spilled[t]
        lock.unlock()
        if let known { return known }
        let value = compute(t)
        lock.lock()
        let isFirst = spilled.count == 0
        spilled.set(value, at: t)
        lock.unlock()
        if isFirst { scope.afterConcurrentWork { [self] in keepSpilled() } }
        return value
    }

    /// Adds the values kept apart to the table, once concurrent work is done.
    private func keepSpilled() {
        table.merge(spilled)
        spilled = TimeTable()
    }
}
