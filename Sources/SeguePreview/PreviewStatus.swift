import Foundation

/// What the page learns from `/status` and from every server-sent event: the current good build
/// (if any) and the current problem (if any).
public struct PreviewStatus: Codable, Sendable, Equatable {
    /// The version of the last good build; 0 before the first.
    public var version: Int
    /// The transition's name, when built.
    public var name: String?
    /// Every transition the source declares, when built.
    public var transitions: [String]?
    /// Its duration in seconds, when built.
    public var duration: Double?
    /// Its width and height, when built.
    public var width: Double?
    public var height: Double?
    /// What the overlay shows; nil when the latest change built.
    public var problem: PreviewProblem?
    /// The transition file, when the preview watches one.
    public var source: String?
    /// Names the running server: a page that reconnects to a restarted preview (whose versions
    /// start again from 1) sees a new one and loads its build.
    public var server: String

    /// The status of a state.
    public init(build: PreviewBuild?, problem: PreviewProblem?, source: String?, server: String) {
        self.server = server
        version = build?.version ?? 0
        name = build?.name
        transitions = build?.transitions
        duration = build?.duration
        width = build?.size.width
        height = build?.size.height
        self.problem = problem
        self.source = source
    }

    /// Compact JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
