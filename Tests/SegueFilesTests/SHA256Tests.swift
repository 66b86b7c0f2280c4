import Foundation
@testable import SegueFiles
import Testing

struct SHA256Tests {
    /// FIPS 180-4's examples (NIST's SHA-256 test vectors), and runs of "a" on either side of
    /// the block boundaries where the padding spills into another block (as `sha256sum` gives them).
    static let vectors: [(message: Data, digest: String)] = [
        (Data(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Data("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (Data(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
               + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8),
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        (Data(repeating: 0x61, count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (Data(repeating: 0x61, count: 63), "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (Data(repeating: 0x61, count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (Data(repeating: 0x61, count: 65), "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (Data(repeating: 0x61, count: 119), "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (Data(repeating: 0x61, count: 120), "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
        (Data(repeating: 0x61, count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]

    @Test func givesTheStandardsDigests() {
        for (message, digest) in Self.vectors {
            #expect(BuildCache.hex(SHA256.hash(data: message)) == digest, "\(message.count) bytes")
        }
    }

    @Test func givesTheSameDigestFedInPieces() {
        let message = Self.vectors[3].message + Data(repeating: 0x7a, count: 200)
        let whole = SHA256.hash(data: message)
        for piece in [1, 3, 55, 64, 65, 127] {
            var hasher = SHA256()
            for start in stride(from: 0, to: message.count, by: piece) {
                hasher.update(data: message.subdata(in: start..<min(start + piece, message.count)))
            }
            #expect(hasher.finalize() == whole, "pieces of \(piece) bytes")
        }
    }
}
