import Foundation
import ServiceLifecycle

/// Builds the preview once, then rebuilds it whenever the transition file or an image it uses
/// changes, until graceful shutdown; then ends every event stream so the server can close.
struct WatchService: Service {
    let session: PreviewSession
    let onRebuild: @Sendable (PreviewStatus) -> Void

    func run() async throws {
        await rebuild()
        let files = await session.watchedFiles
        let changes = AsyncStream<[String]>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watcher = files.isEmpty ? nil : FileWatcher(paths: files) { changed in changes.continuation.yield(changed) }
        defer { watcher?.stop() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes.stream {
                    await rebuild()
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

    private func rebuild() async {
        await session.rebuild()
        onRebuild(await session.status)
    }
}
