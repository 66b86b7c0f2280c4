import Segue

/// A short description of a file as it lies on disk (its path, size, modification time and file
/// number), cheap to read and different whenever the file is rebuilt or replaced: what keys the
/// things worked out from files that take long to ask (a compiler's version, a library's build).
enum FileStamp {
    /// One line for `url`: its path, size, modification time and file number, or that it is missing.
    static func describe(_ url: URL) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            return "\(url.path) missing"
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let fileNumber = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        return "\(url.path) \(size) \(modified) \(fileNumber)"
    }
}
