import ArgumentParser
import Foundation
import Segue

@main
struct SegueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Compile screen transitions written in Swift into animated SVG.",
        discussion: "Start with 'segue presets', then 'segue export circle-reveal -o reveal.svg'.",
        version: SegueVersion.current,
        subcommands: [PresetsCommand.self, ExportCommand.self, GalleryCommand.self, PreviewCommand.self, InspectCommand.self, ValidateCommand.self, NewCommand.self]
    )
}

/// Prints a one-line error to standard error and exits with status 1: no stack trace, no usage dump.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode.failure
}
