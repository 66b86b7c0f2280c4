/// The text of server-sent events (`text/event-stream`), as `EventSource` reads them.
enum ServerSentEvent {
    /// A `status` event carrying the status as JSON on one `data:` line.
    static func status(_ status: PreviewStatus) -> String {
        event("status", data: status.json())
    }

    /// An event named `name`; every line of `data` becomes a `data:` line.
    static func event(_ name: String, data: String) -> String {
        let lines = data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
        return "event: \(name)\n" + lines.joined(separator: "\n") + "\n\n"
    }
}
