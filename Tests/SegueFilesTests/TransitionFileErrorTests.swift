import Segue
import SegueFiles
import Testing

struct TransitionFileErrorTests {
    @Test func locatedProblemsPrintLikeTheCompiler() {
        let error = TransitionFileError.diagnostics([Diagnostic(.error, "bad", at: SourceLocation(file: "/x/R.swift", line: 3, column: 1))])
        #expect(error.description == "/x/R.swift:3:1: error: bad")
    }
}
