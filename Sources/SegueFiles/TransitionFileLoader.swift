import Segue

/// Turns a transition file into its transitions the way SwiftPM turns `Package.swift` into a
/// package: compile the file against the Segue library (or take the cached program when the file
/// is unchanged), run the program with a time limit in the file's folder, and read back the
/// `TransitionFileOutput` it writes to the file named by `SEGUE_TRANSITION_OUTPUT`.
public struct TransitionFileLoader: Sendable {
    /// What compiles the file.
    public var compiler: any TransitionCompiler
    /// The Segue module and library the file is compiled against.
    public var segue: SegueInstallation
    /// Where builds are kept; nil to compile every time.
    public var cache: BuildCache?
    /// Segue's version, part of every cache key.
    public var segueVersion: String
    /// Seconds the program may run before it is stopped.
    public var timeout: Double
    /// The environment the program runs in (the output variable is added to it).
    public var environment: [String: String]
    /// Collect what the program prints in `Report.programOutput` instead of letting it through to
    /// this process's standard output and error.
    public var capturesProgramOutput = false

    /// The default time limit in seconds.
    public static let defaultTimeout = 10.0

    /// A loader with every part given (tests substitute the compiler or the cache).
    public init(compiler: any TransitionCompiler, segue: SegueInstallation, cache: BuildCache?,
                segueVersion: String = SegueVersion.current,
                timeout: Double = defaultTimeout, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.compiler = compiler
        self.segue = segue
        self.cache = cache
        self.segueVersion = segueVersion
        self.timeout = timeout
        self.environment = environment
    }

    /// The loader `segue` uses: swiftc, the Segue library next to the running program, the
    /// default cache folder.
    public static func standard(timeout: Double = defaultTimeout,
                                environment: [String: String] = ProcessInfo.processInfo.environment) throws(TransitionFileError) -> TransitionFileLoader {
        TransitionFileLoader(compiler: try SwiftCompiler.find(environment: environment), segue: try SegueInstallation.current(),
                             cache: BuildCache(folder: BuildCache.defaultFolder(environment: environment)),
                             timeout: timeout, environment: environment)
    }

    /// Compiles (or takes from the cache) and runs the file at `path`, and reads its transitions.
    /// `path` is used as given in every message, so pass it as the user wrote it.
    public func load(_ path: String) throws(TransitionFileError) -> TransitionFileContents {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let source = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path)
        }
        let compilerIdentity = if let cache { try cache.identity(of: compiler) } else { try compiler.identity() }
        let key = BuildCache.key(source: source, parts: [segueVersion, compilerIdentity, segue.fingerprint])
        var report = TransitionFileContents.Report(key: key)
        let build = try self.build(path, key: key, report: &report)
        defer { if let leftover = build.temporaryFolder { try? FileManager.default.removeItem(at: leftover) } }
        let output = try run(build.executable, for: path, report: &report)
        return TransitionFileContents(path: path, output: output.relocated(from: build.compiledPath, to: path), report: report)
    }

    private struct Build {
        var executable: URL
        /// The path the file was compiled at: its locations name it.
        var compiledPath: String
        /// A folder to delete after the run (a build that could not be cached).
        var temporaryFolder: URL?
    }

    private func build(_ path: String, key: String, report: inout TransitionFileContents.Report) throws(TransitionFileError) -> Build {
        if let cache, let hit = cache.lookup(key) {
            report.cacheHit = true
            return Build(executable: hit.executable, compiledPath: hit.entry.sourcePath)
        }
        let work: URL
        do {
            // A cache that cannot be written to is skipped: the build then lives in a temporary folder.
            work = try (try? cache?.makeWorkFolder()) ?? TemporaryFolder.make(prefix: "segue-build")
        } catch {
            throw .cannotRun(path: path, reason: "cannot make a temporary folder: \(error.localizedDescription)")
        }
        let executable = work.appendingPathComponent(BuildCache.executableName)
        let start = DispatchTime.now()
        do {
            report.compilerOutput = try compiler.compile(sourcePath: path, to: executable, against: segue)
        } catch {
            try? FileManager.default.removeItem(at: work)
            throw error
        }
        report.compileSeconds = ChildProcess.seconds(since: start)
        if let stored = cache?.store(key, workFolder: work, sourcePath: path) {
            return Build(executable: stored, compiledPath: path)
        }
        return Build(executable: executable, compiledPath: path, temporaryFolder: work)
    }

    private func run(_ executable: URL, for path: String, report: inout TransitionFileContents.Report) throws(TransitionFileError) -> TransitionFileOutput {
        let folder: URL
        do {
            folder = try TemporaryFolder.make(prefix: "segue-run")
        } catch {
            throw .cannotRun(path: path, reason: "cannot make a temporary folder: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("transitions.json")
        var environment = self.environment
        environment[TransitionFileOutput.environmentKey] = document.path
        if environment["SWIFT_BACKTRACE"] == nil {
            // A crash shows the user's line, briefly, on standard error, where it is read.
            environment["SWIFT_BACKTRACE"] = "preset=friendly,interactive=no,output-to=stderr"
        }
        let process = ChildProcess(executable: executable, environment: environment,
                                   directory: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                   captureOutput: capturesProgramOutput, keepsStandardError: true, timeout: timeout)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try process.run()
        } catch {
            throw .cannotRun(path: path, reason: error.localizedDescription)
        }
        report.runSeconds = outcome.seconds
        let output = String(decoding: outcome.output, as: UTF8.self)
        if capturesProgramOutput { report.programOutput = output }
        switch outcome.ending {
        case .timedOut: throw .timedOut(path: path, seconds: timeout)
        case .signalled(let signal):
            throw .crashed(path: path, signal: signal, site: CrashSite(output: output, file: path, image: executable.lastPathComponent))
        case .exited(let status) where status != 0: throw .exited(path: path, status: status)
        case .exited: break
        }
        guard let data = FileManager.default.contents(atPath: document.path) else { throw .noTransitions(path: path) }
        do {
            return try TransitionFileOutput.decode(data)
        } catch {
            throw .malformedOutput(path: path, reason: error.message)
        }
    }
}
