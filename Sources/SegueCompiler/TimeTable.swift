/// A table from times to values, for `Memo`: open addressing on the time's bits with a
/// multiplicative hash. Memos look up hundreds of thousands of times per projected export, and a
/// `Dictionary<Double, Value>` spends most of each lookup hashing the key with SipHash.
///
/// The values lie in the order they were kept, and the slots only point at them, so growing the
/// table moves small slots, not values.
///
/// Times equal as numbers are the same key (0 and −0 alike); a NaN time is never kept, so it is
/// never found, as in a `Dictionary`.
struct TimeTable<Value> {
    /// A time's bit pattern and where its value lies in `values`; `TimeKey.free` marks an empty slot.
    private struct Slot {
        var key: UInt64
        var index: Int
    }

    private var slots: [Slot]
    private var values: [Value] = []
    /// `slots.count − 1`: the number of slots is a power of two.
    private var mask: Int
    /// How far to shift the hash's product: its top bits pick the slot.
    private var shift: UInt64

    init() {
        slots = Array(repeating: Slot(key: TimeKey.free, index: 0), count: 16)
        mask = 15
        shift = 60
    }

    var count: Int { values.count }

    /// The slot holding `key`, or the free slot where it would go.
    private func slot(_ key: UInt64) -> Int {
        var index = TimeKey(bits: key).home(shift: shift)
        while slots[index].key != key && slots[index].key != TimeKey.free { index = (index + 1) & mask }
        return index
    }

    subscript(t: Double) -> Value? {
        guard let key = TimeKey(t)?.bits else { return nil }
        let found = slots[slot(key)]
        return found.key == key ? values[found.index] : nil
    }

    /// Keeps `value` at `t`, replacing what was there.
    mutating func set(_ value: Value, at t: Double) {
        guard let key = TimeKey(t)?.bits else { return }
        let index = slot(key)
        if slots[index].key == key {
            values[slots[index].index] = value
            return
        }
        slots[index] = Slot(key: key, index: values.count)
        values.append(value)
        if values.count * 2 > slots.count { grow() }
    }

    /// Calls `body` with each time kept and its value.
    func forEach(_ body: (Double, Value) -> Void) {
        for slot in slots where slot.key != TimeKey.free { body(Double(bitPattern: slot.key), values[slot.index]) }
    }

    /// Doubles the slots, keeping every entry.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(key: TimeKey.free, index: 0), count: old.count * 2)
        mask = slots.count - 1
        shift -= 1
        for slot in old where slot.key != TimeKey.free { slots[self.slot(slot.key)] = slot }
    }
}

/// A time as the memos' tables key it: its bit pattern, 0 and −0 alike; a NaN has none, and is
/// never kept.
struct TimeKey {
    /// An empty slot's key: a NaN's bits, never a time's.
    static var free: UInt64 { .max }

    let bits: UInt64

    @inline(__always)
    init?(_ t: Double) {
        if t.isNaN { return nil }
        bits = t == 0 ? 0 : t.bitPattern
    }

    init(bits: UInt64) {
        self.bits = bits
    }

    /// Where looking for the key starts in a table of 2^(64 − `shift`) slots: the top bits of a
    /// multiplicative hash of its bits.
    @inline(__always)
    func home(shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
