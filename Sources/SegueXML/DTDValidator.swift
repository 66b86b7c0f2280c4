import CLibXML2
import Foundation

/// A problem libxml2 found in a document, with its 1-based line (0 when unknown).
public struct XMLIssue: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// Validates documents against a DTD found through the XML catalog (Debian's `w3c-sgml-lib` for
/// SVG 1.1), with network access off: a DOCTYPE pointing at a remote URL is resolved locally or fails.
public enum DTDValidator {
    /// The public identifier of the SVG 1.1 DTD.
    public static let svg11PublicID = "-//W3C//DTD SVG 1.1//EN"
    /// The system identifier of the SVG 1.1 DTD (never fetched: it resolves through the catalog).
    public static let svg11SystemID = "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"

    /// Where the catalog maps the SVG 1.1 DTD on this machine, or nil when it is not installed.
    public static func localSVG11DTD() -> String? {
        LibXML.initialize()
        return LibXML.validationLock.withLock { resolveSVG11DTD() }
    }

    private static func resolveSVG11DTD() -> String? {
        guard let resolved = xmlCatalogResolve(svg11PublicID, svg11SystemID) else { return nil }
        defer { segue_xml_free(resolved) }
        let uri = String(cString: resolved)
        let path = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Checks that `data` is well-formed and valid SVG 1.1: against its own DOCTYPE when it has one
    /// (which may extend the DTD in its internal subset), else against the SVG 1.1 DTD itself.
    /// Returns every problem; an empty list means valid.
    public static func validateSVG(_ data: Data) throws(XMLValidatorError) -> [XMLIssue] {
        LibXML.initialize()
        LibXML.validationLock.lock()
        defer { LibXML.validationLock.unlock() }
        guard resolveSVG11DTD() != nil else { throw .dtdMissing }
        let collector = IssueCollector()
        return collector.collect {
            let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_DTDLOAD.rawValue | XML_PARSE_NOWARNING.rawValue)
            guard let doc = parse(data, options: options) else { return }
            defer { xmlFreeDoc(doc) }
            guard let root = xmlDocGetRootElement(doc), String(cString: root.pointee.name) == "svg" else {
                collector.add(XMLIssue(line: 0, message: "the document element is not <svg>"))
                return
            }
            let validity = xmlNewValidCtxt()
            defer { xmlFreeValidCtxt(validity) }
            if doc.pointee.intSubset != nil {
                _ = xmlValidateDocument(validity, doc)
            } else {
                guard let dtd = xmlParseDTD(svg11PublicID, svg11SystemID) else {
                    collector.add(XMLIssue(line: 0, message: "cannot load the SVG 1.1 DTD"))
                    return
                }
                defer { xmlFreeDtd(dtd) }
                _ = xmlValidateDtd(validity, doc, dtd)
            }
        }
    }

    /// Checks that `data` is well-formed XML (no DTD validation).
    public static func checkWellFormed(_ data: Data) -> [XMLIssue] {
        LibXML.initialize()
        LibXML.validationLock.lock()
        defer { LibXML.validationLock.unlock() }
        let collector = IssueCollector()
        return collector.collect {
            if let doc = parse(data, options: Int32(XML_PARSE_NONET.rawValue)) { xmlFreeDoc(doc) }
        }
    }

    private static func parse(_ data: Data, options: Int32) -> xmlDocPtr? {
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            return xmlReadMemory(base, Int32(raw.count), "document.svg", "UTF-8", options)
        }
    }
}

/// Why validation could not run at all.
public enum XMLValidatorError: Error, Hashable, Sendable, CustomStringConvertible {
    case dtdMissing

    public var description: String {
        switch self {
        case .dtdMissing:
            "the SVG 1.1 DTD is not installed (it comes from the XML catalog); install it with 'apt-get install w3c-sgml-lib'"
        }
    }
}

/// Gathers libxml2's structured errors while a block runs on this thread.
final class IssueCollector {
    private var issues: [XMLIssue] = []

    func add(_ issue: XMLIssue) { issues.append(issue) }

    func collect(_ body: () -> Void) -> [XMLIssue] {
        LibXML.initialize()
        let context = Unmanaged.passUnretained(self).toOpaque()
        xmlSetStructuredErrorFunc(context) { context, error in
            guard let context, let error else { return }
            let collector = Unmanaged<IssueCollector>.fromOpaque(context).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
            collector.add(XMLIssue(line: Int(error.pointee.line),
                                   message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        body()
        return issues
    }
}
