import ArgumentParser
import Foundation
import Segue
import SegueCompiler

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the model's state of every layer at a time: corners on screen, opacity, visibility, mask."
    )

    @OptionGroup var source: SourceOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The time: seconds (0.25) or a percentage of the duration (50%).", valueName: "time"))
    var at: String = "0"

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let timeline = try source.timeline(standardOutputIsOurs: json)
        let time: Double
        if at.hasSuffix("%"), let percent = Double(at.dropLast()), percent.isFinite, (0...100).contains(percent) {
            time = timeline.duration * percent / 100
        } else if let seconds = Double(at), seconds.isFinite, seconds >= 0, seconds <= timeline.duration {
            time = seconds
        } else {
            throw fail("--at \(at): give seconds from 0 to \(timeline.duration) or a percentage such as 50%")
        }
        let state = Evaluator(timeline).state(at: time)
        print(json ? InspectReport.json(state) : InspectReport.table(state))
    }
}
