import Foundation

/// Reports the progress of many jobs. On a terminal: one bar on standard error, redrawn in place,
/// with counts, failures, the time left and what is being built. Otherwise (a log, a pipe): one
/// plain line per finished job on standard output. Errors go to standard error either way.
final class ProgressReporter: Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var running: [String] = []
    }

    private let total: Int
    private let interactive: Bool
    private let started = Date()
    private let state = Locked(State())

    /// A reporter for `total` jobs; `interactive` draws the bar (default: standard error is a terminal).
    init(total: Int, interactive: Bool = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb") {
        self.total = total
        self.interactive = interactive
    }

    /// A job named `name` has started.
    func started(_ name: String) {
        state.withLock { state in
            state.running.append(name)
            draw(state)
        }
    }

    /// A job has finished; `detail` says what it made.
    func finished(_ name: String, detail: String) {
        state.withLock { state in
            state.done += 1
            state.running.removeAll { $0 == name }
            if interactive { draw(state) } else { print("[\(state.done)/\(total)] \(name): \(detail)") }
        }
    }

    /// A job has failed; `report` is its error, already formatted (`path:line:column: error: …`).
    func failed(_ name: String, report: String) {
        state.withLock { state in
            state.done += 1
            state.failed += 1
            state.running.removeAll { $0 == name }
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            printError(report)
            if interactive { draw(state) } else { print("[\(state.done)/\(total)] \(name): failed") }
        }
    }

    /// Clears the bar; call once every job has finished.
    func finish() {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    /// The bar: `[#########           ] 9/20  1 failed  about 12 s left  building book-flip`.
    private func draw(_ state: State) {
        guard interactive else { return }
        let width = 24
        let filled = total == 0 ? width : width * state.done / total
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(state.done)/\(total)"
        if state.failed > 0 { line += "  \(state.failed) failed" }
        if state.done > 0, state.done < total {
            let left = Date().timeIntervalSince(started) / Double(state.done) * Double(total - state.done)
            line += "  about \(Int(left.rounded(.up))) s left"
        }
        if !state.running.isEmpty { line += "  building " + state.running.joined(separator: ", ") }
        let columns = Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + String(line.prefix(max(20, columns - 1)))).utf8))
    }
}
