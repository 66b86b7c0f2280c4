import Foundation
@testable import SegueFiles
import Testing

/// A crash is placed at the user's line from what the Swift runtime printed (recorded from
/// programs compiled from transition files by swiftc 6.3 on Linux).
struct CrashSiteTests {
    static let indexOutOfRange = """
    Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

    *** Signal 4: Backtracing from 0x7fd0f596df7f... done ***

    *** Program crashed: Illegal instruction at 0x00007fd0f596df7f ***

    Thread 0 "transition" crashed:

      0 0x00007fd0f596df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
      1 0x00007fd0f5af961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
      2 0x00007fd0f5fb2286 specialized Array.subscript.getter + 85 in libswiftSwiftOnoneSupport.so
      3 closure #1 in closure #1 in  + 82 in transition at /work/tf/OOB.swift:9:32

          7|     let i = values.count + 3
      *   9|         t.from.opacity = values[i]
           |                                ^
      5 TransitionContext.record(duration:delay:location:changes:easing:) + 3174 in libSegue.so at /src/Sources/Segue/TransitionContext.swift:135:33
      7 closure #1 in  + 375 in transition at /work/tf/OOB.swift:8:7
    """

    @Test func anIndexOutOfRangeIsPlacedAtTheInnermostFrameOfTheFile() {
        let site = CrashSite(output: Self.indexOutOfRange, file: "/work/tf/OOB.swift", image: "transition")
        #expect(site == CrashSite(line: 9, column: 32, reason: "Fatal error: Index out of range"))
    }

    /// A cached build compiled from a copy of the file elsewhere names the copy's path: the frame
    /// is still the program's own.
    @Test func aBuildFromACopyElsewhereIsPlacedByItsImage() {
        let site = CrashSite(output: Self.indexOutOfRange, file: "/elsewhere/OOB.swift", image: "transition")
        #expect(site?.line == 9 && site?.column == 32)
    }

    @Test func aFatalErrorKeepsItsMessageWithoutTheRuntimesPath() {
        let output = """
        TransitionFile/Fatal.swift:4: Fatal error: boom at line 4
        *** Program crashed: Illegal instruction at 0x00007f00 ***
          0 0x00007f00 _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          1 main + 40 in transition at /work/Fatal.swift:4:1
        """
        #expect(CrashSite(output: output, file: "/work/Fatal.swift", image: "transition")
            == CrashSite(line: 4, column: 1, reason: "Fatal error: boom at line 4"))
    }

    @Test func aSignalSaysWhatTheRuntimeCalledIt() {
        let output = """
        *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***
          0 0x0000555 closure #1 in  + 12 in transition at /work/Null.swift:6:20
        """
        #expect(CrashSite(output: output, file: "/work/Null.swift", image: "transition")
            == CrashSite(line: 6, column: 20, reason: "Bad pointer dereference"))
    }

    @Test func aBacktraceWithoutTheUsersCodePlacesNothing() {
        let output = """
        *** Program crashed: Illegal instruction at 0x00007f00 ***
          0 0x00007f00 _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          1 Transition.build + 56 in libSegue.so at /src/Sources/Segue/Transition.swift:80:51
        """
        #expect(CrashSite(output: output, file: "/work/R.swift", image: "transition") == nil)
        #expect(CrashSite(output: "", file: "/work/R.swift", image: "transition") == nil)
    }
}
