import Segue
import SegueFiles
import Testing

struct TransitionFileErrorTests {
    @Test func locatedProblemsPrintLikeTheCompiler() {
        let error = TransitionFileError.diagnostics([Diagnostic(.error, "bad", at: SourceLocation(file: "/x/R.swift", line: 3, column: 1))])
        #expect(error.description == "/x/R.swift:3:1: error: bad")
    }

    @Test func everyOtherProblemIsOneErrorLine() {
        let cases: [TransitionFileError] = [
            .unreadable(path: "R.swift"), .compilerNotFound, .segueNotFound(searched: ["/a", "/b"]),
            .compileFailed(path: "R.swift", output: ""), .cannotRun(path: "R.swift", reason: "busy"),
            .timedOut(path: "R.swift", seconds: 2.5), .crashed(path: "R.swift", signal: SIGILL, site: nil),
            .exited(path: "R.swift", status: 2), .noTransitions(path: "R.swift"),
            .malformedOutput(path: "R.swift", reason: "truncated"),
            .noSuchTransition(path: "R.swift", name: "x", available: ["a", "b"]),
            .ambiguous(path: "R.swift", names: ["a", "b"]), .needsName(path: "R.swift", names: ["a", "b"]),
        ]
        for error in cases {
            #expect(error.description.hasPrefix("error: "), "\(error)")
            #expect(!error.description.contains("\n"), "\(error)")
        }
        #expect(TransitionFileError.timedOut(path: "R.swift", seconds: 10).description.contains("within 10 s"))
        #expect(TransitionFileError.timedOut(path: "R.swift", seconds: 2.5).description.contains("within 2.5 s"))
    }

    @Test func aCrashAtTheUsersLinePrintsLikeTheCompiler() {
        let site = CrashSite(line: 9, column: 32, reason: "Fatal error: Index out of range")
        #expect(TransitionFileError.crashed(path: "R.swift", signal: SIGILL, site: site).description
            == "R.swift:9:32: error: the program crashed here (Fatal error: Index out of range)")
        #expect(TransitionFileError.crashed(path: "R.swift", signal: SIGPIPE, site: nil).description
            .contains("printed to a pipe whose reader had gone"))
        let silent = CrashSite(line: 2, column: 1, reason: nil)
        #expect(TransitionFileError.crashed(path: "R.swift", signal: SIGSEGV, site: silent).description
            == "R.swift:2:1: error: the program crashed here (signal 11: a memory access error)")
    }

    @Test func compilerOutputIsPrintedAsTheCompilerWroteIt() {
        let output = "R.swift:4:5: error: cannot find 'x' in scope"
        #expect(TransitionFileError.compileFailed(path: "R.swift", output: output).description == output)
    }
}
