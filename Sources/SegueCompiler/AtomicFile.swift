import Foundation

/// Writes a file so that readers see either the old file or the whole new one: the bytes go to a
/// temporary file beside the target, are flushed to disk, and the temporary file is renamed over
/// the target. On any failure the temporary file is removed and an existing target is untouched.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(ExportError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExportError("the folder '\(folder)' does not exist; create it first or choose another output path")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ExportError("'\(path)' is a folder; give a file name such as '\(path)/out.svg'")
        }
        var template = Array("\(folder)/.\(url.lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw ExportError("cannot write in '\(folder)' (\(String(cString: strerror(errno)))); check its permissions")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        let reason = String(cString: strerror(errno))
        guard written, fchmod(fd, 0o644) == 0, fsync(fd) == 0 else {
            close(fd)
            throw ExportError("cannot write '\(path)' (\(reason)); check the free space and permissions")
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            throw ExportError("cannot write '\(path)' (\(String(cString: strerror(errno)))); check the permissions")
        }
        succeeded = true
    }
}
