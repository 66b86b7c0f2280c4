@testable import SegueCompiler
import Testing

/// The memos' table from times to values finds what was kept, as a dictionary would.
struct TimeTableTests {
    @Test func findsEveryTimeKeptThroughGrowth() {
        var table = TimeTable<Int>()
        // Grid times of a 0.5 s cycle and their middles: thousands of keys, the table grows often.
        let times = (0..<5_000).map { Double($0) * 0.0001 }
        for (index, t) in times.enumerated() { table.set(index, at: t) }
        #expect(table.count == times.count)
        for (index, t) in times.enumerated() { #expect(table[t] == index) }
        #expect(table[0.00005] == nil)
        #expect(table[-1] == nil)
    }

    @Test func aTimeKeptAgainReplacesItsValue() {
        var table = TimeTable<String>()
        table.set("first", at: 0.25)
        table.set("second", at: 0.25)
        #expect(table[0.25] == "second")
        #expect(table.count == 1)
    }

    @Test func zeroAndNegativeZeroAreOneTimeAndNaNIsNeverKept() {
        var table = TimeTable<Int>()
        table.set(1, at: -0.0)
        #expect(table[0] == 1)
        table.set(2, at: .nan)
        #expect(table[.nan] == nil)
        #expect(table.count == 1)
    }

    @Test func mergingKeepsWhatTheTableHeldAndAddsTheRest() {
        var table = TimeTable<Int>(), other = TimeTable<Int>()
        table.set(1, at: 0.1)
        other.set(10, at: 0.1)
        for k in 1...40 { other.set(k, at: Double(k)) }
        table.merge(other)
        #expect(table[0.1] == 1)
        #expect(table.count == 41)
        for k in 1...40 { #expect(table[Double(k)] == k) }
    }
}
