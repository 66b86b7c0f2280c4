import Foundation

extension Process {
    /// Runs the program and returns once it has ended, waiting on its termination handler:
    /// `waitUntilExit()` alone looks at the program only every 50 ms on Linux, which added up to
    /// 50 ms to each of the suite's runs of `segue`. Reading a pipe to its end first is fine: the
    /// handler is set before the program starts.
    func runToEnd(readingFirst read: () -> Void = {}) throws {
        let ended = DispatchSemaphore(value: 0)
        terminationHandler = { _ in ended.signal() }
        try run()
        read()
        ended.wait()
        waitUntilExit()   // returns at once now: settles the status
    }
}
