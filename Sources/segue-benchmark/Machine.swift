import Foundation

/// The machine the figures were taken on: cores, CPU model, memory, system and Swift version.
enum Machine {
    static var summary: String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        let os = ((try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? "").split(separator: "\n")
            .first { $0.hasPrefix("PRETTY_NAME=") }.map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } ?? "unknown system"
        let swift = (try? Measure.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "--version"], captureOutput: true))?
            .split(separator: "\n").first.map(String.init) ?? "swiftc not found"
        return "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(model)), \(String(format: "%.0f", memory)) GiB, \(os), \(swift)"
    }
}
