import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls back when any of a set of files changes (written, replaced by a rename, created,
/// deleted), once per burst of changes: an editor's save is often several events, so changes are
/// gathered until `debounce` passes without one.
///
/// On Linux it asks the kernel (inotify) to report changes in the files' folders and sleeps in
/// `poll(2)` between reports: no busy loop, and it sees editors that save by writing a new file and
/// renaming it over the old one. Elsewhere it compares modification dates every `interval`.
public final class FileWatcher: @unchecked Sendable {
    /// Called on the watcher's thread with the changed paths (absolute, standardised).
    public typealias Handler = @Sendable (_ changed: [String]) -> Void

    private let lock = NSLock()
    private var paths: Set<String>
    private var running = true
    private let handler: Handler
    private let debounce: Double
    private let interval: Double
    private var thread: Thread?

    /// How changes are found.
    public enum Mode: Sendable {
        /// The kernel's notifications where the system has them (inotify on Linux), else polling.
        case automatic
        /// Modification dates compared every `interval`, on every system.
        case polling
    }

    /// Starts watching `paths`.
    public init(paths: [String], mode: Mode = .automatic, debounce: Double = 0.1, interval: Double = 0.3,
                handler: @escaping Handler) {
        self.paths = Set(paths.map(Self.standardised))
        self.handler = handler
        self.debounce = debounce
        self.interval = interval
        let thread = Thread { [weak self] in
            if mode == .polling { self?.pollModificationDates() } else { self?.watch() }
        }
        thread.name = "segue-preview-watcher"
        self.thread = thread
        thread.start()
    }

    deinit { stop() }

    /// Replaces the set of watched files (a transition file may start using another image).
    public func watch(_ newPaths: [String]) {
        lock.withLock { paths = Set(newPaths.map(Self.standardised)) }
    }

    /// Stops watching; the handler is not called afterwards.
    public func stop() {
        lock.withLock { running = false }
    }

    private var isRunning: Bool { lock.withLock { running } }
    private var watched: Set<String> { lock.withLock { paths } }

    static func standardised(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private func deliver(_ changed: Set<String>) {
        guard !changed.isEmpty, isRunning else { return }
        handler(changed.sorted())
    }

    #if os(Linux)
    private func watch() {
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return pollModificationDates() }
        defer { close(fd) }
        var folders: [Int32: String] = [:]
        var watchedFolders: Set<String> = []
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM)
        var pending: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while isRunning {
            let files = watched
            for folder in Set(files.map { ($0 as NSString).deletingLastPathComponent }) where !watchedFolders.contains(folder) {
                let wd = inotify_add_watch(fd, folder, mask)
                if wd >= 0 { folders[wd] = folder; watchedFolders.insert(folder) }
            }
            // Sleep until the kernel reports, or until the quiet period after a change ends.
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let timeout = Int32((pending.isEmpty ? 0.25 : debounce) * 1000)
            let ready = poll(&descriptor, 1, timeout)
            if ready == 0 {
                if !pending.isEmpty { deliver(pending); pending = [] }
                continue
            }
            if ready < 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = bytes[nameStart..<min(nameStart + Int(event.len), count)].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if let folder = folders[event.wd] {
                        let path = folder + "/" + name
                        if files.contains(path) { pending.insert(path) }
                    }
                    offset = nameStart + Int(event.len)
                }
            }
        }
    }
    #else
    private func watch() {
        pollModificationDates()
    }
    #endif

    /// The portable fallback: compares every file's modification date and size each `interval`.
    private func pollModificationDates() {
        func signature(_ path: String) -> String {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            let size = (attributes?[.size] as? Int) ?? -1
            return "\(date)/\(size)"
        }
        var last: [String: String] = [:]
        for path in watched { last[path] = signature(path) }
        var pending: Set<String> = []
        while isRunning {
            Thread.sleep(forTimeInterval: pending.isEmpty ? interval : debounce)
            var changed: Set<String> = []
            for path in watched {
                let now = signature(path)
                if let before = last[path], before != now { changed.insert(path) }
                last[path] = now
            }
            if changed.isEmpty, !pending.isEmpty { deliver(pending); pending = [] }
            pending.formUnion(changed)
        }
    }
}
