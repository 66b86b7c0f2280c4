import Foundation
import SegueCompiler

/// Segue's SVG against what people would use instead: a GIF and an H.264 MP4 of the same frames
/// (rendered by headless Chromium at 30 fps and the transition's size, encoded by
/// `scripts/compare-formats`), and Lottie's runtime as published.
struct FormatComparison {
    let package: URL

    /// The lottie-web player's size as its authors publish it (the full `lottie.min.js`, gzipped):
    /// a published figure, not measured here.
    static let lottiePublished = "about 60 KB gzipped (lottie-web's full player, `lottie.min.js`; published figure, not measured here)"

    private struct Result: Decodable {
        let name: String
        let svg: Int
        let frames: Int
        let gif: Int
        let mp4: Int
    }

    func run(_ subjects: [Subject]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-formats-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var items: [String] = []
        var gzipped: [String: Int] = [:]
        for subject in subjects {
            let svg = try Exporter.renderSVG(subject.timeline).data
            let path = folder.appendingPathComponent(subject.name + ".svg")
            try svg.write(to: path)
            gzipped[subject.name] = Measure.gzipSize(svg)
            items.append("\(subject.name)=\(path.path):\(subject.timeline.duration)")
        }
        let script = package.appendingPathComponent("scripts/compare-formats")
        let output = try Measure.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + items, captureOutput: true,
                                     showsErrors: true)
        print("### Against GIF and MP4 (same frames: headless Chromium, 30 fps, the transition's size)\n")
        print("| preset | size | frames | Segue SVG | gzip | GIF | GIF ÷ SVG | MP4 (H.264) | MP4 ÷ SVG |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for line in output.split(separator: "\n") {
            let result = try JSONDecoder().decode(Result.self, from: Data(line.utf8))
            guard let subject = subjects.first(where: { $0.name == result.name }) else { continue }
            let size = "\(Int(subject.timeline.size.width))×\(Int(subject.timeline.size.height))"
            print("| \(result.name) | \(size) | \(result.frames) | \(result.svg) | \(gzipped[result.name] ?? 0) | \(result.gif) | \(Figure.ratio(Double(result.gif) / Double(result.svg))) | \(result.mp4) | \(Figure.ratio(Double(result.mp4) / Double(result.svg))) |")
        }
        print("\nLottie: \(Self.lottiePublished).\n")
    }
}
