import Segue

/// Private folders made with `mkdtemp`, for builds and for the documents programs hand back.
enum TemporaryFolder {
    /// A new, empty folder `PREFIX-XXXXXX` inside `parent` (by default the system's temporary folder).
    static func make(in parent: URL = FileManager.default.temporaryDirectory, prefix: String) throws -> URL {
        var template = Array(parent.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: parent.path])
        }
        return URL(fileURLWithPath: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
