/// A table from times to values, for `Memo`: open addressing on the time's bits with a
/// multiplicative hash. Memos look up hundreds of thousands of times per projected export, and a
/// `Dictionary<Double, Value>` spends most of each lookup hashing the key with SipHash.
///
/// Times equal as numbers are the same key (0 and −0 alike); a NaN time is never kept, so it is
/// never found, as in a `Dictionary`.
struct TimeTable<Value> {
    /// The keys' bit patterns; `empty` marks a free slot (a NaN's pattern, never a key).
    private var keys: [UInt64]
    private var values: [Value?]
    /// `keys.count − 1`: the table's size is a power of two.
    private var mask: Int
    /// How far to shift the hash's product: its top bits pick the slot.
    private var shift: UInt64
    private(set) var count = 0

    private static var empty: UInt64 { .max }

    init() {
        keys = Array(repeating: Self.empty, count: 16)
        values = Array(repeating: nil, count: 16)
        mask = 15
        shift = 60
    }

    /// The key for a time, or nil for a NaN (never kept).
    private static func key(_ t: Double) -> UInt64? {
        t.isNaN ? nil : (t == 0 ? 0 : t.bitPattern)
    }

    /// The slot holding `key`, or the free slot where it would go.
    private func slot(_ key: UInt64) -> Int {
        var index = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while keys[index] != key && keys[index] != Self.empty { index = (index + 1) & mask }
        return index
    }

    subscript(t: Double) -> Value? {
        get {
            guard let key = Self.key(t) else { return nil }
            return values[slot(key)]
        }
    }

    /// Keeps `value` at `t`, replacing what was there.
    mutating func set(_ value: Value, at t: Double) {
        guard let key = Self.key(t) else { return }
        let index = slot(key)
        if keys[index] == Self.empty {
            keys[index] = key
            count += 1
        }
        values[index] = value
        if count * 2 > keys.count { grow() }
    }

    /// Keeps each of `other`'s values at a time this table does not hold yet.
    mutating func merge(_ other: TimeTable<Value>) {
        for (key, value) in zip(other.keys, other.values) where key != Self.empty {
            if self[Double(bitPattern: key)] == nil, let value { set(value, at: Double(bitPattern: key)) }
        }
    }

    /// Doubles the slots, keeping every entry.
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        mask = keys.count - 1
        shift -= 1
        for (key, value) in zip(oldKeys, oldValues) where key != Self.empty {
            let index = slot(key)
            keys[index] = key
            values[index] = value
        }
    }
}
