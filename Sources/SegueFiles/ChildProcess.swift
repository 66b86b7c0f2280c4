import Segue

/// A program run to its end, or stopped when it runs out of time: how Segue runs swiftc and the
/// programs it compiles from transition files.
struct ChildProcess {
    /// How the program ended.
    enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
    }

    struct Outcome {
        var ending: Ending
        /// Standard output and error together, when captured; standard error alone, when kept.
        var output: Data
        var seconds: Double
    }

    var executable: URL
    var arguments: [String] = []
    /// The whole environment; nil to inherit this process's.
    var environment: [String: String]?
    /// The working directory; nil for this process's.
    var directory: URL?
    /// Collect standard output and error instead of letting them through to this process's.
    var captureOutput = false
    /// Without `captureOutput`: let standard error through as it comes, and also keep it (in
    /// `Outcome.output`), to read what a crash printed.
    var keepsStandardError = false
    /// Seconds after which the program is killed (SIGKILL); nil for no limit.
    var timeout: Double?

    /// Runs the program to its end. Throws only when it cannot be started, with the reason.
    func run() throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        let reads = captureOutput || keepsStandardError
        if captureOutput { process.standardOutput = pipe }
        if reads { process.standardError = pipe }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let start = DispatchTime.now()
        try process.run()
        let collected = OutputBuffer()
        let drained = DispatchSemaphore(value: 0)
        if reads {
            // Kept standard error also goes through to this process's as it comes.
            let reader = pipe.fileHandleForReading, passesThrough = !captureOutput
            DispatchQueue.global().async {
                var kept = Data()
                while case let chunk = reader.availableData, !chunk.isEmpty {
                    if passesThrough { FileHandle.standardError.write(chunk) }
                    kept.append(chunk)
                }
                collected.set(kept)
                drained.signal()
            }
        }
        // The termination handler, not `waitUntilExit()` alone: on Linux that looks at the program
        // only every 50 ms, which added up to 50 ms to every run.
        var timedOut = false
        if let timeout {
            timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
            if timedOut { kill(process.processIdentifier, SIGKILL) }
        } else {
            finished.wait()
        }
        process.waitUntilExit()
        // A program that left a child holding its output open would keep the pipe from ending:
        // what came within a moment of its end is what there is.
        if reads { _ = drained.wait(timeout: .now() + 2) }
        let status = process.terminationStatus
        let ending: Ending = timedOut ? .timedOut : process.terminationReason == .uncaughtSignal ? .signalled(status) : .exited(status)
        return Outcome(ending: ending, output: collected.data, seconds: Self.seconds(since: start))
    }

    /// Seconds from `start` until now.
    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// The first executable called `name` on the PATH.
    static func find(_ name: String, path: String?) -> URL? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

/// Bytes read on another thread, handed over under a lock.
private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func set(_ data: Data) { lock.withLock { bytes = data } }
    var data: Data { lock.withLock { bytes } }
}
