import Foundation

/// The memos of one export, and the work it runs on several threads while their tables are only
/// read.
final class MemoScope {
    /// Whether work runs on several threads: the memos' tables are then read, not written.
    private(set) var isConcurrent = false
    /// Whether `concurrentMap` may use several threads (with one, it maps in order on this one).
    let usesThreads: Bool
    /// How many lanes concurrent work runs in, one thread each: one per core.
    let laneCount = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// What memos left to do once concurrent work is done (keep the values they worked out).
    private var pending: [() -> Void] = []
    private let pendingLock = NSLock()

    init(usesThreads: Bool = true) {
        self.usesThreads = usesThreads
    }

    /// `transform` of each element, on as many threads as there are cores, with the memos'
    /// tables read-only (a time a table lacks is worked out and kept apart until the map is done:
    /// fill the tables first with what the elements will ask for). The results come in the
    /// elements' order.
    ///
    /// `transform` must change nothing but its own locals: it may read anything the export holds
    /// and call memos.
    func concurrentMap<Element, Result>(_ elements: [Element], _ transform: (Element) -> Result) -> [Result] {
        guard usesThreads, elements.count > 1, laneCount > 1, !isConcurrent else {
            return elements.map(transform)
        }
        isConcurrent = true
        defer {
            isConcurrent = false
            for work in pending { work() }
            pending = []
        }
        var results = [Result?](repeating: nil, count: elements.count)
        let lanes = min(laneCount, elements.count)
        let queue = WorkQueue(count: elements.count)
        results.withUnsafeMutableBufferPointer { results in
            withoutActuallyEscaping(transform) { transform in
                // Each lane takes the next element until none is left, reads the elements and
                // the export, and writes its own results.
                let shared = Unchecked((elements: elements, transform: transform, results: results, queue: queue))
                let scope = ObjectIdentifier(self)
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    Self.inLane(lane, of: scope) {
                        while let index = shared.value.queue.next() {
                            shared.value.results[index] = shared.value.transform(shared.value.elements[index])
                        }
                    }
                }
            }
        }
        return results.map { $0! }
    }
}

extension MemoScope {
    /// The lane of this scope's concurrent work the calling thread works in; nil outside it (or in
    /// another scope's).
    var currentLane: Int? {
        guard let raw = pthread_getspecific(Self.laneKey) else { return nil }
        let tag = Unmanaged<LaneTag>.fromOpaque(UnsafeRawPointer(raw)).takeUnretainedValue()
        return tag.scope == ObjectIdentifier(self) ? tag.index : nil
    }

    /// Runs `work` on the calling thread as lane `index` of `scope`'s concurrent work, then puts
    /// back the lane it was in.
    private static func inLane(_ index: Int, of scope: ObjectIdentifier, _ work: () -> Void) {
        let tag = LaneTag(scope: scope, index: index)
        let previous = pthread_getspecific(laneKey)
        pthread_setspecific(laneKey, Unmanaged.passUnretained(tag).toOpaque())
        defer { pthread_setspecific(laneKey, previous) }
        withExtendedLifetime(tag, work)
    }

    /// The thread-specific slot that holds the lane a thread works in.
    private static let laneKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Runs `work` once the concurrent work under way is done (from any of its threads).
    func afterConcurrentWork(_ work: @escaping () -> Void) {
        pendingLock.lock()
        pending.append(work)
        pendingLock.unlock()
    }
}

/// A lane of one scope's concurrent work, as the thread working it knows it.
private final class LaneTag {
    let scope: ObjectIdentifier
    let index: Int

    init(scope: ObjectIdentifier, index: Int) {
        self.scope = scope
        self.index = index
    }
}

/// The elements of one concurrent map, handed out one at a time to whichever lane asks.
private final class WorkQueue: @unchecked Sendable {
    private let count: Int
    private var taken = 0
    private let lock = NSLock()

    init(count: Int) {
        self.count = count
    }

    /// The next element's index, or nil once all are taken.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }
}

/// What `MemoScope.concurrentMap` hands to its threads: they read it, and each writes results no
/// other thread writes.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
