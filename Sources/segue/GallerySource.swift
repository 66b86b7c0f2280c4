import ArgumentParser
import Foundation
import Segue
import SegueCompiler
import SegueFiles
import SeguePresets

/// One thing the gallery builds: a preset, or a transition file (which may declare several
/// transitions). Building it renders every document in memory; nothing is written here.
enum GallerySource: Sendable {
    case preset(Preset)
    case file(String)

    /// The name shown while it builds and in its messages.
    var name: String {
        switch self {
        case .preset(let preset): preset.name
        case .file(let path): path
        }
    }

    /// A transition of the source, rendered as an SVG and as an HTML page.
    struct Rendered: Sendable {
        var push: Timeline
        var pop: Timeline
        var origin: String
        var svg: Data
        var html: Data
    }

    /// Renders every transition of the source, or returns the report of what stopped it.
    func render(loader: TransitionFileLoader?, options: ExportOptions) -> Result<[Rendered], GalleryFailure> {
        do {
            let pairs: [(Timeline, Timeline)]
            switch self {
            case .preset(let preset):
                let transition = try preset.transition()
                pairs = [(try transition.timeline(.push), try transition.timeline(.pop))]
            case .file(let path):
                guard let loader else { return .failure(GalleryFailure("error: cannot compile \(path): no Swift compiler")) }
                let contents = try loader.load(path)
                pairs = try contents.names.map { name in
                    (try contents.timeline(named: name, direction: .push), try contents.timeline(named: name, direction: .pop))
                }
            }
            let origin = if case .file(let path) = self { path } else { "preset" }
            return .success(try pairs.map { push, pop in
                Rendered(push: push, pop: pop, origin: origin,
                         svg: try Exporter.render(push, as: .svg, options: options),
                         html: try Exporter.render(push, reverse: pop, as: .html, options: options))
            })
        } catch let error as TransitionFileError {
            return .failure(GalleryFailure(error.description))
        } catch let error as PresetError {
            return .failure(GalleryFailure("error: preset \(name): \(error.message)"))
        } catch {
            return .failure(GalleryFailure("error: \(name): \(error)"))
        }
    }

    /// The transition files (`*.swift`) directly inside a folder, sorted by name.
    static func files(in folder: String) throws(ExitCode) -> [GallerySource] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw fail("'\(folder)' is not a folder; give a folder of transition files (*.swift), or --presets")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let swift = names.filter { $0.hasSuffix(".swift") }.sorted()
        guard !swift.isEmpty else { throw fail("'\(folder)' holds no transition files (*.swift)") }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return swift.map { .file(base + $0) }
    }
}

/// Why a source could not be built, already formatted for standard error.
struct GalleryFailure: Error, Sendable {
    var report: String

    init(_ report: String) {
        self.report = report
    }
}
