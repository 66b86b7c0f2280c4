import Segue

/// Compiles a transition file into a program linked against the Segue library. `SwiftCompiler` runs
/// swiftc; tests substitute their own to count or refuse compilations.
public protocol TransitionCompiler: Sendable {
    /// What identifies this compiler in cache keys (for swiftc, `swiftc --version` and the form of
    /// the arguments it is given).
    func identity() throws(TransitionFileError) -> String
    /// Compiles the file at `sourcePath` (as the user named it, so the compiler's messages and
    /// `#filePath` name it) into an executable at `executable`. Returns what the compiler printed
    /// (warnings) on success; throws `.compileFailed` with its messages otherwise.
    func compile(sourcePath: String, to executable: URL, against segue: SegueInstallation) throws(TransitionFileError) -> String
}

/// swiftc, found through `SWIFT_EXEC` or on the PATH.
public struct SwiftCompiler: TransitionCompiler {
    /// The compiler's executable.
    public var executable: URL

    /// The compiler at `executable`.
    public init(executable: URL) {
        self.executable = executable
    }

    /// The compiler named by `SWIFT_EXEC` (as for SwiftPM), else `swiftc` on the PATH.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) throws(TransitionFileError) -> SwiftCompiler {
        if let exec = environment["SWIFT_EXEC"], !exec.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: exec) else { throw .compilerNotFound }
            return SwiftCompiler(executable: URL(fileURLWithPath: exec))
        }
        guard let found = ChildProcess.find("swiftc", path: environment["PATH"]) else { throw .compilerNotFound }
        return SwiftCompiler(executable: found)
    }

    public func identity() throws(TransitionFileError) -> String {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess(executable: executable, arguments: ["--version"], captureOutput: true).run()
        } catch {
            throw .compilerNotFound
        }
        guard outcome.ending == .exited(0) else { throw .compilerNotFound }
        let placeholder = URL(fileURLWithPath: "/")
        let form = Self.arguments(sourcePath: "", executable: placeholder, segue: SegueInstallation(moduleFolder: placeholder, libraryFolder: placeholder))
        return String(decoding: outcome.output, as: UTF8.self) + form.joined(separator: " ")
    }

    /// The arguments that compile `sourcePath` as the main file of a program (top-level code runs
    /// in order), in Swift 5 language mode so top-level variables need no actor annotations, with
    /// line tables so that a crash's backtrace shows the user's line.
    public static func arguments(sourcePath: String, executable: URL, segue: SegueInstallation) -> [String] {
        [
            "-swift-version", "5",
            "-gline-tables-only",
            "-module-name", "TransitionFile",
            "-I", segue.moduleFolder.path,
            "-L", segue.libraryFolder.path,
            "-lSegue",
            "-Xlinker", "-rpath", "-Xlinker", segue.libraryFolder.path,
            sourcePath,
            "-o", executable.path,
        ]
    }

    public func compile(sourcePath: String, to executable: URL, against segue: SegueInstallation) throws(TransitionFileError) -> String {
        let arguments = Self.arguments(sourcePath: sourcePath, executable: executable, segue: segue)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess(executable: self.executable, arguments: arguments, captureOutput: true).run()
        } catch {
            throw .compilerNotFound
        }
        let printed = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard outcome.ending == .exited(0) else { throw .compileFailed(path: sourcePath, output: printed) }
        return printed
    }
}
