import Foundation

/// Repeated timings of one piece of work, in milliseconds: wall-clock time, and the CPU time of
/// the process, every thread's (which other programs on a shared machine inflate far less, and
/// which shows the work done on other cores: projected strips are sampled on several threads).
struct Timings {
    private(set) var values: [Double]
    private(set) var cpu: [Double] = []

    /// Runs `body` `runs` times and records how long each run took.
    init(runs: Int, _ body: () throws -> Void) rethrows {
        values = []
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds, startCPU = Self.processCPU()
            try body()
            values.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            cpu.append(Self.processCPU() - startCPU)
        }
    }

    init(values: [Double]) {
        self.values = values
    }

    /// The median CPU time of the process (all its threads) per run.
    var cpuMedian: Double { cpu.sorted()[cpu.count / 2] }

    private static func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    var median: Double { values.sorted()[values.count / 2] }
    var p90: Double { values.sorted()[min(values.count - 1, Int(Double(values.count) * 0.9))] }
}

/// How the benchmark spells its figures.
enum Figure {
    static func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
    static func px(_ value: Double) -> String { String(format: "%.3f px", value) }
    static func ratio(_ value: Double) -> String { String(format: value < 1 ? "%.2f×" : "%.1f×", value) }
    static func kb(_ bytes: Int) -> String { String(format: "%.1f KB", Double(bytes) / 1000) }
}

enum Measure {
    /// The size gzip -9 makes of the bytes.
    static func gzipSize(_ data: Data) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9", "-c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard let waitForEnd = try? start(process) else { return 0 }
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        waitForEnd()
        return compressed.count
    }

    /// The most resident memory this program has used so far, in bytes: Linux's `VmHWM`, which
    /// starts afresh at exec (getrusage's `ru_maxrss` keeps the peak of the process that spawned it).
    static func peakResidentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// Starts `process` and returns what waits for its end. The wait is its termination handler's:
    /// `waitUntilExit()` alone looks at the program only every 50 ms on Linux
    /// (swift-corelibs-foundation polls its run loop), which added up to 50 ms to every timing.
    private static func start(_ process: Process) throws -> () -> Void {
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        return {
            ended.wait()
            process.waitUntilExit()   // returns at once now: reaps it and settles its status
        }
    }

    /// Runs a program to its end, its output discarded unless asked for, and its error messages
    /// unless `showsErrors` (then they go to this program's); throws when it fails.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                    captureOutput: Bool = false, showsErrors: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = captureOutput ? output : FileHandle.nullDevice
        process.standardError = showsErrors ? FileHandle.standardError : FileHandle.nullDevice
        let waitForEnd = try start(process)
        let text = captureOutput ? String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) : ""
        waitForEnd()
        guard process.terminationStatus == 0 else {
            let said = showsErrors ? " (its messages are above)" : ""
            throw BenchmarkError("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)\(said)")
        }
        return text
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
