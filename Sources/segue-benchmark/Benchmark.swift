import Foundation
import Segue
import SegueCompiler
import SeguePresets

/// Prints Segue's speed and size figures as Markdown tables, in one run:
/// - every preset (default parameters, mock screens) and every transition in `examples/`: the time
///   to turn its timeline into validated SVG and HTML bytes (median and p90 of repeated runs, in
///   this process), the bytes raw and gzipped, the SVG's keyframes and its worst deviation from the
///   model (the written SVG replayed by SMIL's rules); the presets again with flat screens;
/// - `segue export` end to end (process start to file written): a preset, and a transition file
///   cold (empty cache: swiftc compiles it) and warm (cache hit);
/// - book-flip at 10, 50 and 200 pages, each in a process of its own: time, bytes, peak memory;
/// - book-open's bytes at several tolerances;
/// - the same transitions as GIF and MP4 (`scripts/compare-formats`), and Lottie's published size.
///
/// Build in release and run from the package: `scripts/benchmark` (or
/// `swift build -c release && .build/release/segue-benchmark [--runs 15] [--no-formats]`).
@main
struct Benchmark {
    var runs = 15
    var cliRuns = 10
    var compareFormats = true
    /// Only this transition's compile figures (for profiling), when set.
    var only: String?
    /// The package's folder, where `examples/` and `scripts/` are.
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The folder of this executable, where the release `segue` is.
    let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

    static func main() {
        do {
            try parseAndRun(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("segue-benchmark: error: \(error)\n".utf8))
            exit(1)
        }
    }

    static let usage = "use --runs N, --cli-runs N, --no-formats, --only NAME"

    private static func parseAndRun(_ given: [String]) throws {
        var benchmark = Benchmark()
        var bookFlipPages: Int?
        var arguments = given[...]
        func count(after option: String) throws -> Int {
            guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
                throw BenchmarkError("\(option) takes a whole number of runs above 0 (e.g. \(option) 15)")
            }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--runs": benchmark.runs = try count(after: argument)
            case "--cli-runs": benchmark.cliRuns = try count(after: argument)
            case "--no-formats": benchmark.compareFormats = false
            case "--help", "-h":
                print("segue-benchmark: Segue's speed and size figures as Markdown tables (run it through scripts/benchmark).\n\(usage)")
                return
            case "--only":
                guard let name = arguments.popFirst() else { throw BenchmarkError("--only takes a transition's name; \(usage)") }
                benchmark.only = name
            case "--book-flip-pages": bookFlipPages = try count(after: argument)
            default:
                throw BenchmarkError("unknown argument \(argument); \(usage)")
            }
        }
        if let bookFlipPages {
            // The child of `scaling()`: one page count in a fresh process, so its peak memory is its own.
            try bookFlipChild(pages: bookFlipPages, runs: benchmark.runs)
        } else {
            try benchmark.run()
        }
    }

    func run() throws {
        let presets = try Subject.presets()
        if let only {
            // Examples are compiled (seconds) only when no preset has the name.
            var chosen = presets.filter { $0.name == only }
            if chosen.isEmpty {
                let examples = try Subject.examples(in: package.appendingPathComponent("examples"))
                chosen = examples.filter { $0.name == only || $0.name.hasSuffix(": " + only) }
                guard !chosen.isEmpty else {
                    throw BenchmarkError("--only \(only): no preset or example of that name; the names are \((presets + examples).map(\.name).joined(separator: ", "))")
                }
            }
            print("Machine: \(Machine.summary). Release build.\n")
            try compileTable(chosen, title: only)
            return
        }
        print("Machine: \(Machine.summary). Release build.\n")
        try compileTable(presets + Subject.examples(in: package.appendingPathComponent("examples")),
                         title: "Presets (default parameters: mock screens) and examples/, push")
        try compileTable(try Subject.presets(screens: "flat"), title: "Presets with flat screens, push")
        try endToEnd()
        try scaling()
        try tolerances()
        if compareFormats { try FormatComparison(package: package).run(presets) }
    }

    /// Compile time, bytes, keyframes and deviation per transition, and the presets' total.
    func compileTable(_ subjects: [Subject], title: String) throws {
        print("### \(title)\n")
        print("| transition | SVG compile median | p90 | CPU median | SVG bytes | gzip | keyframes | worst deviation | HTML compile median | p90 | HTML bytes | gzip |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        var total = 0.0, totalCPU = 0.0, presets = 0
        for subject in subjects {
            let svgTimes = try Timings(runs: runs) { _ = try Exporter.render(subject.timeline, as: .svg) }
            let rendered = try Exporter.renderSVG(subject.timeline)
            let (svg, stats) = (rendered.data, rendered.stats)
            let deviation = try SMILReplay(rendered, timeline: subject.timeline).worstDeviation()
            let htmlTimes = try Timings(runs: runs) { _ = try Exporter.render(subject.timeline, reverse: subject.reverse, as: .html) }
            let html = try Exporter.render(subject.timeline, reverse: subject.reverse, as: .html)
            if !subject.name.hasPrefix("examples/") { total += svgTimes.median; totalCPU += svgTimes.cpuMedian; presets += 1 }
            print("| \(subject.name) | \(Figure.ms(svgTimes.median)) | \(Figure.ms(svgTimes.p90)) | \(Figure.ms(svgTimes.cpuMedian)) | \(svg.count) | \(Measure.gzipSize(svg)) | \(stats.keyframes) | \(Figure.px(deviation)) | \(Figure.ms(htmlTimes.median)) | \(Figure.ms(htmlTimes.p90)) | \(html.count) | \(Measure.gzipSize(html)) |")
        }
        if presets > 1 {
            print("\nAll presets' SVG compile medians together: \(Figure.ms(total)) (CPU \(Figure.ms(totalCPU))).\n")
        } else {
            print()
        }
    }

    /// `segue export` as a user runs it, from process start to the file written.
    func endToEnd() throws {
        let segue = binaries.appendingPathComponent("segue")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.svg").path
        let file = package.appendingPathComponent("examples/CircleReveal.swift").path
        var environment = ProcessInfo.processInfo.environment
        print("### `segue export` end to end (process start to file written)\n")
        print("| command | runs | median | p90 |")
        print("|---|---:|---:|---:|")
        for preset in ["circle-reveal", "book-open"] {
            let times = try Timings(runs: cliRuns) { try Measure.run(segue, ["export", preset, "-o", output]) }
            print("| `segue export \(preset) -o out.svg` | \(cliRuns) | \(Figure.ms(times.median)) | \(Figure.ms(times.p90)) |")
        }
        // Cold: a fresh, empty cache each run, so swiftc compiles the file; warm: the cache hit.
        let coldRuns = max(cliRuns / 3, 2)
        var coldTimes: [Double] = []
        for run in 0..<coldRuns {
            environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cold-\(run)").path
            coldTimes += try Timings(runs: 1) { try Measure.run(segue, ["export", file, "-o", output], environment: environment) }.values
        }
        let cold = Timings(values: coldTimes)
        let warmTimes = try Timings(runs: cliRuns) { try Measure.run(segue, ["export", file, "-o", output], environment: environment) }
        print("| `segue export examples/CircleReveal.swift -o out.svg`, cold (empty cache) | \(coldRuns) | \(Figure.ms(cold.median)) | \(Figure.ms(cold.p90)) |")
        print("| the same, warm (cache hit) | \(cliRuns) | \(Figure.ms(warmTimes.median)) | \(Figure.ms(warmTimes.p90)) |")
        print()
    }

    /// book-flip at growing page counts, each in a process of its own.
    func scaling() throws {
        let me = binaries.appendingPathComponent("segue-benchmark")
        print("### book-flip by page count (3 turns; each count in a fresh process)\n")
        print("| pages | layers | SVG compile median | CPU median | SVG bytes | peak memory (RSS) |")
        print("|---:|---:|---:|---:|---:|---:|")
        for pages in [10, 50, 200] {
            let line = try Measure.run(me, ["--book-flip-pages", "\(pages)", "--runs", "\(max(runs / 3, 3))"], captureOutput: true)
            print(line.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        print()
    }

    /// One row of `scaling()`, measured in this process.
    static func bookFlipChild(pages: Int, runs: Int) throws {
        let timeline = try Preset.bookFlip.transition(overrides: [(name: "pages", value: "\(pages)")]).timeline()
        let times = try Timings(runs: runs) { _ = try Exporter.render(timeline, as: .svg) }
        let svg = try Exporter.renderSVG(timeline).data
        let rss = Double(Measure.peakResidentBytes()) / 1_048_576
        print("| \(pages) | \(timeline.layers.count) | \(Figure.ms(times.median)) | \(Figure.ms(times.cpuMedian)) | \(svg.count) | \(String(format: "%.1f MiB", rss)) |")
    }

    /// book-open's SVG at several tolerances.
    func tolerances() throws {
        let timeline = try Preset.bookOpen.transition().timeline()
        print("### book-open (mock screens) by tolerance\n")
        print("| tolerance | SVG bytes | gzip | keyframes | worst deviation | compile median |")
        print("|---:|---:|---:|---:|---:|---:|")
        for tolerance in [0.1, 0.25, 0.5, 1] {
            let options = SVGOptions(tolerance: tolerance)
            let times = try Timings(runs: runs) { _ = try Exporter.render(timeline, as: .svg, options: ExportOptions(svg: options)) }
            let rendered = try Exporter.renderSVG(timeline, options: options)
            let (svg, stats) = (rendered.data, rendered.stats)
            let deviation = try SMILReplay(rendered, timeline: timeline).worstDeviation()
            print("| \(tolerance) px | \(svg.count) | \(Measure.gzipSize(svg)) | \(stats.keyframes) | \(Figure.px(deviation)) | \(Figure.ms(times.median)) |")
        }
        print()
    }
}
