import Segue

/// How numbers, colours, transforms and paths are spelled in Segue's documents: short, and the same
/// bytes for the same value on every machine.
public enum SVGFormat {
    /// A number with at most `decimals` digits after the point, trailing zeros dropped, no `-0`,
    /// and no zero before the point of a fraction (`.5`, `-.25`), as SVG and CSS allow.
    public static func number(_ value: Double, decimals: Int = 3) -> String {
        spell(value, decimals: decimals, zeroBeforePoint: false)
    }

    /// A number as people write it: as `number`, with a digit before the point (`0.5`). For
    /// messages and captions, and for SMIL clock values (`dur="0.5s"`), whose grammar requires
    /// that digit.
    public static func decimal(_ value: Double, decimals: Int = 3) -> String {
        spell(value, decimals: decimals, zeroBeforePoint: true)
    }

    private static func spell(_ value: Double, decimals: Int, zeroBeforePoint: Bool) -> String {
        // Spelled on the stack, then made a string: documents spell numbers by the ten thousand,
        // and building each from smaller strings cost more than working it out. (A string made
        // with room for the longest spelling would take the heap for every number; one made
        // from the bytes keeps the usual fifteen or fewer in itself.)
        onStack(capacity: longestQuickSpelling, { put in
            spellQuickly(value, decimals: decimals, zeroBeforePoint: zeroBeforePoint, put: put)
        }, { String(decoding: $0, as: UTF8.self) }) ?? spelledByFormat(value, decimals: decimals, zeroBeforePoint: zeroBeforePoint)
    }

    /// Runs `spell` (which puts bytes, and says whether it could spell them itself) into a
    /// buffer of `capacity` bytes on the stack, and hands them to `use`; nil where it could not.
    private static func onStack<Result>(capacity: Int, _ spell: (_ put: (UInt8) -> Void) -> Bool,
                                        _ use: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> Result? in
            var count = 0
            guard spell({ buffer[count] = $0; count += 1 }) else { return nil }
            return use(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes `spellQuickly` writes: a sign, 16 digits before the point (below 2^53), the
    /// point and `maximumSpelledDecimals`.
    private static let longestQuickSpelling = 2 + 16 + maximumSpelledDecimals

    /// `spell`'s bytes, one at a time, to `put`; false, with nothing put, for a number past what
    /// it works out itself, which `spelledByFormat` spells.
    @inline(__always)
    private static func spellQuickly(_ value: Double, decimals: Int, zeroBeforePoint: Bool, put: (UInt8) -> Void) -> Bool {
        guard value.isFinite else { put(UInt8(ascii: "0")); return true }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        if scaled == 0 { put(UInt8(ascii: "0")); return true }
        // Below 2^53 units of the last decimal, `scaled` counts them exactly and splits into whole
        // units and a fraction without rounding; larger counts, and fractions of more digits than
        // an `Int` holds, are spelled the slow way.
        guard scaled < 0x1p53, decimals <= maximumSpelledDecimals else { return false }
        let integer = (scaled / scale).rounded(.down)
        var fraction = UInt64(scaled - integer * scale)
        var width = decimals
        if fraction > 0 {
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        let whole = UInt64(integer)
        if whole > 0 || fraction == 0 || zeroBeforePoint {
            var divisor: UInt64 = 1
            while divisor <= whole / 10 { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(whole / divisor % 10))
                divisor /= 10
            }
        }
        if fraction > 0 {
            put(UInt8(ascii: "."))
            var divisor: UInt64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                divisor /= 10
            }
        }
        return true
    }

    /// The most decimals `spellQuickly` works out itself; more take the slow way.
    private static let maximumSpelledDecimals = 18

    /// `spell` by the C library's rounding of the double's exact value, for numbers past what
    /// `spellQuickly` works out itself: the same rules (trailing zeros dropped, no `-0`, no zero
    /// before the point unless asked).
    private static func spelledByFormat(_ value: Double, decimals: Int, zeroBeforePoint: Bool) -> String {
        var text = String(format: "%.\(decimals)f", abs(value))
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "0" { return "0" }
        if text.hasPrefix("0.") && !zeroBeforePoint { text.removeFirst() }
        return (value < 0 ? "-" : "") + text
    }

    static func numbers(_ values: Double...) -> String {
        numbers(values, decimals: 3, separator: " ")
    }

    /// `values` spelled as `number` spells them, `separator` between them.
    static func numbers(_ values: [Double], decimals: Int, separator: Unicode.Scalar) -> String {
        var list = NumberList(capacity: values.count * 8)
        for (index, value) in values.enumerated() {
            if index > 0 { list.append(separator) }
            list.append(value, decimals: decimals)
        }
        return list.text
    }

    /// `texts` with `separator` between them, made in one piece: `joined(separator:)` guesses the
    /// room it needs and grows the string several times over for an animation's thousands of
    /// values.
    static func joined(_ texts: [String], separator: Unicode.Scalar) -> String {
        var length = max(texts.count - 1, 0)
        for text in texts { length += text.utf8.count }
        var result = ""
        result.reserveCapacity(length)
        for (index, text) in texts.enumerated() {
            if index > 0 { result.unicodeScalars.append(separator) }
            result += text
        }
        return result
    }

    /// One number, or a pair with `separator` between them (a transform step's), spelled as
    /// `number` spells them, on the stack: animations spell one for every keyframe.
    static func numbers(_ first: Double, _ second: Double?, decimals: Int, separator: Unicode.Scalar) -> String {
        onStack(capacity: 2 * longestQuickSpelling + 1, { put in
            guard spellQuickly(first, decimals: decimals, zeroBeforePoint: false, put: put) else { return false }
            guard let second else { return true }
            put(UInt8(ascii: separator))
            return spellQuickly(second, decimals: decimals, zeroBeforePoint: false, put: put)
        }, { String(decoding: $0, as: UTF8.self) }) ?? numbers([first] + [second].compactMap { $0 }, decimals: decimals, separator: separator)
    }

    /// Numbers spelled as `number` spells them, and the characters between them, gathered as
    /// bytes and made a string once: SMIL `values` hold point lists by the thousand, and a
    /// string for each number, joined, cost more than spelling the numbers.
    struct NumberList {
        private var bytes: [UInt8] = []

        /// A list with room for about `capacity` bytes.
        init(capacity: Int) {
            bytes.reserveCapacity(capacity)
        }

        mutating func append(_ value: Double, decimals: Int) {
            // Spelled on the stack, then added at once: the list's storage is checked once a
            // number, not once a digit.
            let added: Void? = onStack(capacity: longestQuickSpelling, { put in
                spellQuickly(value, decimals: decimals, zeroBeforePoint: false, put: put)
            }, { bytes.append(contentsOf: $0) })
            if added == nil { bytes += spelledByFormat(value, decimals: decimals, zeroBeforePoint: false).utf8 }
        }

        /// Appends an ASCII character (a separator).
        mutating func append(_ character: Unicode.Scalar) {
            bytes.append(UInt8(ascii: character))
        }

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// An affine homography as the shortest SVG transform that says it.
    static func transform(_ h: Homography) -> String {
        if h.a == 1 && h.b == 0 && h.d == 0 && h.e == 1 {
            return "translate(\(number(h.g)),\(number(h.h)))"
        }
        if h.b == 0 && h.d == 0 && h.g == 0 && h.h == 0 {
            return h.a == h.e ? "scale(\(number(h.a, decimals: 5)))" : "scale(\(number(h.a, decimals: 5)),\(number(h.e, decimals: 5)))"
        }
        let linear = [h.a, h.b, h.d, h.e].map { number($0, decimals: 5) }
        return "matrix(\(linear.joined(separator: ",")),\(number(h.g)),\(number(h.h)))"
    }

    static func path(_ path: Path) -> String {
        path.elements.map { element -> String in
            switch element {
            case .move(let p): "M\(numbers(p.x, p.y))"
            case .line(let p): "L\(numbers(p.x, p.y))"
            case .quadCurve(let p, let c): "Q\(numbers(c.x, c.y, p.x, p.y))"
            case .curve(let p, let c1, let c2): "C\(numbers(c1.x, c1.y, c2.x, c2.y, p.x, p.y))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }

    /// A colour's RGB in hex, in three digits where they say it (`#fff`); its alpha is written
    /// apart, as an opacity.
    static func color(_ color: Color) -> String {
        let hex = Array(color.hexRGB)
        guard hex.count == 7, hex[1] == hex[2], hex[3] == hex[4], hex[5] == hex[6] else { return color.hexRGB }
        return String([hex[0], hex[1], hex[3], hex[5]])
    }

    static let fontFamily = "-apple-system,BlinkMacSystemFont,'Helvetica Neue',Helvetica,Arial,sans-serif"

    static func fontWeight(_ weight: Text.Weight) -> String {
        switch weight {
        case .regular: "400"
        case .medium: "500"
        case .semibold: "600"
        case .bold: "700"
        }
    }
}

/// Hands out XML ids that are valid names and unique within one document, all under one prefix
/// so several documents can share a page. One per document, shared by whatever names its elements
/// (a strip's clip is named once its layer's strips are cut, after the layout).
final class IDAllocator {
    let prefix: String
    private var used: Set<String> = []
    /// For each name claimed, the counter its next suffix is looked for from: every one before
    /// it is taken, and stays so (a layer cut into thirty strips asks for the same name thirty
    /// times).
    private var nextCounter: [String: Int] = [:]

    init(transitionName: String) {
        prefix = "sg-" + Self.sanitize(transitionName) + "-"
    }

    init(prefix: String) {
        self.prefix = prefix
    }

    func make(_ hint: String) -> String {
        claim(prefix + Self.sanitize(hint))
    }

    /// `name` itself when nothing has it yet, else `name-2`, `name-3`…, kept from then on. A name
    /// made from another (a layer's body from its layer's name) stays apart from a layer that
    /// happens to be called so.
    func claim(_ name: String) -> String {
        var candidate = name
        var counter = nextCounter[name] ?? 2
        if used.contains(candidate) {
            repeat {
                candidate = "\(name)-\(counter)"
                counter += 1
            } while used.contains(candidate)
        }
        nextCounter[name] = counter
        used.insert(candidate)
        return candidate
    }

    /// `text` as an id's part: ASCII letters and digits, `-` and `_` as they are, any other
    /// character `_`.
    static func sanitize(_ text: String) -> String {
        // Most names need nothing changed: told by their bytes, without a string per character.
        if !text.isEmpty && text.utf8.allSatisfy(keepsInID) { return text }
        let mapped = text.unicodeScalars.map { $0.isASCII && keepsInID(UInt8($0.value)) ? String($0) : "_" }.joined()
        return mapped.isEmpty ? "_" : mapped
    }

    /// Whether an id keeps this ASCII byte as it is.
    private static func keepsInID(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
