import Foundation
import Testing
@testable import SeguePreview

/// The preview server over a real socket on 127.0.0.1: its routes, what it refuses, its events.
@Suite(.serialized) struct PreviewServerTests {
    @Test func servesThePageAndWhatItGenerated() async throws {
        let preview = try await RunningPreview.start(.preset(name: "circle-reveal", overrides: []))
        defer { Task { await preview.stop() } }
        let page = try await preview.client.get("/")
        #expect(page.status == 200)
        #expect(page.header("content-type") == "text/html; charset=utf-8")
        #expect(page.body.contains("window.Segue") && page.body.contains("new EventSource(\"/events\")"))

        let status = try await preview.client.get("/status")
        let decoded = try JSONDecoder().decode(PreviewStatus.self, from: Data(status.body.utf8))
        #expect(decoded.version == 1 && decoded.name == "circle-reveal" && decoded.problem == nil)
        #expect(decoded.width == 375 && decoded.height == 667)

        let figure = try await preview.client.get("/transition.html")
        #expect(figure.status == 200 && figure.body.contains("class=\"segue-figure"))
        #expect(figure.body.contains("segue-loop") && figure.body.contains("segue-speed"))
        for direction in ["push", "pop"] {
            let svg = try await preview.client.get("/transition.svg?direction=\(direction)")
            #expect(svg.status == 200 && svg.header("content-type") == "image/svg+xml")
            #expect(svg.body.contains("<svg") && svg.body.contains("circle-reveal transition (\(direction)"))
        }
        #expect(try await preview.client.get("/transition.svg?direction=sideways").status == 400)

        let numbers = try await preview.client.get("/key-numbers.json")
        let tables = try JSONDecoder().decode([String: KeyNumbers].self, from: Data(numbers.body.utf8))
        #expect(tables["push"]?.columns.first == "progress")
        #expect(tables["push"]?.columns.contains("to mask width") == true)
        #expect(tables["push"]?.frames.count == 31)   // 0.5 s at 60 frames per second, both ends
        #expect(tables["push"]?.frame(at: 0.25).first == 0.5)
    }

    @Test(arguments: [
        "/nothing", "/assets/secret.png", "/templates/", "/Package.swift", "/transition.json",
    ])
    func anythingElseIsNotFound(path: String) async throws {
        let preview = try await RunningPreview.start(.preset(name: "open-door", overrides: []))
        defer { Task { await preview.stop() } }
        let reply = try await preview.client.get(path)
        #expect(reply.status == 404)
        #expect(!reply.body.contains("Package"))
    }

    @Test(arguments: [
        "/assets/../Package.swift", "/../Package.swift", "/assets/%2e%2e/%2e%2e/etc/passwd",
        "/assets/..%2fPackage.swift", "/./status",
    ])
    func pathTraversalIsRefused(path: String) async throws {
        let preview = try await RunningPreview.start(.preset(name: "open-door", overrides: []))
        defer { Task { await preview.stop() } }
        let reply = try await preview.client.get(path)
        #expect(reply.status == 400, "\(path) answered \(reply.status)")
        #expect(!reply.body.contains("swift-tools-version") && !reply.body.contains("root:"))
    }

    @Test func answersOnlyRequestsForTheLoopbackByName() async throws {
        let preview = try await RunningPreview.start(.preset(name: "open-door", overrides: []))
        defer { Task { await preview.stop() } }
        for host in ["127.0.0.1:\(preview.port)", "localhost:\(preview.port)", "LOCALHOST", "[::1]:\(preview.port)"] {
            let reply = RawHTTPClient.parse(try await preview.client.exchange(
                "GET /status HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", until: { _ in false }))
            #expect(reply.status == 200, "Host: \(host)")
        }
        for host in ["evil.example", "evil.example:\(preview.port)", "127.0.0.1.evil.example"] {
            let reply = RawHTTPClient.parse(try await preview.client.exchange(
                "GET /status HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n", until: { _ in false }))
            #expect(reply.status == 403, "Host: \(host)")
            #expect(!reply.body.contains("open-door"))
        }
    }

    #if os(Linux)
    @Test func listensOnLoopbackOnly() async throws {
        let preview = try await RunningPreview.start(.preset(name: "open-door", overrides: []))
        defer { Task { await preview.stop() } }
        // The kernel's table of listening sockets: 127.0.0.1 (0100007F), never 0.0.0.0.
        let addresses = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        let hexPort = String(format: "%04X", preview.port)
        #expect(addresses.contains("0100007F:\(hexPort)"), "no listener on 127.0.0.1:\(preview.port)")
        #expect(!addresses.contains("00000000:\(hexPort)"))
    }
    #endif
}
