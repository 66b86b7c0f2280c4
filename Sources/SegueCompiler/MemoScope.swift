import Foundation

/// The memos of one export, and the work it runs on several threads while their tables are only
/// read.
final class MemoScope {
    /// Whether work runs on several threads: the memos' tables are then read, not written.
    private(set) var isConcurrent = false
    /// Whether `concurrently` may use several threads (with one, its lead does all the work).
    let usesThreads: Bool
    /// How many lanes concurrent work runs in, one thread each: one per core.
    let laneCount = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// What memos left to do once concurrent work is done (keep the values they worked out).
    private var pending: [() -> Void] = []
    private let pendingLock = NSLock()

    init(usesThreads: Bool = true) {
        self.usesThreads = usesThreads
    }

    /// Runs `lead` on this thread, as the first lane, and `helper` on each other lane, one thread
    /// each, with the memos' tables read-only (a time a table lacks is worked out and kept apart
    /// until all is done: fill the tables first with what the work will ask for); returns once all
    /// have returned. Without threads (or cores) to spare, `lead` runs alone, with the tables
    /// written as usual: it must do all the work itself if no helper comes, and tell the helpers
    /// when to return.
    ///
    /// What runs in the lanes must change nothing but its own locals and what it hands over through
    /// a lock: it may read anything the export holds and call memos.
    func concurrently(lead: () -> Void, helper: @escaping () -> Void) {
        guard usesThreads, laneCount > 1, !isConcurrent else {
            return lead()
        }
        isConcurrent = true
        defer {
            isConcurrent = false
            for work in pending { work() }
            pending = []
        }
        let scope = ObjectIdentifier(self)
        let helpers = DispatchGroup()
        let shared = Unchecked(helper)
        for lane in 1..<laneCount {
            DispatchQueue.global(qos: .userInitiated).async(group: helpers) {
                Self.inLane(lane, of: scope, shared.value)
            }
        }
        Self.inLane(0, of: scope, lead)
        helpers.wait()
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

/// What `MemoScope.concurrently` hands to its helpers' threads.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
