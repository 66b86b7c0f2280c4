import Foundation

/// Writes a file so that readers see either the old file or the whole new one: the bytes go to a
/// temporary file beside the target, are flushed to disk, and the temporary file is renamed over
/// the target. On any failure the temporary file is removed and an existing target is untouched.
/// A symbolic link is written through (the file it names is replaced, the link stays), and a file
/// replaced keeps its permissions (a new one is readable by all, 0644).
public enum AtomicFile {
    public static func write(_ data: Data, to given: String) throws(ExportError) {
        let path = followingLinks(given)
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
            let code = errno
            let advice = code == EACCES || code == EPERM ? "check its permissions" : "choose another output path"
            throw ExportError("cannot write in '\(folder)' (\(String(cString: strerror(code)))); \(advice)")
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
        var existing = stat()
        let mode = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        guard written, fchmod(fd, mode) == 0, fsync(fd) == 0 else {
            close(fd)
            throw ExportError("cannot write '\(path)' (\(reason)); check the free space and permissions")
        }
        guard close(fd) == 0, rename(temporary, path) == 0 else {
            throw ExportError("cannot write '\(path)' (\(String(cString: strerror(errno)))); check the permissions")
        }
        succeeded = true
    }

    /// The file a path names once its symbolic links are followed (a few deep; a loop is left
    /// for the write to report): a link's target is relative to the link's folder.
    private static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<8 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = target.hasPrefix("/") ? target
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(target).path
        }
        return current
    }
}
