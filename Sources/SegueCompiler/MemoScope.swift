import Foundation

/// The memos of one export, and the work it runs on several threads while the thread that owns
/// them (the one that made the scope, which writes the document) goes on.
final class MemoScope {
    /// Whether helpers may run on threads of their own (without, the owner does all the work).
    let usesThreads: Bool
    /// How many lanes concurrent work runs in, one thread each: one per core. The first is the
    /// owner's, which works in no lane of its own (`currentLane` is nil there); the helpers work
    /// in lanes 1 and up.
    let laneCount = MemoScope.cores

    /// The cores this process may use, asked once: on Linux, Foundation reads the scheduler's
    /// affinity and the control group's quota each time, a tenth of a millisecond before every
    /// export's first line could be laid out.
    private static let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
    /// The thread that made the scope: the only one that writes the memos' tables.
    private let owner = pthread_self()
    /// What memos left to do once concurrent work is done (keep the values they worked out).
    private var pending: [() -> Void] = []
    private let pendingLock = NSLock()
    /// The helpers started, until the owner joins them.
    private var helpers: HelperCount?

    /// The times the memos are mostly asked for, which their tables find without hashing.
    let grid: TimeGrid

    init(usesThreads: Bool = true, grid: TimeGrid = .none) {
        self.usesThreads = usesThreads
        self.grid = grid
    }

    /// Whether the calling thread is the scope's owner.
    var isOwnerThread: Bool { pthread_self() == owner }

    /// Starts `helper` on each lane but the owner's, one thread each, to run beside the owner
    /// until it returns (`joinHelpers`); nothing without threads or cores to spare, or while
    /// helpers run. What runs in them must change nothing but its own locals and what it hands
    /// over through a lock: it may read anything the export holds and call memos, whose tables
    /// the owner may still be filling. A helper whose thread only comes once the owner has
    /// joined does not run (on a machine whose threads are all busy, the owner does all the work
    /// rather than wait for one). Called by the owner.
    func startHelpers(_ helper: @escaping () -> Void) {
        guard usesThreads, laneCount > 1, helpers == nil else { return }
        let scope = ObjectIdentifier(self)
        let started = HelperCount()
        let shared = Unchecked(helper)
        for lane in 1..<laneCount {
            DispatchQueue.global(qos: .userInitiated).async {
                guard started.enter() else { return }
                defer { started.leave() }
                Self.inLane(lane, of: scope, shared.value)
            }
        }
        helpers = started
    }

    /// Waits for the helpers running to return (tell them to first) and keeps any that has not
    /// started from running, then keeps what the memos worked out in them. Called by the owner;
    /// nothing when no helper was started.
    func joinHelpers() {
        guard let started = helpers else { return }
        started.closeAndWait()
        helpers = nil
        for work in pending { work() }
        pending = []
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

/// The helpers of one scope's concurrent work that are running, and whether the owner still
/// lets them start.
private final class HelperCount: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0
    private var isClosed = false

    /// Counts a helper in as it starts; false once the owner has joined: it must not run.
    func enter() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return false }
        running += 1
        return true
    }

    /// Counts a helper out as it returns.
    func leave() {
        condition.lock()
        running -= 1
        condition.unlock()
        condition.broadcast()
    }

    /// Lets no more helpers start, and waits for those running to return.
    func closeAndWait() {
        condition.lock()
        isClosed = true
        while running > 0 { condition.wait() }
        condition.unlock()
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

/// What `MemoScope.startHelpers` hands to its helpers' threads.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
