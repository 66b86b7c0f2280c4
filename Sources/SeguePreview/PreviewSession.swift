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
    private var listeners: [UUID: AsyncStream<PreviewStatus>.Continuation] = [:]
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
            let version = nextVersion
            let source = self.source
            let outcome: Result<PreviewBuild, PreviewProblem> = await Self.detached {
                do throws(PreviewProblem) {
                    let (push, pop) = try source.load()
                    return .success(try PreviewBuild(push: push, pop: pop, version: version))
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
        } while rebuildAgain
        rebuilding = false
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
