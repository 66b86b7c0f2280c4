import Synchronization

/// A table from times to values that one thread writes while others read it: a memo's table,
/// which the thread that writes the document fills as it lays the drawing out while the other
/// cores already keyframe tracks from it (`Memo`).
///
/// Open addressing on the time's bits with a multiplicative hash, as `TimeTable`. A value is in
/// place before its slot's key is published (with release ordering), so a reader that finds the
/// key (with acquire ordering) finds the value; a reader that looks while the key is being
/// written finds nothing, and works the value out itself. Growing the table builds a new one and
/// publishes it whole; the old ones stay until the table goes, as a reader may still be looking
/// in one (it then misses only what was kept since).
///
/// Only the writing thread may call `set`, and a time, once kept, keeps its value.
final class PublishedTimeTable<Value>: @unchecked Sendable {
    /// The table readers look in.
    private let current: Atomic<Unmanaged<Storage>>
    /// Every table published, the current one last, released with this one.
    private var published: [Storage]

    init() {
        let storage = Storage(slotCount: 16)
        published = [storage]
        current = Atomic(Unmanaged.passUnretained(storage))
    }

    /// The values kept, for the writing thread.
    var count: Int { published[published.count - 1].count }

    /// The value kept at `t`, if any (from any thread).
    @inline(__always)
    subscript(t: Double) -> Value? {
        guard let key = TimeKey(t) else { return nil }
        return current.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.value(for: key) }
    }

    /// Keeps `value` at `t`, a time not kept yet (on the writing thread only).
    func set(_ value: Value, at t: Double) {
        guard let key = TimeKey(t) else { return }
        var storage = published[published.count - 1]
        if (storage.count + 1) * 2 > storage.slotCount {
            storage = storage.doubled()
            published.append(storage)
            current.store(Unmanaged.passUnretained(storage), ordering: .releasing)
        }
        storage.insert(value, for: key)
    }

    /// Keeps each of `other`'s values at a time this table does not hold yet (on the writing
    /// thread only).
    func merge(_ other: TimeTable<Value>) {
        other.forEach { t, value in
            if self[t] == nil { set(value, at: t) }
        }
    }

    /// A time's bit pattern as a key (0 and −0 alike); nil for a NaN, never kept.
    private struct TimeKey {
        let bits: UInt64

        init?(_ t: Double) {
            if t.isNaN { return nil }
            bits = t == 0 ? 0 : t.bitPattern
        }

        init(bits: UInt64) {
            self.bits = bits
        }
    }

    /// One table's slots and values, of a fixed size: its keys published one by one.
    private final class Storage {
        let slotCount: Int
        private let mask: Int
        private let shift: UInt64
        /// Each slot's key, and beside it (on the same cache line) where its value lies in
        /// `values`: words `2 × slot` and `2 × slot + 1`. A key is `free` (a NaN's bits) while
        /// the slot is empty; an index is only read once its key is found.
        private let words: UnsafeMutablePointer<Atomic<UInt64>>
        /// The values, in the order they were kept: at most half as many as slots.
        private let values: UnsafeMutablePointer<Value>
        /// How many values are kept (the writing thread's count).
        private(set) var count = 0

        private static var free: UInt64 { .max }

        init(slotCount: Int) {
            self.slotCount = slotCount
            mask = slotCount - 1
            shift = UInt64(64 - slotCount.trailingZeroBitCount)
            words = .allocate(capacity: 2 * slotCount)
            for word in 0..<2 * slotCount { (words + word).initialize(to: Atomic(Self.free)) }
            values = .allocate(capacity: slotCount / 2)
        }

        deinit {
            words.deinitialize(count: 2 * slotCount)
            words.deallocate()
            values.deinitialize(count: count)
            values.deallocate()
        }

        /// The slot holding `key`, or the free slot where it would go.
        @inline(__always)
        private func slot(_ key: TimeKey) -> (index: Int, isFree: Bool) {
            var index = Int(truncatingIfNeeded: (key.bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while true {
                let found = words[2 * index].load(ordering: .acquiring)
                if found == key.bits { return (index, false) }
                if found == Self.free { return (index, true) }
                index = (index + 1) & mask
            }
        }

        @inline(__always)
        func value(for key: TimeKey) -> Value? {
            let (index, isFree) = slot(key)
            return isFree ? nil : values[Int(truncatingIfNeeded: words[2 * index + 1].load(ordering: .relaxed))]
        }

        /// Keeps `value`: the value and its place first, then the key that publishes them.
        func insert(_ value: Value, for key: TimeKey) {
            let (index, isFree) = slot(key)
            guard isFree else { return }
            (values + count).initialize(to: value)
            words[2 * index + 1].store(UInt64(truncatingIfNeeded: count), ordering: .relaxed)
            count += 1
            words[2 * index].store(key.bits, ordering: .releasing)
        }

        /// A table with twice the slots, holding the same values.
        func doubled() -> Storage {
            let larger = Storage(slotCount: slotCount * 2)
            for slot in 0..<slotCount {
                let bits = words[2 * slot].load(ordering: .relaxed)
                if bits != Self.free {
                    larger.insert(values[Int(truncatingIfNeeded: words[2 * slot + 1].load(ordering: .relaxed))],
                                  for: TimeKey(bits: bits))
                }
            }
            return larger
        }
    }
}
