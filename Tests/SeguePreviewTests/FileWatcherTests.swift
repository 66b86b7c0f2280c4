import Foundation
import Testing
@testable import SeguePreview

/// The watcher reports a burst of writes once, sees saves by rename, and ignores other files.
@Suite(.serialized) struct FileWatcherTests {
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [[String]] = []
        func add(_ paths: [String]) { lock.withLock { list.append(paths) } }
        var all: [[String]] { lock.withLock { list } }
    }

    func wait(for calls: Calls, count: Int, seconds: Double = 5) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while calls.all.count < count, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test func thePortableFallbackSeesChangesToo() async throws {
        let folder = try PreviewFixture.folder()
        let file = folder.appendingPathComponent("Reveal.swift")
        try Data("a".utf8).write(to: file)
        let calls = Calls()
        let watcher = FileWatcher(paths: [file.path], mode: .polling, interval: 0.05) { calls.add($0) }
        defer { watcher.stop() }
        try await Task.sleep(for: .milliseconds(200))
        try Data("a longer text".utf8).write(to: file, options: .atomic)
        try await wait(for: calls, count: 1)
        #expect(calls.all == [[file.standardizedFileURL.path]])
    }

    @Test func aBurstOfWritesIsOneChange() async throws {
        let folder = try PreviewFixture.folder()
        let file = folder.appendingPathComponent("Reveal.swift")
        let other = folder.appendingPathComponent("notes.txt")
        try Data("a".utf8).write(to: file)
        let calls = Calls()
        let watcher = FileWatcher(paths: [file.path]) { calls.add($0) }
        defer { watcher.stop() }
        try await Task.sleep(for: .milliseconds(300))   // the watch is in place
        // Back to back, as an editor's save and its formatter write: well within the 100 ms the
        // watcher waits for quiet (a pause between writes would race that window on a busy machine).
        for index in 0..<5 {
            try Data("edit \(index)".utf8).write(to: file)
            try Data("noise".utf8).write(to: other)
        }
        try await wait(for: calls, count: 1)
        try await Task.sleep(for: .milliseconds(400))   // and nothing more comes
        #expect(calls.all == [[file.standardizedFileURL.path]])
    }

    @Test func aSaveByRenameAndANewlyWatchedFileAreSeen() async throws {
        let folder = try PreviewFixture.folder()
        let file = folder.appendingPathComponent("Reveal.swift")
        try Data("a".utf8).write(to: file)
        let calls = Calls()
        let watcher = FileWatcher(paths: [file.path]) { calls.add($0) }
        defer { watcher.stop() }
        try await Task.sleep(for: .milliseconds(300))
        try Data("b".utf8).write(to: file, options: .atomic)         // a temporary file renamed over it
        try await wait(for: calls, count: 1)
        #expect(calls.all.count == 1)

        // An image in a subfolder the file starts to use.
        let art = folder.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let image = art.appendingPathComponent("cover.png")
        try PreviewFixture.png.write(to: image)
        watcher.watch([file.path, image.path])
        try await Task.sleep(for: .milliseconds(400))
        try Data(PreviewFixture.png.reversed()).write(to: image)
        try await wait(for: calls, count: 2)
        #expect(calls.all.last == [image.standardizedFileURL.path])
    }
}

/// What the page's readout shows comes from the model.
@Suite struct KeyNumbersTests {
    @Test func aMaskedRevealReportsTheMaskWidthFromTheButtonOutward() throws {
        let push = try PreviewSource.preset(name: "circle-reveal", overrides: []).load().push
        let numbers = KeyNumbers(push)
        #expect(numbers.columns.first == "progress")
        let mask = try #require(numbers.columns.firstIndex(of: "to mask width"))
        #expect(numbers.frame(at: 0)[mask] == 40)                      // the 40 pt button
        #expect(numbers.frame(at: 0.5)[0] == 1)
        #expect(numbers.frame(at: 0.5)[mask] > 1000)                     // past the farthest corner
    }

    @Test func aBookReportsItsPagesAngles() throws {
        let push = try PreviewSource.preset(name: "book-open", overrides: []).load().push
        let numbers = KeyNumbers(push)
        #expect(numbers.columns.contains { $0.hasSuffix("angle (y)") }, "\(numbers.columns)")
        #expect(numbers.columns.count <= KeyNumbers.maximumColumns + 1)
        #expect(numbers.frames.count == Int((push.duration * 60).rounded(.up)) + 1)
    }

    @Test func eventsCarryEveryLineAsData() {
        #expect(ServerSentEvent.event("status", data: "{\"a\":1}\nsecond") == "event: status\ndata: {\"a\":1}\ndata: second\n\n")
    }
}
