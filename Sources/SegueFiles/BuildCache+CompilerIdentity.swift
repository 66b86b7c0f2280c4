import Segue

extension BuildCache {
    /// What a compiler's identity was when its files had `stamp`, kept in `compilers/` beside the
    /// builds. Asking swiftc for `--version` takes about a sixth of a second, most of what an
    /// export from a cached build would otherwise take.
    struct CompilerRecord: Codable, Sendable, Equatable {
        /// The version of this record's format.
        var formatVersion = 1
        /// The compiler's files as they were (`TransitionCompiler.stamp`).
        var stamp: String
        /// What `TransitionCompiler.identity()` said then.
        var identity: String
    }

    /// The identity of `compiler`: the one kept for its files' stamp, else asked and kept for the
    /// next time. A compiler without a stamp is asked every time. A record that cannot be kept is
    /// not an error: it is asked again next time.
    public func identity(of compiler: some TransitionCompiler) throws(TransitionFileError) -> String {
        guard let stamp = compiler.stamp else { return try compiler.identity() }
        let record = compilers.appendingPathComponent(Self.hex(SHA256.hash(data: Data(stamp.utf8))) + ".json")
        if let json = FileManager.default.contents(atPath: record.path),
           let kept = try? JSONDecoder().decode(CompilerRecord.self, from: json), kept.formatVersion == 1, kept.stamp == stamp {
            return kept.identity
        }
        let identity = try compiler.identity()
        keep(CompilerRecord(stamp: stamp, identity: identity), at: record)
        return identity
    }

    /// Writes `record` in a work folder and renames it into place, so that another process reads
    /// either no record or a whole one.
    private func keep(_ record: CompilerRecord, at url: URL) {
        guard let json = try? JSONEncoder().encode(record),
              let work = try? makeWorkFolder() else { return }
        defer { try? FileManager.default.removeItem(at: work) }
        let written = work.appendingPathComponent(url.lastPathComponent)
        guard (try? json.write(to: written)) != nil,
              (try? FileManager.default.createDirectory(at: compilers, withIntermediateDirectories: true)) != nil else { return }
        _ = rename(written.path, url.path)
    }

    private var compilers: URL { folder.appendingPathComponent("compilers") }
}
