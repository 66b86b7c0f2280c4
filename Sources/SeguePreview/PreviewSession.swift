import Foundation
import Segue

/// The state behind a preview: the last good build, the current problem, and the pages listening
/// for changes. A rebuild that fails keeps the last good build (the page keeps playing it) and
/// publishes the problem; the next good one clears it.
public actor PreviewSession {
    /// What is shown.
    public nonisolated let source: PreviewSource
    /// This session's identity, in every status.
    public nonisolated let id = UUID().uuidString
    /// The last good build.
    public private(set) var build: PreviewBuild?
    /// Why the latest change could not be shown, if it could not.
    public private(set) var problem: PreviewProblem?
    /// The images the transition file uses, served under `/assets/`.
    public private(set) var assets: AssetReferences
    /// The transition picked on the page among those of the file, if one was.
    public private(set) var selection: String?
    private var listeners: [UUID: AsyncStream<PreviewStatus>.Continuation] = [:]
    private var observer: (@Sendable (PreviewStatus, Double) -> Void)?
    private var rebuilding = false
    private var rebuildAgain = false
    private var nextVersion = 1

    /// A session for `source`, not yet built: call `rebuild()`.
    public init(source: PreviewSource) {
        self.source = source
        assets = source.filePath.map { AssetReferences(path: $0) } ?? AssetReferences(source: "", path: "/")
    }

    /// What the page is told.
    public var status: PreviewStatus {
        PreviewStatus(build: build, problem: problem, source: source.filePath, server: id)
    }

    /// The files whose changes rebuild the preview: the transition file and its images.
    public var watchedFiles: [String] {
        guard let path = source.filePath else { return [] }
        return [path] + assets.files.values.sorted()
    }

    /// Loads and renders the source again (off the actor: a transition file is compiled by swiftc)
    /// and tells every listener. Calls made during a rebuild fold into one more rebuild after it.
    public func rebuild() async {
        if rebuilding { rebuildAgain = true; return }
        rebuilding = true
        repeat {
            rebuildAgain = false
            let start = ContinuousClock.now
            let version = nextVersion
            let source = self.source
            let selection = self.selection
            let outcome: Result<PreviewBuild, PreviewProblem> = await Self.detached {
                do throws(PreviewProblem) {
                    let loaded = try source.load(selection: selection)
                    return .success(try PreviewBuild(push: loaded.push, pop: loaded.pop, transitions: loaded.names, version: version))
                } catch {
                    return .failure(error)
                }
            }
            if let path = source.filePath { assets = AssetReferences(path: path) }
            switch outcome {
            case .success(let good):
                build = good
                problem = nil
                nextVersion += 1
            case .failure(let failure):
                problem = failure
            }
            publish()
            let elapsed = ContinuousClock.now - start
            observer?(status, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        } while rebuildAgain
        rebuilding = false
    }

    /// Shows the transition named `name` (one of the file's) and rebuilds; false when the file
    /// declares no transition of that name.
    public func select(_ name: String) async -> Bool {
        guard let build, build.transitions.contains(name) else { return false }
        guard name != build.name else { return true }
        selection = name
        await rebuild()
        return true
    }

    /// Calls `observer` after every rebuild (whatever caused it) with the status and the seconds
    /// the rebuild took: the command line prints them.
    public func observeRebuilds(_ observer: @escaping @Sendable (PreviewStatus, Double) -> Void) {
        self.observer = observer
    }

    /// A stream of statuses: the current one first, then one after every rebuild. It ends when the
    /// listener stops iterating or `finish()` is called.
    public func statuses() -> AsyncStream<PreviewStatus> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<PreviewStatus>.makeStream(bufferingPolicy: .bufferingNewest(8))
        continuation.yield(status)
        listeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeListener(id) }
        }
        return stream
    }

    /// How many pages are listening.
    public var listenerCount: Int { listeners.count }

    /// Ends every stream (the server is shutting down).
    public func finish() {
        for continuation in listeners.values { continuation.finish() }
        listeners = [:]
    }

    private func removeListener(_ id: UUID) {
        listeners[id] = nil
    }

    private func publish() {
        let status = self.status
        for continuation in listeners.values { continuation.yield(status) }
    }

    /// Runs blocking work on a thread of its own, not on the concurrency pool.
    private static func detached<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
