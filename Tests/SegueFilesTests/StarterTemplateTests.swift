import Foundation
import SegueFiles
import Testing

struct StarterTemplateTests {
    @Test(arguments: [("Reveal", "Reveal.swift", "reveal"), ("CardFan.swift", "CardFan.swift", "card-fan"),
                      ("examples/page_stack", "examples/page_stack.swift", "page-stack"), ("Open3D", "Open3D.swift", "open3d"), ("HTTPReveal", "HTTPReveal.swift", "http-reveal")])
    func namesBecomeFilesAndTransitionNames(name: String, file: String, transition: String) throws {
        #expect(try StarterTemplate.filePath(for: name) == file)
        #expect(StarterTemplate.transitionName(forFile: file) == transition)
    }

    @Test(arguments: ["", "3D", "my reveal", "-x", ".swift"])
    func unusableNamesAreRefused(name: String) {
        #expect(throws: StarterTemplate.Problem.badName(name)) { try StarterTemplate.filePath(for: name) }
    }

    @Test func renderingFillsEveryPlaceholder() {
        let template = StarterTemplate(text: "// {{fileName}}\nTransition(\"{{name}}\") { _ in }\n")
        #expect(template.render(forFile: "dir/CardFan.swift") == "// CardFan.swift\nTransition(\"card-fan\") { _ in }\n")
    }

    @Test func theShippedTemplateHasNoOtherPlaceholders() throws {
        let template = try StarterTemplate(in: try SegueInstallation.current().templatesFolder)
        #expect(!template.render(forFile: "Reveal.swift").contains("{{"))
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let path = try TransitionFileFixture.write("keep", named: "Reveal.swift")
        #expect(throws: StarterTemplate.Problem.exists(path)) { try StarterTemplate(text: "new").write(to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
    }

    @Test func aMissingFolderIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-no-such-\(UUID().uuidString)").path
        #expect(throws: StarterTemplate.Problem.noFolder(folder)) { try StarterTemplate(text: "new").write(to: folder + "/Reveal.swift") }
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(StarterTemplate.Problem.noFolder(folder).description.hasPrefix("error: the folder '\(folder)' does not exist; create it first"))
    }
}
