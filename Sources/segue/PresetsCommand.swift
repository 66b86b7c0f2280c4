import ArgumentParser
import Foundation
import SeguePresets

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in transitions and their parameters."
    )

    func run() {
        var lines: [String] = []
        for preset in Presets.all {
            lines.append("\(preset.name) — \(preset.summary) (article \(preset.article))")
            let width = preset.parameters.map(\.name.count).max() ?? 0
            for p in preset.parameters {
                let name = p.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let type = p.kind.typeName == p.kind.syntax.split(separator: " ").first.map(String.init) ? p.kind.syntax : "\(p.kind.typeName) \(p.kind.syntax)"
                lines.append("    \(name)  \(type), default \(p.defaultValue): \(p.help)")
            }
            lines.append("")
        }
        lines.append("Use: segue export NAME -o out.svg [--direction pop] [--loop] [--param name=value ...]")
        print(lines.joined(separator: "\n"))
    }
}
