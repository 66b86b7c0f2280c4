import Foundation
import Logging
import SeguePreview

/// A preview server running in the background on a free port, as `segue preview` runs it (the
/// server and the file watcher in one service group), for the length of a test.
struct RunningPreview {
    let session: PreviewSession
    let port: Int
    let task: Task<Void, any Error>

    var client: RawHTTPClient { RawHTTPClient(port: port) }

    /// Starts the server for `source` and waits until it listens and has built once.
    static func start(_ source: PreviewSource) async throws -> RunningPreview {
        let session = PreviewSession(source: source)
        let server = try PreviewServer(session: session, port: 0)
        let bound = AsyncStream<Int>.makeStream()
        let task = Task {
            var quiet = Logger(label: "segue-preview-tests")
            quiet.logLevel = .critical
            try await server.run(logger: quiet, onRunning: { port in bound.continuation.yield(port) })
        }
        var port = 0
        for await value in bound.stream { port = value; break }
        let running = RunningPreview(session: session, port: port, task: task)
        let deadline = Date().addingTimeInterval(120)
        while await session.build == nil, await session.problem == nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        return running
    }

    /// Stops the server as Ctrl-C does (the task's cancellation ends the service group) and
    /// waits for it.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// Transition files for the tests, in fresh folders.
enum PreviewFixture {
    /// This test run's folder, removed when the run ends.
    static let runFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segue-preview-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: PreviewFixture.runFolder) }
        return url
    }()

    static func folder() throws -> URL {
        let url = runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A one-layer transition whose layer slides `distance` points right in `duration` seconds.
    static func slide(distance: Double = 100, duration: Double = 0.5) -> String {
        """
        import Segue

        Transition("slide", duration: \(duration)) { t in
            let card = Layer(frame: Rect(x: 20, y: 20, width: 100, height: 100), contents: .color(.orange))
            t.to.addSublayer(card)
            t.animate {
                card.position = Point(x: 70 + \(distance), y: 70)
            }
        }
        """
    }

    /// A 2×1 orange PNG.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP838DAwMAAAAiIAYGJ410tAAAAAElFTkSuQmCC")!
}
