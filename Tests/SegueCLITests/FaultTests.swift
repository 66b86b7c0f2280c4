import Foundation
import Segue
import SegueCompiler
import Testing

/// Real faults injected under an export: each must end in one clear message and a non-zero exit,
/// leave the existing output byte for byte as it was, and leave no temporary file behind. The
/// faults are real, not simulated: an immutable folder (`chattr +i`, which binds root too), a
/// filesystem that fills up half-way through the write (a 4 KiB tmpfs), an XML catalog without
/// the DTD, a transition process killed by SIGKILL, and two exports racing for one path.
struct FaultTests {
    static let precious = Data("precious".utf8)

    /// A new folder holding `keep.svg` (the existing output) and `files`.
    func folder(_ files: [String: String] = [:]) throws -> URL {
        let url = try CLITests().folder()
        try Self.precious.write(to: url.appendingPathComponent("keep.svg"))
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    /// The run failed with one message containing `text`, and the folder holds what it held.
    func expectRefusedAndIntact(_ run: CLITests.Run, in dir: URL, saying text: String, files: [String] = ["keep.svg"]) throws {
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(text), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: dir.appendingPathComponent("keep.svg").path) == Self.precious)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == files.sorted())
    }

    /// Runs a system tool; true when it exits with 0.
    @discardableResult
    static func tool(_ path: String, _ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.runToEnd()) != nil else { return false }
        return process.terminationStatus == 0
    }

    @Test func aReadOnlyFolderIsExplained() throws {
        let dir = try folder()
        try #require(Self.tool("/usr/bin/chattr", "+i", dir.path), "chattr +i is needed (e2fsprogs, on ext4)")
        defer { Self.tool("/usr/bin/chattr", "-i", dir.path) }
        let run = try CLITests().segue("export", "circle-reveal", "-o", "keep.svg", in: dir)
        try expectRefusedAndIntact(run, in: dir, saying: "cannot write in")
    }

    @Test func aDiskThatFillsUpHalfWayIsExplained() throws {
        let dir = try CLITests().folder()
        try #require(Self.tool("/bin/mount", "-t", "tmpfs", "-o", "size=4k", "segue-full", dir.path), "mounting a tmpfs needs root")
        defer { Self.tool("/bin/umount", dir.path) }
        try Self.precious.write(to: dir.appendingPathComponent("keep.svg"))
        // book-open's SVG is far larger than the 4 KiB left: the write fails part-way through.
        let run = try CLITests().segue("export", "book-open", "-o", "keep.svg", in: dir)
        try expectRefusedAndIntact(run, in: dir, saying: "No space left on device")
    }

    @Test func aMissingDTDIsExplained() throws {
        let dir = try folder()
        let run = try CLITests.run(["export", "circle-reveal", "-o", "keep.svg"], in: dir,
                                   environment: ["XML_CATALOG_FILES": dir.appendingPathComponent("no-catalog.xml").path])
        try expectRefusedAndIntact(run, in: dir, saying: "the SVG 1.1 DTD is not installed")
    }

    @Test func aKilledTransitionProcessIsExplained() throws {
        let source = """
            import Foundation
            import Segue

            Transition("fade") { t in t.animate { t.to.opacity = 0 } }
            kill(getpid(), SIGKILL)
            """
        let dir = try folder(["Killed.swift": source])
        let run = try TransitionFileCLITests().segue(["export", "Killed.swift", "-o", "keep.svg"], in: dir)
        try expectRefusedAndIntact(run, in: dir, saying: "crashed (", files: ["keep.svg", "Killed.swift"])
    }

    @Test func twoExportsToOnePathLeaveOneWholeDocument() async throws {
        let dir = try folder()
        let path = dir.appendingPathComponent("keep.svg").path
        let fade = Transition("fade") { t in t.animate { t.to.opacity = 0 } }
        let slide = Transition("slide") { t in t.animate { t.to.position = Point(x: 0, y: 0) } }
        let documents = try [fade, slide].map { try Exporter.render($0, direction: .push, as: .svg) }
        for _ in 0..<20 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for transition in [fade, slide] {
                    group.addTask { try Exporter.export(transition, direction: .push, to: path) }
                }
                try await group.waitForAll()
            }
            #expect(documents.contains(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.svg"])
        }
    }
}

/// Validation needs no network at all: `segue validate` inside a network namespace with no
/// interfaces (`unshare -n`) still checks an SVG whose DOCTYPE names the DTD's w3.org URL.
struct OfflineValidationTests {
    @Test func validatesWithNoNetwork() throws {
        let dir = try CLITests().folder()
        let svg = try Exporter.render(Transition("offline") { t in t.animate { t.to.opacity = 0 } }, direction: .push, as: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"))
        try svg.write(to: dir.appendingPathComponent("offline.svg"))
        try #require(FaultTests.tool("/usr/bin/unshare", "-n", "true"), "unshare -n needs root")
        let run = try CLITests.run(["-n", CLITests.binary.path, "validate", "offline.svg"], in: dir, executable: "/usr/bin/unshare")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
