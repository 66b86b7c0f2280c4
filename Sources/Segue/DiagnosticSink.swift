/// Collects problems found while a transition's body runs, from places that cannot throw
/// (property setters, `Contents.image(_:)`), so the resolver can report them with their locations.
final class DiagnosticSink: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Diagnostic] = []
    private var layers: [Layer] = []

    func add(_ diagnostic: Diagnostic) {
        lock.withLock { collected.append(diagnostic) }
    }

    var diagnostics: [Diagnostic] { lock.withLock { collected } }

    /// Notes a layer created while the body runs, so one animated but never added is reported.
    func created(_ layer: Layer) {
        lock.withLock { layers.append(layer) }
    }

    var createdLayers: [Layer] { lock.withLock { layers } }

    @TaskLocal static var current: DiagnosticSink?
}

extension Contents {
    /// An image file's contents, embedded: `layer.contents = .image("detail.png")`.
    /// Relative paths start at the transition file's folder. A missing or unsupported file is
    /// reported at this line.
    public static func image(_ path: String, gravity: ContentsGravity = .resizeAspectFill,
                             file: String = #filePath, line: Int = #line, column: Int = #column) -> Contents {
        do {
            return .image(try Image(contentsOf: path, gravity: gravity))
        } catch {
            DiagnosticSink.current?.add(Diagnostic(.error, error.description,
                                                   at: SourceLocation(file: file, line: line, column: column)))
            return .color(.clear)
        }
    }
}
