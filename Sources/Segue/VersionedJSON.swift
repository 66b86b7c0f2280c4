/// Reading Segue's versioned JSON formats (a timeline, a transition file's output): check the
/// version first, then decode, and say in one line what is wrong when something is.
enum VersionedJSON {
    private struct Header: Decodable { var formatVersion: Int }

    /// Decodes `T` from `data` when its `formatVersion` is `version`.
    ///
    /// - Parameters:
    ///   - what: how messages name the document ("the timeline").
    ///   - kind: what it should be ("Segue timeline JSON").
    ///   - advice: appended to the version message, e.g. what to rebuild.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, version: Int, what: String, kind: String,
                                     advice: String = "") throws(Diagnostic) -> T {
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw Diagnostic(.error, "\(what) is not \(kind) (\(describe(error)))")
        }
        guard header.formatVersion == version else {
            throw Diagnostic(.error, "\(what) has format version \(header.formatVersion), but this Segue reads version \(version)\(advice)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw Diagnostic(.error, "\(what) is malformed (\(describe(error)))")
        }
    }

    /// A decoding error in a line: what is missing or wrong, and where.
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(underlying ?? context.debugDescription) at \(path(context.codingPath))"
        default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
