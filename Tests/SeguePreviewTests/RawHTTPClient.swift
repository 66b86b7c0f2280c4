import Foundation
import NIOCore
import NIOPosix
import SeguePreview

/// A deliberately plain HTTP/1.1 client: it sends the request line exactly as given (so a test
/// can send `/../` that URL clients would tidy away) and reads what the server answers.
struct RawHTTPClient {
    let port: Int

    struct Reply {
        var status: Int
        var head: String
        var body: String

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// GET `path`, read to the end of the response (the connection is closed after it).
    func get(_ path: String) async throws -> Reply {
        let text = try await exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", until: { _ in false })
        return Self.parse(text)
    }

    /// POST `path` with an empty body.
    func post(_ path: String) async throws -> Reply {
        let request = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        return Self.parse(try await exchange(request, until: { _ in false }))
    }

    /// Sends `request` and reads until `until` holds for all that arrived, or the server closes,
    /// or `timeout` seconds pass (then it returns what arrived).
    func exchange(_ request: String, timeout: Double = 30, until: @escaping @Sendable (String) -> Bool) async throws -> String {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound, outbound in
                    try await outbound.write(ByteBuffer(string: request))
                    var text = ""
                    for try await buffer in inbound {
                        text += String(buffer: buffer)
                        if until(text) { break }
                    }
                    return text
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            try? await channel.channel.close()
            return ""
        }
    }

    static func parse(_ text: String) -> Reply {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Reply(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

/// The server-sent events of one `/events` connection, read as they come.
actor EventReader {
    private var text = ""
    private let client: RawHTTPClient
    private var task: Task<Void, Never>?

    init(port: Int) {
        client = RawHTTPClient(port: port)
    }

    /// Connects and keeps reading in the background.
    func start() {
        let client = self.client
        task = Task {
            let box = self
            _ = try? await client.exchange("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", timeout: 600) { text in
                Task { await box.received(text) }
                return false
            }
        }
    }

    private func received(_ all: String) {
        if all.count > text.count { text = all }
    }

    /// Every `status` event so far.
    var statuses: [PreviewStatus] {
        text.components(separatedBy: "\n")
            .filter { $0.hasPrefix("data: ") }
            .compactMap { try? JSONDecoder().decode(PreviewStatus.self, from: Data($0.dropFirst(6).utf8)) }
    }

    /// Waits until a status satisfies `condition`; returns it, or nil after `timeout` seconds.
    func wait(timeout: Double = 60, for condition: @Sendable (PreviewStatus) -> Bool) async -> PreviewStatus? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let found = statuses.last(where: condition) { return found }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    func stop() {
        task?.cancel()
    }
}
