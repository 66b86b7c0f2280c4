import Foundation
import ServiceLifecycle

/// Once the server listens, builds the preview, then rebuilds it whenever the transition file or
/// an image it uses changes, until graceful shutdown; then ends every event stream so the server
/// can close.
struct WatchService: Service {
    let session: PreviewSession
    /// Yields once the server listens.
    let listening: AsyncStream<Void>
    /// Told every status after a rebuild, with the seconds the rebuild took.
    let onRebuild: @Sendable (PreviewStatus, Double) -> Void

    func run() async throws {
        for await _ in listening { break }
        guard !Task.isCancelled else { return await session.finish() }
        await session.observeRebuilds(onRebuild)
        await session.rebuild()
        let files = await session.watchedFiles
        let changes = AsyncStream<[String]>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watcher = files.isEmpty ? nil : FileWatcher(paths: files) { changed in changes.continuation.yield(changed) }
        defer { watcher?.stop() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes.stream {
                    await session.rebuild()
                    watcher?.watch(await session.watchedFiles)
                }
            }
            group.addTask {
                try? await gracefulShutdown()
                changes.continuation.finish()
            }
            await group.waitForAll()
        }
        await session.finish()
    }
}
