import Foundation

/// Remembers a function's values by time: projected drawing asks for the same layer's placement at
/// the same grid times many times over, often several times running for one time (a sample's
/// value, its visibility and its screen map each ask), which the last answer serves without a
/// lookup.
///
/// A memo belongs to one export (its `MemoScope`). Its table is written by that export's thread
/// only (the scope's owner), which may go on filling it while other threads read it
/// (`PublishedTimeTable`): while the scope runs work on several threads (`MemoScope.startHelpers`),
/// a time the table does not hold is kept apart by the lane that asked, in a table of its own that
/// no other thread touches, until the work is done; then it joins the table. Two threads asking
/// for the same time may each work it out, to the same value. Its function never asks the same
/// memo while it works (a layer's placement asks its superlayer's), so the last answer is exempt
/// from the runtime's exclusivity checks, which otherwise cost a few percent of a projected
/// export.
final class Memo<Value> {
    private let table: PublishedTimeTable<Value>
    /// Times worked out by the helpers (lanes 1 and up; the owner works in none), kept apart until
    /// their work is done: a table for each helper's lane, `spilled[lane - 1]`, written by that
    /// lane's thread only.
    private let spilled: UnsafeMutablePointer<TimeTable<Value>>
    private let helperLaneCount: Int
    private let scope: MemoScope
    private let compute: (Double) -> Value
    /// Keeps `last` off the cache lines of the fields above, which every thread reads: the
    /// owner writes it at nearly every call, and each write took those lines from the other
    /// cores.
    private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The owner's last answer (other threads neither read nor write it).
    @exclusivity(unchecked) private var last: (time: Double, value: Value)?

    init(_ scope: MemoScope, _ compute: @escaping (Double) -> Value) {
        self.scope = scope
        self.compute = compute
        table = PublishedTimeTable(grid: scope.grid)
        helperLaneCount = scope.laneCount - 1
        spilled = .allocate(capacity: helperLaneCount)
        spilled.initialize(repeating: TimeTable(), count: helperLaneCount)
    }

    deinit {
        spilled.deinitialize(count: helperLaneCount)
        spilled.deallocate()
    }

    func callAsFunction(_ t: Double) -> Value {
        guard scope.isOwnerThread else {
            return table[t] ?? spilledValue(at: t)
        }
        if let last, last.time == t { return last.value }
        if let value = table[t] {
            last = (t, value)
            return value
        }
        let value = compute(t)
        table.set(value, at: t)
        last = (t, value)
        return value
    }

    /// The value at a time the table lacks, asked for by another thread than the owner: kept
    /// apart by the asking lane, so that it finds the value when it asks again.
    private func spilledValue(at t: Double) -> Value {
        guard let lane = scope.currentLane, lane >= 1, lane <= helperLaneCount else { return compute(t) }
        let index = lane - 1
        if let known = spilled[index][t] { return known }
        let value = compute(t)
        let isFirst = spilled[index].count == 0
        spilled[index].set(value, at: t)
        if isFirst { scope.afterConcurrentWork { [self] in keepSpilled(index) } }
        return value
    }

    /// Adds the values a helper's lane kept apart (in `spilled[index]`) to the table, once
    /// concurrent work is done.
    private func keepSpilled(_ index: Int) {
        table.merge(spilled[index])
        spilled[index] = TimeTable()
    }
}
