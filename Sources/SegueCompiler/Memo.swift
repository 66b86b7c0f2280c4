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
    /// The owner's last answer (other threads neither read nor write it).
    @exclusivity(unchecked) private var last: (time: Double, value: Value)?
    /// Times worked out during concurrent work by threads other than the owner, kept apart until
    /// it is done: a table for each lane, written by that lane's thread only.
    private let spilled: UnsafeMutablePointer<TimeTable<Value>>
    private let laneCount: Int
    private let scope: MemoScope
    private let compute: (Double) -> Value

    init(_ scope: MemoScope, _ compute: @escaping (Double) -> Value) {
        self.scope = scope
        self.compute = compute
        table = PublishedTimeTable(grid: scope.grid)
        laneCount = scope.laneCount
        spilled = .allocate(capacity: laneCount)
        spilled.initialize(repeating: TimeTable(), count: laneCount)
    }

    deinit {
        spilled.deinitialize(count: laneCount)
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
        guard let lane = scope.currentLane, lane < laneCount else { return compute(t) }
        if let known = spilled[lane][t] { return known }
        let value = compute(t)
        let isFirst = spilled[lane].count == 0
        spilled[lane].set(value, at: t)
        if isFirst { scope.afterConcurrentWork { [self] in keepSpilled(lane) } }
        return value
    }

    /// Adds the values a lane kept apart to the table, once concurrent work is done.
    private func keepSpilled(_ lane: Int) {
        table.merge(spilled[lane])
        spilled[lane] = TimeTable()
    }
}
