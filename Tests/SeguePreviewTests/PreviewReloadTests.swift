import Foundation
import Testing
@testable import SeguePreview

/// Saving the transition file (or an image it uses) rebuilds the preview and tells every page;
/// a broken file is reported with its location while the last good build stays served.
@Suite(.serialized) struct PreviewReloadTests {
    @Test func everyPageHearsOfEachSaveAndOfEachProblem() async throws {
        let folder = try PreviewFixture.folder()
        let path = folder.appendingPathComponent("Slide.swift").path
        try PreviewFixture.slide(distance: 100).write(toFile: path, atomically: false, encoding: .utf8)
        let preview = try await RunningPreview.start(.file(path: path, transition: nil, timeout: 30))
        defer { Task { await preview.stop() } }
        let firstProblem = await preview.session.problem
        #expect(await preview.session.build?.version == 1, "\(String(describing: firstProblem))")

        // Several pages at once.
        let pages = (0..<3).map { _ in EventReader(port: preview.port) }
        for page in pages { await page.start() }
        for page in pages {
            let first = await page.wait(timeout: 10) { $0.version == 1 }
            #expect(first?.name == "slide" && first?.problem == nil)
        }
        #expect(await preview.session.listenerCount == 3)
        let before = try await preview.client.get("/transition.svg").body

        // A save, written in place.
        try PreviewFixture.slide(distance: 200).write(toFile: path, atomically: false, encoding: .utf8)
        for page in pages {
            #expect(await page.wait { $0.version == 2 } != nil, "a page did not hear of the save")
        }
        let after = try await preview.client.get("/transition.svg").body
        #expect(after != before && after.contains("<svg"))

        // A mistake at line 5: located, and the last good build is still served.
        let broken = PreviewFixture.slide(distance: 200).replacingOccurrences(of: "t.to.addSublayer(card)", with: "t.to.addSublayer(cardd)")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)   // saved by a rename, as many editors do
        for page in pages {
            let problem = await page.wait { $0.problem != nil }?.problem
            #expect(problem?.line == 5, "\(String(describing: problem))")
            #expect(problem?.file?.hasSuffix("Slide.swift") == true)
            #expect(problem?.message.contains("cardd") == true)
        }
        let status = try JSONDecoder().decode(PreviewStatus.self, from: Data(try await preview.client.get("/status").body.utf8))
        #expect(status.version == 2 && status.problem?.line == 5)
        #expect(try await preview.client.get("/transition.html").status == 200)
        #expect(try await preview.client.get("/transition.svg").body == after)

        // The fix clears it.
        try PreviewFixture.slide(distance: 50).write(toFile: path, atomically: false, encoding: .utf8)
        for page in pages {
            #expect(await page.wait { $0.version == 3 && $0.problem == nil } != nil)
            await page.stop()
        }
    }

    @Test func anImageTheFileUsesIsServedAndWatched() async throws {
        let folder = try PreviewFixture.folder()
        let image = folder.appendingPathComponent("card.png")
        try PreviewFixture.png.write(to: image)
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("secret.png"))
        let path = folder.appendingPathComponent("Card.swift").path
        let source = """
        import Segue

        Transition("card", duration: 0.4) { t in
            t.to.contents = .image("card.png")
            t.to.opacity = 0
            t.animate { t.to.opacity = 1 }
        }
        """
        try source.write(toFile: path, atomically: false, encoding: .utf8)
        let preview = try await RunningPreview.start(.file(path: path, transition: nil, timeout: 30))
        defer { Task { await preview.stop() } }
        let firstProblem = await preview.session.problem
        #expect(await preview.session.build?.version == 1, "\(String(describing: firstProblem))")

        let served = try await preview.client.get("/assets/card.png")
        #expect(served.status == 200 && served.header("content-type") == "image/png")
        #expect(try await preview.client.get("/assets/secret.png").status == 404)
        #expect(await preview.session.watchedFiles.contains { $0.hasSuffix("/card.png") })

        let page = EventReader(port: preview.port)
        await page.start()
        #expect(await page.wait(timeout: 10) { $0.version == 1 } != nil)
        // A 1×2 image in place of the 2×1 one.
        var png = PreviewFixture.png
        png.replaceSubrange(16..<24, with: [0, 0, 0, 1, 0, 0, 0, 2])
        try png.write(to: image)
        #expect(await page.wait { $0.version == 2 } != nil, "the image's change did not rebuild")
        await page.stop()
    }

    @Test func aFileWithSeveralTransitionsShowsTheFirstAndThePagePicksAnother() async throws {
        let folder = try PreviewFixture.folder()
        let path = folder.appendingPathComponent("Cards.swift").path
        let source = """
        import Segue

        for (name, duration) in [("fan", 0.4), ("stack", 0.8)] {
            Transition(name, duration: duration) { t in
                t.to.opacity = 0
                t.animate { t.to.opacity = 1 }
            }
        }
        """
        try source.write(toFile: path, atomically: false, encoding: .utf8)
        let preview = try await RunningPreview.start(.file(path: path, transition: nil, timeout: 30))
        defer { Task { await preview.stop() } }
        let page = EventReader(port: preview.port)
        await page.start()
        let first = await page.wait(timeout: 10) { $0.version == 1 }
        #expect(first?.name == "fan" && first?.transitions == ["fan", "stack"])

        #expect(try await preview.client.post("/select?name=stack").status == 204)
        let picked = await page.wait { $0.version == 2 }
        #expect(picked?.name == "stack" && picked?.duration == 0.8)
        #expect(try await preview.client.post("/select?name=nope").status == 404)
        #expect(try await preview.client.get("/select?name=fan").status == 404)   // only POST picks

        // The pick survives a save.
        try (source + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(await page.wait { $0.version == 3 }?.name == "stack")
        await page.stop()
    }

    @Test func aSemanticErrorIsLocatedAtTheUsersLineToo() async throws {
        let folder = try PreviewFixture.folder()
        let path = folder.appendingPathComponent("Bad.swift").path
        let source = """
        import Segue

        Transition("bad", duration: -1) { t in
            t.to.opacity = 0
        }
        """
        try source.write(toFile: path, atomically: false, encoding: .utf8)
        let preview = try await RunningPreview.start(.file(path: path, transition: nil, timeout: 30))
        defer { Task { await preview.stop() } }
        // It compiles, but Segue finds the negative duration: the overlay points at line 3; nothing
        // has built, so the documents are not there yet.
        let problem = await preview.session.problem
        #expect(problem?.line == 3 && problem?.file?.hasSuffix("Bad.swift") == true, "\(String(describing: problem))")
        #expect(problem?.message.contains("duration") == true)
        #expect(await preview.session.build == nil)
        #expect(try await preview.client.get("/transition.html").status == 503)
        #expect(try await preview.client.get("/").status == 200)
    }
}
