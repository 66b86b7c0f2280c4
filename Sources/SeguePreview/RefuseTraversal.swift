import Foundation
import Hummingbird

/// Refuses any request whose path has a `..` segment, written plainly or percent-encoded.
struct RefuseTraversal<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let decoded = path.removingPercentEncoding ?? path
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false) + path.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }), !decoded.contains("\\"), !decoded.contains("\0") else {
            throw HTTPError(.badRequest, message: "paths with '..' are refused")
        }
        return try await next(request, context)
    }
}
