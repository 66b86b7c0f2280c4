import Foundation
@testable import SegueCompiler
import Testing

/// Deferred tracks are worked out on every core, in whatever order the cores finish them, and
/// written on the calling thread in the order they were asked for, each track's handed-off
/// tracks after it: the document cannot depend on which core was quicker.
struct DeferredTracksTests {
    /// Asks for `count` tracks whose work takes longer the earlier it was asked for, each handing
    /// off two more (the second quicker than the first), and returns what was written, in order.
    static func writes(count: Int, immediate: Bool = false, usesThreads: Bool = true,
                       failing: Set<String> = []) -> (written: [String], failure: ExportError?) {
        let tracks = DeferredTracks(immediate: immediate, memos: MemoScope(usesThreads: usesThreads))
        var written: [String] = []
        for index in 0..<count {
            tracks.track { (handoff: DeferredTracks.Handoff) throws(ExportError) -> [DeferredTracks.Track<String>] in
                Thread.sleep(forTimeInterval: Double(count - index) * 0.002)
                if failing.contains("\(index)") { throw ExportError("track \(index) failed") }
                return (0..<2).map { part in
                    handoff.track { () throws(ExportError) -> String in
                        Thread.sleep(forTimeInterval: Double(2 - part) * 0.003)
                        if failing.contains("\(index).\(part)") { throw ExportError("track \(index).\(part) failed") }
                        return "\(index).\(part)"
                    }
                }
            }.whenReady { parts in
                written.append("\(index)")
                for part in parts { part.whenReady { written.append($0) } }
            }
        }
        do throws(ExportError) {
            try tracks.resolve()
            return (written, nil)
        } catch {
            return (written, error)
        }
    }

    /// The order of writes when each track is worked out as it is asked for, one after another.
    static func inOrder(count: Int) -> [String] {
        (0..<count).map { "\($0)" } + (0..<count).flatMap { ["\($0).0", "\($0).1"] }
    }

    @Test func tracksAreWrittenInTheOrderTheyWereAskedFor() {
        let threaded = Self.writes(count: 6)
        #expect(threaded.failure == nil)
        #expect(threaded.written == Self.inOrder(count: 6))
        #expect(Self.writes(count: 6, usesThreads: false).written == Self.inOrder(count: 6))
    }

    @Test func immediateTracksAreWrittenAsTheyAreAsked() {
        // Each track and its parts at once, as its write asks for them.
        let result = Self.writes(count: 3, immediate: true)
        #expect(result.failure == nil)
        #expect(result.written == ["0", "0.0", "0.1", "1", "1.0", "1.1", "2", "2.0", "2.1"])
    }

    @Test func theFirstFailureInOrderIsThrownAndNothingAfterItIsWritten() {
        // Track 4 fails first by the clock (the later a track, the quicker), track 1 first in order.
        let result = Self.writes(count: 6, failing: ["1", "4"])
        #expect(result.failure?.message == "track 1 failed")
        #expect(result.written == ["0"])
        // A handed-off track fails in its turn: after every track asked for before it is written.
        let handed = Self.writes(count: 4, failing: ["2.1", "3.0"])
        #expect(handed.failure?.message == "track 2.1 failed")
        #expect(handed.written == ["0", "1", "2", "3", "0.0", "0.1", "1.0", "1.1", "2.0"])
    }
}
