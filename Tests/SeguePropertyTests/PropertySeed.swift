import Foundation

/// The seed of a property run, and each case's choices drawn from it.
///
/// `SEGUE_PROPERTY_SEED` may be any text: `scripts/test` passes the commit's tree of `Sources/`, so
/// a run of the same code checks the same cases on every machine (a failure in CI is reproduced
/// on a laptop) while each change to the code explores new ones. Without it the seed is fresh.
/// A case's choices depend only on the seed and the case's index, whichever shard runs it.
struct PropertySeed: Sendable {
    /// The text the seed was made from, printed so that a run can be repeated.
    let text: String
    private let value: UInt64

    init(_ text: String) {
        self.text = text
        // FNV-1a: the same number for the same text on every machine and in every run.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = hash
    }

    /// The run's seed: `SEGUE_PROPERTY_SEED`, or a fresh one.
    static let current = PropertySeed(ProcessInfo.processInfo.environment["SEGUE_PROPERTY_SEED"].flatMap { $0.isEmpty ? nil : $0 }
                                      ?? String(UInt64.random(in: .min ... .max)))

    /// Case `index`'s choices (see `RandomTransition`): up to `maximumCount` of them, the count
    /// and each choice a hash of the seed, the case and the choice's place.
    func choices(forCase index: Int, maximumCount: Int) -> [UInt32] {
        let start = Self.mixed(value ^ (UInt64(index) &* 0x9e37_79b9_7f4a_7c15))
        let count = Int(start % UInt64(maximumCount + 1))
        return (0..<count).map { UInt32(truncatingIfNeeded: Self.mixed(start &+ UInt64($0 + 1)) >> 32) }
    }

    /// SplitMix64's finaliser: every bit of `x` stirred into every bit of the result.
    private static func mixed(_ x: UInt64) -> UInt64 {
        let a = (x ^ (x >> 30)) &* 0xbf58_476d_1ce4_e5b9
        let b = (a ^ (a >> 27)) &* 0x94d0_49bb_1331_11eb
        return b ^ (b >> 31)
    }
}
