import Foundation
import Synchronization

/// Work done beside the calling thread's, on another core if one takes it up in time: `start`
/// hands it to the system's thread pool, and `result` waits for it there, or does it on the
/// calling thread when no other thread has begun it yet (on a machine whose threads are all busy,
/// rather than wait for one). Without `start`, `result` does it on the calling thread.
final class SideWork<Value>: @unchecked Sendable {
    private let work: () -> Value
    /// Whether a thread has taken the work up (the pool's or the caller's).
    private let taken = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)
    /// Written by the pool's thread before it signals `done`.
    private var value: Value?

    init(_ work: @escaping () -> Value) {
        self.work = work
    }

    /// Offers the work to another thread.
    func start() {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard take() else { return }
            value = work()
            done.signal()
        }
    }

    /// The work's value: done here if no other thread has taken it up, else once that thread is done.
    func result() -> Value {
        if take() { return work() }
        done.wait()
        return value!
    }

    private func take() -> Bool {
        taken.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
