import Synchronization

/// A table from times to values that one thread writes while others read it: a memo's table,
/// which the thread that writes the document fills as it lays the drawing out while the other
/// cores already keyframe tracks from it (`Memo`).
///
/// Times on the sampling grid and halfway between its steps (`TimeGrid`), which are most of what
/// memos are asked for, each have a slot of their own, found without hashing, in time order: a
/// track sampled from start to end reads them one after another, not a cache line here and there.
/// Other times, and a grid slot's time when another time took the slot first, go to open
/// addressing on the time's bits with a multiplicative hash (`TimeKey`), as in `TimeTable`.
///
/// A value is in place before the key that publishes it (with release ordering), so a reader that
/// finds the key (with acquire ordering) finds the value; a reader that looks while the key is
/// being written finds nothing, and works the value out itself. Growing the hashed slots builds a
/// new table and publishes it whole; the old ones stay until the table goes, as a reader may still
/// be looking in one (it then misses only what was kept since).
///
/// Only the writing thread may call `set`, and a time, once kept, keeps its value.
final class PublishedTimeTable<Value>: @unchecked Sendable {
    /// The hashed slots and the values readers look in.
    private let current: Atomic<Unmanaged<Storage>>
    /// Every table published, the current one last, released with this one.
    private var published: [Storage]
    /// The grid's slots: words `2 × slot` (the key) and `2 × slot + 1` (where its value lies).
    private let gridWords: UnsafeMutablePointer<Atomic<UInt64>>
    private let grid: TimeGrid

    init(grid: TimeGrid = .none) {
        let storage = Storage(slotCount: 16, valueCapacity: 8)
        published = [storage]
        current = Atomic(Unmanaged.passUnretained(storage))
        self.grid = grid
        gridWords = .allocate(capacity: 2 * grid.count)
        for word in 0..<2 * grid.count { (gridWords + word).initialize(to: Atomic(TimeKey.free)) }
    }

    deinit {
        gridWords.deinitialize(count: 2 * grid.count)
        gridWords.deallocate()
    }

    /// The values kept, for the writing thread.
    var count: Int { current.load(ordering: .relaxed)._withUnsafeGuaranteedRef { $0.count } }

    /// The value kept at `t`, if any (from any thread).
    @inline(__always)
    subscript(t: Double) -> Value? {
        guard let key = TimeKey(t) else { return nil }
        if let slot = grid.slot(of: t) {
            let found = gridWords[2 * slot].load(ordering: .acquiring)
            // A free slot: no time that falls in it was kept, here or hashed (a time is hashed
            // only once another took its slot).
            if found == TimeKey.free { return nil }
            if found == key.bits {
                let index = Int(truncatingIfNeeded: gridWords[2 * slot + 1].load(ordering: .relaxed))
                return current.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.value(at: index) }
            }
        }
        return current.load(ordering: .acquiring)._withUnsafeGuaranteedRef { $0.value(for: key) }
    }

    /// Keeps `value` at `t`, a time not kept yet (on the writing thread only).
    func set(_ value: Value, at t: Double) {
        guard let key = TimeKey(t) else { return }
        storageWithRoom()._withUnsafeGuaranteedRef { storage in
            if let slot = grid.slot(of: t) {
                let found = gridWords[2 * slot].load(ordering: .relaxed)
                if found == key.bits { return }
                if found == TimeKey.free {
                    let index = storage.append(value)
                    gridWords[2 * slot + 1].store(UInt64(truncatingIfNeeded: index), ordering: .relaxed)
                    gridWords[2 * slot].store(key.bits, ordering: .releasing)
                    return
                }
            }
            storage.insert(value, for: key)
        }
    }

    /// The current storage, as this thread last published it, with room for one more value (and
    /// its hashed slot): a larger one published first when it is full. Read without counting a
    /// reference to it or claiming `published` (a memo keeps values by the thousand).
    private func storageWithRoom() -> Unmanaged<Storage> {
        let storage = current.load(ordering: .relaxed)
        guard storage._withUnsafeGuaranteedRef({ $0.isFull }) else { return storage }
        let larger = storage._withUnsafeGuaranteedRef { $0.grown(sampledValues: grid.count) }
        published.append(larger)
        current.store(Unmanaged.passUnretained(larger), ordering: .releasing)
        return Unmanaged.passUnretained(larger)
    }

    /// Keeps each of `other`'s values at a time this table does not hold yet (on the writing
    /// thread only).
    func merge(_ other: TimeTable<Value>) {
        other.forEach { t, value in
            if self[t] == nil { set(value, at: t) }
        }
    }
}

/// The times memos are mostly asked for: the sampling grid's, `spacing` apart from 0 (half its
/// step, for the middles refinement looks at), `count` of them.
struct TimeGrid: Sendable {
    /// One over the spacing.
    private let perSecond: Double
    let count: Int

    /// No grid: every time is hashed.
    static let none = TimeGrid(perSecond: 0, count: 0)

    private init(perSecond: Double, count: Int) {
        self.perSecond = perSecond
        self.count = count
    }

    /// The grid's times and the middles between them, over `duration` seconds.
    init(step: Double, duration: Double) {
        guard step > 0, duration.isFinite, duration >= 0 else {
            self = .none
            return
        }
        perSecond = 2 / step
        count = Int((duration * perSecond).rounded(.up)) + 1
    }

    /// The slot a time falls in: the nearest multiple of the spacing, if there is one.
    @inline(__always)
    func slot(of t: Double) -> Int? {
        let position = (t * perSecond).rounded()
        guard position >= 0, position < Double(count) else { return nil }
        return Int(position)
    }
}

extension PublishedTimeTable {
    /// The values, and the hashed slots of the times that have no grid slot, of a fixed size: its
    /// keys published one by one. A value keeps its place when the table grows.
    fileprivate final class Storage {
        let slotCount: Int
        /// How many values `values` has room for.
        private let valueCapacity: Int
        private let mask: Int
        private let shift: UInt64
        /// Each slot's key, and beside it (on the same cache line) where its value lies in
        /// `values`: words `2 × slot` and `2 × slot + 1`. A key is `TimeKey.free` while the slot is
        /// empty; an index is only read once its key is found.
        private let words: UnsafeMutablePointer<Atomic<UInt64>>
        /// The values, in the order they were kept, those of grid slots and hashed ones alike.
        private let values: UnsafeMutablePointer<Value>
        /// How many values are kept (the writing thread's count).
        private(set) var count = 0
        /// How many of them have a hashed slot: at most half as many as slots.
        private var hashedCount = 0

        init(slotCount: Int, valueCapacity: Int) {
            self.slotCount = slotCount
            self.valueCapacity = valueCapacity
            mask = slotCount - 1
            shift = UInt64(64 - slotCount.trailingZeroBitCount)
            words = .allocate(capacity: 2 * slotCount)
            for word in 0..<2 * slotCount { (words + word).initialize(to: Atomic(TimeKey.free)) }
            values = .allocate(capacity: valueCapacity)
        }

        /// Whether one more value, hashed or not, would not fit.
        var isFull: Bool { count == valueCapacity || (hashedCount + 1) * 2 > slotCount }

        deinit {
            words.deinitialize(count: 2 * slotCount)
            words.deallocate()
            values.deinitialize(count: count)
            values.deallocate()
        }

        /// The slot holding `key`, or the free slot where it would go.
        @inline(__always)
        private func slot(_ key: TimeKey) -> (index: Int, isFree: Bool) {
            var index = key.home(shift: shift)
            while true {
                let found = words[2 * index].load(ordering: .acquiring)
                if found == key.bits { return (index, false) }
                if found == TimeKey.free { return (index, true) }
                index = (index + 1) & mask
            }
        }

        @inline(__always)
        func value(for key: TimeKey) -> Value? {
            let (index, isFree) = slot(key)
            return isFree ? nil : values[Int(truncatingIfNeeded: words[2 * index + 1].load(ordering: .relaxed))]
        }

        /// The value kept `index`th.
        @inline(__always)
        func value(at index: Int) -> Value {
            values[index]
        }

        /// Keeps `value` without a key (the caller publishes one), and says where.
        func append(_ value: Value) -> Int {
            (values + count).initialize(to: value)
            count += 1
            return count - 1
        }

        /// Keeps `value` in a hashed slot: the value and its place first, then the key that
        /// publishes them.
        func insert(_ value: Value, for key: TimeKey) {
            let (index, isFree) = slot(key)
            guard isFree else { return }
            let place = append(value)
            hashedCount += 1
            words[2 * index + 1].store(UInt64(truncatingIfNeeded: place), ordering: .relaxed)
            words[2 * index].store(key.bits, ordering: .releasing)
        }

        /// A larger table holding the same values in the same places: twice the hashed slots
        /// where they are half full, and room for more values where those are full: twice as
        /// many, or at once `sampledValues` once a memo keeps a few dozen (it is then most often
        /// asked along the sampling grid, whose times and middles have slots of their own but
        /// whose values fill the list: doubling from eight, book-flip's largest lists copied
        /// themselves nine times, and their hashed slots, sized to the values, with them).
        func grown(sampledValues: Int) -> Storage {
            let slots = (hashedCount + 1) * 2 > slotCount ? slotCount * 2 : slotCount
            let capacity = count < valueCapacity ? valueCapacity
                : valueCapacity >= 32 ? max(2 * valueCapacity, sampledValues) : 2 * valueCapacity
            let larger = Storage(slotCount: slots, valueCapacity: capacity)
            larger.values.initialize(from: values, count: count)
            larger.count = count
            larger.hashedCount = hashedCount
            for slot in 0..<slotCount {
                let bits = words[2 * slot].load(ordering: .relaxed)
                guard bits != TimeKey.free else { continue }
                let (index, _) = larger.slot(TimeKey(bits: bits))
                larger.words[2 * index + 1].store(words[2 * slot + 1].load(ordering: .relaxed), ordering: .relaxed)
                larger.words[2 * index].store(bits, ordering: .relaxed)
            }
            return larger
        }
    }
}
