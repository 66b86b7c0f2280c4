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

    @Test func gridTimesHaveSlotsAndEveryOtherTimeIsHashed() {
        // A 1 s grid of 4 ms steps: slots every 2 ms from 0 to 1 s.
        let grid = TimeGrid(step: 0.004, duration: 1)
        #expect(grid.count == 501)
        #expect(grid.slot(of: 0.002) == 1)
        #expect(grid.slot(of: 1) == 500)
        #expect(grid.slot(of: -0.5) == nil)
        #expect(grid.slot(of: 2) == nil)
        #expect(grid.slot(of: .infinity) == nil)
        #expect(grid.slot(of: -.infinity) == nil)
        let table = PublishedTimeTable<String>(grid: grid)
        // Grid times and middles, computed as sampling does; a time near one (it takes the slot
        // first, the grid time is hashed); times off the grid, outside it, and NaN.
        let near = 0.012 + 1e-9
        table.set("near", at: near)
        var kept: [Double: String] = [near: "near"]
        for k in 0..<250 {
            let t = Double(k) * 0.004, middle = (t + Double(k + 1) * 0.004) / 2
            for time in [t, middle] where kept[time] == nil {
                table.set("\(time)", at: time)
                kept[time] = "\(time)"
            }
        }
        for time in [0.0123456, -1, 7, 1e300] {
            table.set("\(time)", at: time)
            kept[time] = "\(time)"
        }
        table.set("again", at: 0.004)
        table.set("nan", at: .nan)
        #expect(table.count == kept.count)
        for (time, value) in kept { #expect(table[time] == value, "\(time)") }
        #expect(table[0.012] == "0.012", "a grid time whose slot another took is hashed")
        #expect(table[0.004] == "0.004", "a time kept keeps its value")
        #expect(table[-0.0] == table[0])
        #expect(table[.nan] == nil)
        #expect(table[0.5 + 1e-9] == nil, "a time near a kept one is not it")
        #expect(table[3] == nil)
    }

    @Test func readersFindTheValueKeptOrNothingWhileTheTableGrows() async {
        // Times every millisecond over 20 s: those of the first 10 s in the slots of a grid of
        // 2 ms steps (a slot every 1 ms), the rest hashed.
        let table = PublishedTimeTable<[Double]>(grid: TimeGrid(step: 0.002, duration: 10))
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
