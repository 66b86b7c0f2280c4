import ArgumentParser
import Foundation
import SeguePresets

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in transitions and their parameters."
    )

    @Flag(help: "Print the presets and their parameters as JSON.")
    var json = false

    func run() throws {
        if json {
            struct Entry: Encodable {
                var name, summary, article: String
                var parameters: [Parameter]
            }
            struct Parameter: Encodable {
                var name, type, syntax, defaultValue, help: String
            }
            let entries = Presets.all.map { preset in
                Entry(name: preset.name, summary: preset.summary, article: preset.article,
                      parameters: preset.parameters.map {
                          Parameter(name: $0.name, type: $0.kind.typeName, syntax: $0.kind.syntax,
                                    defaultValue: $0.defaultValue, help: $0.help)
                      })
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return
        }
        var lines: [String] = []
        for preset in Presets.all {
            lines.append("\(preset.name) — \(preset.summary) (article \(preset.article))")
            let width = preset.parameters.map(\.name.count).max() ?? 0
            for p in preset.parameters {
                let name = p.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let type = p.kind.syntax.split(separator: " ").contains(Substring(p.kind.typeName)) ? p.kind.syntax : "\(p.kind.typeName) \(p.kind.syntax)"
                lines.append("    \(name)  \(type), default \(p.defaultValue): \(p.help)")
            }
            lines.append("")
        }
        lines.append("Use: segue export NAME -o out.svg [--direction pop] [--loop] [--param name=value ...]")
        print(lines.joined(separator: "\n"))
    }
}
