import Foundation

/// The memos of one export, and the work it runs on several threads while their tables are only
/// read.
final class MemoScope {
    /// Whether work runs on several threads: the memos' tables are then read, not written.
    private(set) var isConcurrent = false
    /// Whether `concurrentMap` may use several threads (with one, it maps in order on this one).
    let usesThreads: Bool
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
        guard usesThreads, elements.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1, !isConcurrent else {
            return elements.map(transform)
        }
        isConcurrent = true
        defer {
            isConcurrent = false
            for work in pending { work() }
            pending = []
        }
        var results = [Result?](repeating: nil, count: elements.count)
        results.withUnsafeMutableBufferPointer { results in
            withoutActuallyEscaping(transform) { transform in
                // Each thread reads the elements and the export, and writes its own results.
                let shared = Unchecked((elements: elements, transform: transform, results: results))
                DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                    shared.value.results[index] = shared.value.transform(shared.value.elements[index])
                }
            }
        }
        return results.map { $0! }
    }
}

extension MemoScope {
    /// Runs `work` once the concurrent work under way is done (from any of its threads).
    func afterConcurrentWork(_ work: @escaping () -> Void) {
        pendingLock.lock()
        pending.append(work)
        pendingLock.unlock()
    }
}

/// What `MemoScope.concurrentMap` hands to its threads: they read it, and each writes results no
/// other thread writes.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
