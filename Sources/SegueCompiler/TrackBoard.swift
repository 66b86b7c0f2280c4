import Foundation

/// The deferred tracks' work still to do, handed out to whichever core asks next, and what of it
/// is done. The thread that writes the document takes work too while the track it writes next is
/// still being worked out, and the other cores wait here for more until the board is closed.
final class TrackBoard: @unchecked Sendable {
    /// One track's work. Its outcome (and what the track keeps) is written by the thread that does
    /// it, and read once the board says it is done.
    final class Job: @unchecked Sendable {
        /// Does the work: returns why it failed (nil when it did not), and keeps what it worked out.
        fileprivate let work: () -> ExportError?
        /// Guarded by the board's lock.
        fileprivate var isDone = false
        /// Why the work failed; read once it is done.
        private(set) var failure: ExportError?

        init(_ work: @escaping () -> ExportError?) {
            self.work = work
        }

        fileprivate func run() {
            failure = work()
        }
    }

    private let condition = NSCondition()
    /// Work not taken yet, oldest first, from `head` on.
    private var waiting: [Job] = []
    private var head = 0
    private var isClosed = false

    /// Puts work on the board, for any core to take (from any thread).
    func add(_ job: Job) {
        condition.lock()
        waiting.append(job)
        condition.unlock()
        condition.signal()
    }

    /// Works on the board until `job` is done: returns at once if it is, else takes the oldest
    /// work waiting and does it, or waits for the core that took `job`.
    func work(until job: Job) {
        work { !job.isDone }
    }

    /// Does the work on the board as it comes, until the board is closed (a core other than the
    /// writing thread's).
    func help() {
        work { !isClosed }
    }

    /// Takes the oldest work waiting and does it, or waits for some, for as long as `goesOn`
    /// (asked with the lock held).
    private func work(while goesOn: () -> Bool) {
        condition.lock()
        while goesOn() {
            if let next = takeLocked() {
                condition.unlock()
                run(next)
                condition.lock()
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }

    /// Tells the cores waiting for work that none will come; what they are doing they finish.
    func close() {
        condition.lock()
        isClosed = true
        waiting = []
        head = 0
        condition.unlock()
        condition.broadcast()
    }

    /// The oldest work not taken yet, taken; with the lock held.
    private func takeLocked() -> Job? {
        guard head < waiting.count else { return nil }
        head += 1
        return waiting[head - 1]
    }

    /// Does `job`, then tells the waiting threads (the writing thread may wait for just this one).
    private func run(_ job: Job) {
        job.run()
        condition.lock()
        job.isDone = true
        condition.unlock()
        condition.broadcast()
    }
}
