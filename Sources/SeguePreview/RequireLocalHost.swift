import Foundation
import Hummingbird

/// Answers only requests addressed to the loopback interface by name (`Host: 127.0.0.1`,
/// `localhost` or `[::1]`, any port): a web page elsewhere cannot reach the preview through a
/// domain it points at 127.0.0.1 (DNS rebinding), as development servers such as Vite's refuse.
struct RequireLocalHost<Context: RequestContext>: RouterMiddleware {
    static var allowedHosts: Set<String> { ["127.0.0.1", "localhost", "[::1]"] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authority = request.head.authority, Self.allowedHosts.contains(Self.host(of: authority).lowercased()) else {
            throw HTTPError(.forbidden, message: "the preview answers only requests for 127.0.0.1 or localhost")
        }
        return try await next(request, context)
    }

    /// The host part of `host[:port]` (an IPv6 address keeps its brackets).
    static func host(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[...end])
        }
        return String(authority.prefix { $0 != ":" })
    }
}
