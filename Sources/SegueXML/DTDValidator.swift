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

    /// Where the SVG 1.1 DTD was found, once it was (with `LibXML.validationLock` held).
    nonisolated(unsafe) private static var resolvedSVG11DTD: String?

    /// Where the catalog maps the SVG 1.1 DTD, found once a process (the catalog's lookup and the
    /// file's stat lay on the path of every export's bytes); looked for again while it is not
    /// found. With `LibXML.validationLock` held.
    static func resolveSVG11DTD() -> String? {
        if let resolvedSVG11DTD { return resolvedSVG11DTD }
        guard let resolved = xmlCatalogResolve(svg11PublicID, svg11SystemID) else { return nil }
        defer { segue_xml_free(resolved) }
        let uri = String(cString: resolved)
        let path = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        resolvedSVG11DTD = path
        return path
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
            // Fast path: the SVG 1.1 DTD is parsed once and kept, extended by the attribute
            // declarations of the document's internal subset; other documents load their DTD.
            let namesSVG11 = data.range(of: Data(svg11PublicID.utf8)) != nil
            let load = namesSVG11 ? 0 : XML_PARSE_DTDLOAD.rawValue
            guard let doc = parse(data, options: Int32(XML_PARSE_NONET.rawValue | load | XML_PARSE_NOWARNING.rawValue)) else {
                collector.addUnlessReported(Self.unparsed)
                return
            }
            defer { LibXML.free(doc) }
            guard let root = xmlDocGetRootElement(doc), String(cString: root.pointee.name) == "svg" else {
                collector.add(Self.notSVG)
                return
            }
            let validity = xmlNewValidCtxt()
            defer { xmlFreeValidCtxt(validity) }
            if namesSVG11, let dtd = svg11DTD(extendedBy: doc.pointee.intSubset) {
                _ = xmlValidateDtd(validity, doc, dtd)
            } else if namesSVG11 {
                // An internal subset the fast path does not take: parse again, loading the DTD.
                guard let loaded = parse(data, options: Int32(XML_PARSE_NONET.rawValue | XML_PARSE_DTDLOAD.rawValue | XML_PARSE_NOWARNING.rawValue)) else { return }
                defer { xmlFreeDoc(loaded) }
                _ = xmlValidateDocument(validity, loaded)
            } else if doc.pointee.intSubset != nil {
                _ = xmlValidateDocument(validity, doc)
            } else {
                guard let dtd = svg11DTD(extendedBy: nil) else {
                    collector.add(XMLIssue(line: 0, message: "cannot load the SVG 1.1 DTD"))
                    return
                }
                _ = xmlValidateDtd(validity, doc, dtd)
            }
        }
    }

    /// The SVG 1.1 DTD as parsed for each set of internal-subset attribute declarations, and
    /// extended by them, by the declarations (parsing it costs ten times more than validating a
    /// document against it). Only touched under `LibXML.validationLock`; kept for the process's life.
    nonisolated(unsafe) private static var svg11DTDs: [String: xmlDtdPtr] = [:]

    /// The SVG 1.1 DTD with `subset`'s attribute declarations added, or nil when the subset
    /// declares anything else (elements, entities) or the DTD cannot be loaded.
    static func svg11DTD(extendedBy subset: xmlDtdPtr?) -> xmlDtdPtr? {
        var declarations: [xmlAttributePtr] = []
        var node = subset?.pointee.children
        while let current = node {
            guard current.pointee.type == XML_ATTRIBUTE_DECL else { return nil }
            declarations.append(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlAttribute.self))
            node = current.pointee.next
        }
        func text(_ name: UnsafePointer<xmlChar>?) -> String { name.map { String(cString: $0) } ?? "" }
        let key = declarations.map { d in
            [text(d.pointee.elem), text(d.pointee.name), text(d.pointee.prefix), "\(d.pointee.atype.rawValue)",
             "\(d.pointee.def.rawValue)", text(d.pointee.defaultValue), d.pointee.tree == nil ? "" : "enumeration"].joined(separator: " ")
        }.joined(separator: "\n")
        if let dtd = svg11DTDs[key] { return dtd }
        guard declarations.allSatisfy({ $0.pointee.tree == nil }) else { return nil }
        // Parsed afresh for each set, not copied from one parsed before: a `segue export` checks
        // one document, and copying would add half as much again to the parse (xmlCopyDtd took
        // 5–7 ms beside xmlParseDTD's 12–17 ms on this project's benchmark machine).
        guard let dtd = xmlParseDTD(svg11PublicID, svg11SystemID) else { return nil }
        for d in declarations {
            _ = xmlAddAttributeDecl(nil, dtd, d.pointee.elem, d.pointee.name, d.pointee.prefix, d.pointee.atype,
                                    d.pointee.def, d.pointee.defaultValue, nil)
        }
        svg11DTDs[key] = dtd
        return dtd
    }

    /// Checks that `data` is well-formed XML (no DTD validation).
    public static func checkWellFormed(_ data: Data) -> [XMLIssue] {
        LibXML.initialize()
        LibXML.validationLock.lock()
        defer { LibXML.validationLock.unlock() }
        let collector = IssueCollector()
        return collector.collect {
            guard let doc = parse(data, options: Int32(XML_PARSE_NONET.rawValue)) else {
                collector.addUnlessReported(Self.unparsed)
                return
            }
            xmlFreeDoc(doc)
        }
    }

    /// What a document libxml2 could not read says when libxml2 says nothing itself (it reads an
    /// empty document as no document, without an error).
    private static let unparsed = XMLIssue(line: 0, message: "the document is empty: an SVG file holds an <svg> element")

    /// What a document whose root is not `<svg>` says, as bytes or as a tree.
    static let notSVG = XMLIssue(line: 0, message: "the document element is not <svg>")

    /// Parses `data` with `options` and without libxml2's hard-coded size limits
    /// (`XML_PARSE_HUGE`): a document past 10 MB is refused with "Huge input lookup" otherwise,
    /// and an export that many keyframes make that large is as valid as a small one.
    private static func parse(_ data: Data, options: Int32) -> xmlDocPtr? {
        data.withUnsafeBytes { raw in
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            return xmlReadMemory(base, Int32(raw.count), "document.svg", "UTF-8", options | Int32(XML_PARSE_HUGE.rawValue))
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

    /// Adds `issue` when nothing has been reported yet.
    func addUnlessReported(_ issue: XMLIssue) {
        if issues.isEmpty { issues.append(issue) }
    }

    func collect(_ body: () -> Void) -> [XMLIssue] {
        LibXML.initialize()
        let context = Unmanaged.passUnretained(self).toOpaque()
        xmlSetStructuredErrorFunc(context) { context, error in
            guard let context, let error else { return }
            let collector = Unmanaged<IssueCollector>.fromOpaque(context).takeUnretainedValue()
            var message = (error.pointee.message.map { String(cString: $0) } ?? "unknown error")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // An element built in memory has no line: its path tells where it is.
            if error.pointee.line == 0, let node = error.pointee.node {
                message += " (at \(elementPath(node.assumingMemoryBound(to: xmlNode.self))))"
            }
            collector.add(XMLIssue(line: Int(error.pointee.line), message: message))
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        body()
        return issues
    }
}

/// Where an element lies in its document, as the names of its ancestors and its own, each with
/// its place among the siblings of its name where it has some (`svg/defs/clipPath[3]/rect`).
private func elementPath(_ node: xmlNodePtr) -> String {
    var steps: [String] = []
    // An attribute's issue names its element.
    var current: xmlNodePtr? = node.pointee.type == XML_ATTRIBUTE_NODE ? node.pointee.parent : node
    while let element = current, element.pointee.type == XML_ELEMENT_NODE {
        let name = String(cString: element.pointee.name)
        func isNamedAlike(_ other: xmlNodePtr) -> Bool {
            other.pointee.type == XML_ELEMENT_NODE && xmlStrEqual(other.pointee.name, element.pointee.name) == 1
        }
        var before = 0, after = 0
        var sibling = element.pointee.prev
        while let s = sibling { if isNamedAlike(s) { before += 1 }; sibling = s.pointee.prev }
        sibling = element.pointee.next
        while let s = sibling { if isNamedAlike(s) { after += 1 }; sibling = s.pointee.next }
        steps.append(before + after > 0 ? "\(name)[\(before + 1)]" : name)
        current = element.pointee.parent
    }
    return steps.reversed().joined(separator: "/")
}
