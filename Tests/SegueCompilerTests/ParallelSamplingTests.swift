import Foundation
import Segue
@testable import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// Projected tracks are keyframed on several threads while the export's memos are only read: the
/// document is the same, byte for byte, as when they are keyframed one after another on one thread.
struct ParallelSamplingTests {
    /// The document `timeline` makes, its tracks keyframed on several threads or on one.
    static func svg(_ timeline: Timeline, usesThreads: Bool) throws -> Data {
        var writer = SVGWriter(timeline, options: SVGOptions())
        writer.usesThreads = usesThreads
        return try writer.data()
    }

    @Test(arguments: ["page-turn", "book-flip", "book-open"])
    func threadsWriteTheSameBytesAsOneThread(_ name: String) throws {
        let preset = try #require(Presets.all.first { $0.name == name })
        let timeline = try preset.transition().timeline()
        let alone = try Self.svg(timeline, usesThreads: false)
        // A race would show as a difference in some run, not necessarily the first.
        for run in 1...3 {
            let threaded = try Self.svg(timeline, usesThreads: true)
            #expect(threaded == alone, "\(name), run \(run): \(threaded.count) bytes on several threads, \(alone.count) on one")
        }
    }

    @Test func everyLaneTakesPartAndAllIsDoneOnReturn() {
        let scope = MemoScope()
        let squares = scope.mapOnEveryLane(Array(0..<200)) { $0 * $0 }
        #expect(squares == (0..<200).map { $0 * $0 })
        #expect(scope.mapOnEveryLane([Int]()) { $0 }.isEmpty)
        #expect(MemoScope(usesThreads: false).mapOnEveryLane([3, 1, 2]) { $0 + 1 } == [4, 2, 3])
        // The lead runs on the calling thread; the helpers, one a lane at most, on threads of
        // their own, and only until the lead is done: one whose thread comes later does not run.
        let parts = Parts(), caller = pthread_self()
        for _ in 0..<50 {
            scope.concurrently(lead: { parts.add("lead") }, helper: { parts.add("helper") })
            parts.add("joined")
        }
        Thread.sleep(forTimeInterval: 0.05)
        let all = parts.all
        #expect(all.filter { $0.name == "lead" }.allSatisfy { pthread_equal($0.thread, caller) != 0 })
        #expect(all.filter { $0.name == "helper" }.allSatisfy { pthread_equal($0.thread, caller) == 0 })
        // Each round: the lead and at most one helper a lane, in either order, then "joined";
        // nothing after the last.
        let rounds = all.map(\.name).split(separator: "joined", omittingEmptySubsequences: false)
        #expect(rounds.count == 51)
        #expect(rounds.dropLast().allSatisfy { round in
            round.filter { $0 == "lead" }.count == 1 && round.filter { $0 == "helper" }.count <= scope.laneCount - 1
        })
        #expect(rounds.last?.isEmpty == true, "no helper ran after its owner joined")
    }

    @Test func aMemoKeepsWhatConcurrentWorkWorkedOutOnceItIsDone() {
        let scope = MemoScope()
        let computed = CallCount()
        let memo = Memo(scope) { t -> Double in
            computed.add()
            return t * 2
        }
        #expect(memo(1) == 2)
        #expect(memo(1) == 2)
        #expect(computed.value == 1, "worked out once")
        let answers = scope.mapOnEveryLane([1.0, 5.0, 5.0, 7.0, 5.0]) { memo($0) }
        #expect(answers == [2, 10, 10, 14, 10])
        let during = computed.value
        // 5 and 7 are worked out; 5 once, or more often only if threads asked for it at once.
        #expect(during >= 3 && during <= 5, "\(during)")
        #expect(memo(5) == 10)
        #expect(memo(7) == 14)
        #expect(computed.value == during, "what the concurrent work worked out is kept")
    }

    /// A time the table lacks is worked out at most once in each lane, however often the lane's
    /// work asks for it: the lane keeps it apart in a table of its own, without a lock.
    @Test func eachLaneWorksATimeOutOnce() {
        let scope = MemoScope()
        let computed = CallCount()
        let memo = Memo(scope) { t -> Double in
            computed.add()
            return t + 1
        }
        let sums = scope.mapOnEveryLane(Array(repeating: 42.0, count: 200)) { t in (0..<10).map { _ in memo(t) }.reduce(0, +) }
        #expect(sums.allSatisfy { $0 == 430 })
        let during = computed.value
        #expect(during >= 1 && during <= scope.laneCount, "\(during) times in \(scope.laneCount) lanes")
        #expect(memo(42) == 43)
        #expect(computed.value == during, "kept once the work is done")
    }

    @Test func prependingPutsTheNewChildrenFirst() throws {
        let document = XMLDocument(root: "svg", namespace: SVGWriter.svgNamespace)
        let polygon = document.root.addChild("polygon")
        polygon.addChild("animate").set("attributeName", "fill")
        polygon.addChild("set").set("attributeName", "display")
        polygon.prepending {
            polygon.addChild("animate").set("attributeName", "points")
            polygon.addChild("animate").set("attributeName", "opacity")
        }
        #expect(polygon.children.map { $0.attribute("attributeName") } == ["points", "opacity", "fill", "display"])
        let empty = document.root.addChild("linearGradient")
        empty.prepending { empty.addChild("animate").set("attributeName", "x1") }
        #expect(empty.children.map { $0.attribute("attributeName") } == ["x1"])
    }
}

/// How many times a memo's function ran, counted from any thread.
private final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Which parts of concurrent work ran, and on which thread, noted from any thread.
private final class Parts: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [(name: String, thread: pthread_t)] = []

    func add(_ name: String) {
        lock.lock()
        parts.append((name, pthread_self()))
        lock.unlock()
    }

    var all: [(name: String, thread: pthread_t)] {
        lock.lock()
        defer { lock.unlock() }
        return parts
    }
}

extension MemoScope {
    /// Runs `lead` on this thread (the owner's) and `helper` on each other lane, one thread each
    /// (`startHelpers`); returns once all have returned. Without threads or cores to spare, `lead`
    /// runs alone: it must do all the work itself if no helper comes.
    func concurrently(lead: () -> Void, helper: @escaping () -> Void) {
        startHelpers(helper)
        lead()
        joinHelpers()
    }

    /// `transform` of each element, worked out in every lane of concurrent work (each lane takes
    /// the next element until none is left), in the elements' order.
    func mapOnEveryLane<Element, Result>(_ elements: [Element], _ transform: @escaping (Element) -> Result) -> [Result] {
        let results = Results<Result>(count: elements.count)
        let work = {
            while let index = results.take() {
                results.keep(transform(elements[index]), at: index)
            }
        }
        concurrently(lead: work, helper: work)
        return results.all
    }
}

/// The results of `mapOnEveryLane`, and the next element to take, behind a lock.
private final class Results<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]
    private var taken = 0

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < values.count else { return nil }
        taken += 1
        return taken - 1
    }

    func keep(_ value: Value, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}
