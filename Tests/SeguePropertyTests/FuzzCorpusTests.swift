import Foundation
import SegueFuzzing
import Testing

/// Every input the fuzzer kept (`Tests/Fuzz/corpus/<target>`), replayed through its target as a
/// regression test: each is accepted or refused, none crashes. The corpus grows with
/// `scripts/fuzz --keep`.
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    @Test(arguments: FuzzTarget.allCases)
    func keptInputsStillPass(target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty)
        var accepted = 0
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            if target.run(data) { accepted += 1 }
        }
        print("fuzz corpus \(target.rawValue): \(names.count) inputs replayed, \(accepted) accepted, the rest refused")
    }
}
