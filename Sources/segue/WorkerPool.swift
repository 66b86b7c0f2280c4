import Foundation

/// Runs jobs on up to `workers` threads, each taking the next job as it finishes one, and returns
/// the results in the jobs' order whatever order they finished in.
enum WorkerPool {
    static func run<Job: Sendable, Output: Sendable>(_ jobs: [Job], workers: Int,
                                                     _ work: @escaping @Sendable (Job) -> Output) -> [Output] {
        let next = Locked(0)
        let results = Locked([Output?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, jobs.count))) { _ in
            while true {
                let index = next.withLock { (value: inout Int) -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < jobs.count else { return }
                let output = work(jobs[index])
                results.withLock { $0[index] = output }
            }
        }
        return results.withLock { $0.map { $0! } }
    }
}
