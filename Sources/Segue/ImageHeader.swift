/// Reads the type and pixel size of a PNG or JPEG from its first bytes.
enum ImageHeader {
    static func sniff(_ data: Data) -> (String, Size)? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let width = bigEndian(bytes, 16, 4), height = bigEndian(bytes, 20, 4)
            return ("image/png", Size(width: Double(width), height: Double(height)))
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                let length = bigEndian(bytes, i + 2, 2)
                // Start-of-frame markers carry the size (all SOFn except DHT, JPG and DAC).
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                    let height = bigEndian(bytes, i + 5, 2), width = bigEndian(bytes, i + 7, 2)
                    return ("image/jpeg", Size(width: Double(width), height: Double(height)))
                }
                i += 2 + length
            }
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }
}
