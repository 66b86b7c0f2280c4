import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `segue preview` as a user runs it: it prints its URL, serves until Ctrl-C and then exits 0;
/// what it cannot serve is refused at once with a message and a non-zero exit.
@Suite(.serialized) struct PreviewCLITests {
    /// Starts `segue preview` with `arguments`; its standard output and error go to files.
    final class Server {
        let process = Process()
        let output: URL
        let errors: URL

        init(_ arguments: [String], environment: [String: String]? = nil) throws {
            let folder = try CLITests.folder()
            output = folder.appendingPathComponent("stdout")
            errors = folder.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.executableURL = CLITests.binary
            process.arguments = ["preview"] + arguments
            if let environment { process.environment = environment }
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        }

        var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

        /// The URL it printed, once it has.
        func url(timeout: Double = 60) -> URL? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("Previewing ") }),
                   let start = line.range(of: "http://") {
                    return URL(string: String(line[start.lowerBound...].prefix { $0 != " " }))
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }

        /// Waits for the process to end; its status, or nil when it did not end in time.
        func waitForExit(timeout: Double = 20) -> Int32? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate(); return nil }
            return process.terminationStatus
        }
    }

    @Test func printsItsURLAndStopsCleanlyOnControlC() async throws {
        let server = try Server(["open-door"])
        let url = try #require(server.url(), "no URL printed: \(server.stderr)")
        #expect(url.host == "127.0.0.1")
        let deadline = Date().addingTimeInterval(60)
        while !server.stdout.contains("built open-door"), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        // A page listening for reloads holds a connection open: Ctrl-C must still end promptly.
        let (data, response) = try await URLSession.shared.data(from: url.appendingPathComponent("status"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("\"name\":\"open-door\""))
        let events = URLSession.shared.dataTask(with: url.appendingPathComponent("events"))
        events.resume()
        try await Task.sleep(for: .milliseconds(300))
        kill(server.process.processIdentifier, SIGINT)
        #expect(server.waitForExit() == 0, "\(server.stderr)")
        #expect(server.stdout.contains("Stopped."))
        events.cancel()
    }

    #if os(Linux)
    @Test func openHandsTheURLToTheSystemsOpener() throws {
        let folder = try CLITests.folder()
        let opened = folder.appendingPathComponent("opened")
        let opener = folder.appendingPathComponent("xdg-open")
        try "#!/bin/sh\necho \"$@\" > '\(opened.path)'\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let server = try Server(["open-door", "--open"], environment: environment)
        let url = try #require(server.url())
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: opened.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect((try? String(contentsOf: opened, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == url.absoluteString)
        kill(server.process.processIdentifier, SIGINT)
        #expect(server.waitForExit() == 0)
    }
    #endif

    @Test func aPortInUseIsRefusedWithAMessage() throws {
        let first = try Server(["open-door"])
        let url = try #require(first.url())
        let second = try Server(["open-door", "--port", String(url.port ?? 0)])
        #expect(second.waitForExit() == 1)
        #expect(second.stderr.contains("port \(url.port ?? 0) is in use"))
        #expect(!second.stdout.contains("built"))
        kill(first.process.processIdentifier, SIGINT)
        #expect(first.waitForExit() == 0)
    }

    @Test(arguments: [
        (["no-such-preset"], "there is no preset named 'no-such-preset'"),
        (["Missing.swift"], "cannot read 'Missing.swift'"),
        (["open-door", "--param", "nonsense"], "error: "),
        (["open-door", "--port", "70000"], "--port must be"),
        // An option that would change nothing is refused, not ignored.
        (["open-door", "--timeout", "5"], "--timeout is for a transition file, which is compiled and run"),
        (["open-door", "--name", "door"], "--name picks a transition of a transition file"),
    ])
    func badInputEndsAtOnceWithAMessage(arguments: [String], message: String) throws {
        let server = try Server(arguments)
        let status = server.waitForExit()
        #expect(status != nil && status != 0)
        #expect(server.stderr.contains(message), "\(server.stderr)")
    }
}
