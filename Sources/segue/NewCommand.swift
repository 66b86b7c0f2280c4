import ArgumentParser
import Foundation
import SegueFiles

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a starter transition file that exports as it stands.",
        discussion: "The file is made from the starter template (templates/starter.swift.mustache) and is never written over an existing file."
    )

    @Argument(help: ArgumentHelp("The file to write, e.g. Reveal (writes Reveal.swift).", valueName: "name"))
    var name: String

    func run() throws {
        do {
            let path = try StarterTemplate.filePath(for: name)
            let template = try StarterTemplate(in: SegueInstallation.currentTemplatesFolder())
            try template.write(to: path)
            print("wrote \(path); export it with: segue export \(path) -o \(StarterTemplate.transitionName(forFile: path)).svg")
        } catch {
            throw failPrinted(String(describing: error))
        }
    }
}
