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

    @Test func visitsEveryTimeKept() {
        var table = TimeTable<Int>()
        for k in 1...40 { table.set(k, at: Double(k) / 8) }
        var seen: [Double: Int] = [:]
        table.forEach { t, value in seen[t] = value }
        #expect(seen == Dictionary(uniqueKeysWithValues: (1...40).map { (Double($0) / 8, $0) }))
    }
}

/// The memos' shared table: one thread keeps times while others look, and no look finds a value
/// other than the one kept.
struct PublishedTimeTableTests {
    @Test func findsEveryTimeKeptThroughGrowth() {
        let table = PublishedTimeTable<Int>()
        let times = (0..<5_000).map { Double($0) * 0.0001 }
        for (index, t) in times.enumerated() { table.set(index, at: t) }
        #expect(table.count == times.count)
        for (index, t) in times.enumerated() { #expect(table[t] == index) }
        #expect(table[0.00005] == nil)
        table.set(1, at: -0.0)
        table.set(2, at: .nan)
        #expect(table[0] == 0, "a time kept keeps its value; 0 and -0 are one time")
        #expect(table[.nan] == nil)
        #expect(table.count == times.count)
    }

    @Test func mergingKeepsWhatTheTableHeldAndAddsTheRest() {
        let table = PublishedTimeTable<Int>()
        var other = TimeTable<Int>()
        table.set(1, at: 0.1)
        other.set(10, at: 0.1)
        for k in 1...40 { other.set(k, at: Double(k)) }
        table.merge(other)
        #expect(table[0.1] == 1)
        #expect(table.count == 41)
        for k in 1...40 { #expect(table[Double(k)] == k) }
    }

    @Test func readersFindTheValueKeptOrNothingWhileTheTableGrows() async {
        let table = PublishedTimeTable<[Double]>()
        let count = 20_000
        // Values that own storage, so that a torn read would show as a wrong or broken array.
        func value(_ index: Int) -> [Double] { [Double(index), Double(index) * 2] }
        let reader = Task.detached { () -> (found: Int, wrong: Int) in
            var found = 0, wrong = 0
            for round in 0..<20 {
                for index in stride(from: round % 7, to: count, by: 7) {
                    guard let kept = table[Double(index) / 1000] else { continue }
                    found += 1
                    if kept != value(index) { wrong += 1 }
                }
            }
            return (found, wrong)
        }
        for index in 0..<count { table.set(value(index), at: Double(index) / 1000) }
        let result = await reader.value
        #expect(result.wrong == 0, "\(result.wrong) of \(result.found) values found were not the ones kept")
        for index in 0..<count { #expect(table[Double(index) / 1000] == value(index)) }
    }
}
