import Foundation
import Segue
import SegueCompiler
import SeguePresets

/// Prints Segue's speed and size figures as a Markdown table: for every preset, the time to turn
/// its timeline into SVG and HTML bytes (median and p90 of repeated runs, in this process), the
/// bytes raw and gzipped, the SVG's keyframes and its worst deviation from the model (SMIL replay);
/// then book-flip at growing page counts. Run it in release: `swift run -c release segue-benchmark`.
@main
struct Benchmark {
    static func main() throws {
        let runs = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 15
        print("| preset | SVG compile median | p90 | SVG bytes | gzip | keyframes | worst deviation | HTML compile median | HTML bytes | gzip |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for preset in Presets.all {
            let transition = try preset.transition()
            let timeline = try transition.timeline()
            let svgTimes = try measure(runs) { _ = try Exporter.renderSVG(timeline) }
            let (svg, stats) = try Exporter.renderSVG(timeline)
            let deviation = try SMILReplay(svg: svg, timeline: timeline).worstDeviation()
            let htmlTimes = try measure(runs) { _ = try Exporter.render(transition, direction: .push, as: .html) }
            let html = try Exporter.render(transition, direction: .push, as: .html)
            print("| \(preset.name) | \(ms(median(svgTimes))) | \(ms(p90(svgTimes))) | \(svg.count) | \(gzipSize(svg)) | \(stats.keyframes) | \(String(format: "%.3f px", deviation)) | \(ms(median(htmlTimes))) | \(html.count) | \(gzipSize(html)) |")
        }
        print()
        print("| book-flip pages | SVG compile | SVG bytes |")
        print("|---|---|---|")
        for pages in [10, 50, 200] {
            let timeline = try Preset.bookFlip.transition(overrides: [(name: "pages", value: "\(pages)"), (name: "turns", value: "3")]).timeline()
            let times = try measure(3) { _ = try Exporter.renderSVG(timeline) }
            let (svg, _) = try Exporter.renderSVG(timeline)
            print("| \(pages) | \(ms(median(times))) | \(svg.count) |")
        }
    }

    static func measure(_ runs: Int, _ body: () throws -> Void) throws -> [Double] {
        try (0..<runs).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    static func p90(_ values: [Double]) -> Double { values.sorted()[min(values.count - 1, Int(Double(values.count) * 0.9))] }
    static func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }

    /// The size gzip -9 makes of the bytes.
    static func gzipSize(_ data: Data) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-9", "-c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return 0 }
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed.count
    }
}
