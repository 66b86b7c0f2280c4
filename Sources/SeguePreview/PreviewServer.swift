import Foundation
import Hummingbird
import Logging
import NIOCore
import Segue
import SegueCompiler
import ServiceLifecycle

/// The preview's HTTP server, on the loopback interface only. It serves what it generated and the
/// images the transition file uses, nothing else:
///
/// | route | what |
/// |---|---|
/// | `/` | the preview page (`templates/preview.html.mustache`, with the shared player) |
/// | `/events` | server-sent events: a `status` event now and after every rebuild |
/// | `/status` | the same status as JSON: build version, size, the problem if any |
/// | `/transition.html` | the figure as `segue export --embed` writes it (CSS 3D and the player) |
/// | `/transition.svg?direction=push\|pop` | the SMIL SVG an `<img>` embed shows |
/// | `/key-numbers.json` | progress, angles, opacities sampled per frame, per direction |
/// | `/assets/NAME` | an image the transition file names as `NAME` |
/// | `POST /select?name=NAME` | show another transition of the file (every page follows) |
///
/// Any other path is 404, a path with a `..` segment is refused (400), no folder is ever listed, and
/// a request addressed to another host name than 127.0.0.1 or localhost is refused (403).
public struct PreviewServer: Sendable {
    /// The state served.
    public let session: PreviewSession
    /// The port to listen on; 0 asks the system for a free one.
    public var port: Int
    /// The page, rendered once.
    let page: Data

    /// A server for `session` on 127.0.0.1:`port`.
    public init(session: PreviewSession, port: Int = 0) throws(ExportError) {
        self.session = session
        self.port = port
        let title: String
        switch session.source {
        case .preset(let name, _): title = name
        case .file(let path, _, _): title = (path as NSString).lastPathComponent
        }
        page = try PreviewPage.render(title: title)
    }

    /// The router with every route; tests drive it without a socket.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequireLocalHost())
        router.add(middleware: RefuseTraversal())
        let session = self.session
        let page = self.page
        router.get("/") { _, _ in
            Self.response(page, type: "text/html; charset=utf-8")
        }
        router.get("/status") { _, _ in
            Self.response(Data(await session.status.json().utf8), type: "application/json")
        }
        router.get("/events") { _, _ in
            let statuses = await session.statuses()
            var headers = HTTPFields()
            headers[.contentType] = "text/event-stream"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 500\n\n"))
                for await status in statuses {
                    try await writer.write(ByteBuffer(string: ServerSentEvent.status(status)))
                }
                try await writer.finish(nil)
            })
        }
        router.get("/transition.html") { _, _ in
            guard let build = await session.build else { throw Self.notBuilt(await session.problem) }
            return Self.response(build.fragment, type: "text/html; charset=utf-8")
        }
        router.get("/transition.svg") { request, _ in
            guard let build = await session.build else { throw Self.notBuilt(await session.problem) }
            let name = request.uri.queryParameters["direction"].map(String.init) ?? "push"
            guard let direction = Direction(rawValue: name), let svg = build.svg[direction] else {
                throw HTTPError(.badRequest, message: "direction must be push or pop")
            }
            return Self.response(svg, type: "image/svg+xml")
        }
        router.get("/key-numbers.json") { _, _ in
            guard let build = await session.build else { throw Self.notBuilt(await session.problem) }
            return Self.response(build.keyNumbers, type: "application/json")
        }
        router.post("/select") { request, _ -> HTTPResponse.Status in
            guard let name = request.uri.queryParameters["name"].map(String.init), await session.select(name) else {
                throw HTTPError(.notFound, message: "the transition file declares no such transition")
            }
            return .noContent
        }
        router.get("/assets/**") { request, _ in
            let name = String(request.uri.path.dropFirst("/assets/".count)).removingPercentEncoding ?? ""
            guard let path = await session.assets.path(for: name),
                  let data = FileManager.default.contents(atPath: path) else {
                throw HTTPError(.notFound)
            }
            return Self.response(data, type: AssetReferences.contentType(of: path))
        }
        return router
    }

    /// The application: the router on 127.0.0.1. `onRunning` receives the bound port.
    public func application(logger: Logger = Logger(label: "segue-preview"),
                            onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "segue"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Runs the server and the file watcher until SIGINT or SIGTERM (or the task is cancelled),
    /// then ends every event stream and shuts down gracefully. `onRunning` receives the bound
    /// port; `onRebuild` every status after a rebuild and the seconds it took (to print them).
    public func run(logger: Logger = Logger(label: "segue-preview"),
                    onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
                    onRebuild: @escaping @Sendable (PreviewStatus, Double) -> Void = { _, _ in }) async throws {
        // The first build waits for the socket: a port in use is reported before anything is built.
        let listening = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watch = WatchService(session: session, listening: listening.stream, onRebuild: onRebuild)
        let app = application(logger: logger) { port in
            listening.continuation.yield()
            await onRunning(port)
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [.init(service: app), .init(service: watch)],
            gracefulShutdownSignals: [.sigint, .sigterm],
            logger: logger
        ))
        try await group.run()
    }

    static func response(_ data: Data, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = String(data.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func notBuilt(_ problem: PreviewProblem?) -> HTTPError {
        HTTPError(.serviceUnavailable, message: problem.map { "not built: \($0.message)" } ?? "building; try again shortly")
    }
}
