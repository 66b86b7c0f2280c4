import CLibXML2
import Foundation

/// An HTML document parsed and serialised by libxml2's HTML parser, so markup is always
/// well-formed and escaped by libxml2. Segue renders a page template, parses it here, then adds
/// the generated elements to it.
public final class HTMLDocument {
    let doc: htmlDocPtr

    /// Parses HTML text (a rendered template). libxml2 2.9 knows HTML4's element set; HTML5
    /// elements it does not know are kept as they are.
    public init(parsing html: String) throws(HTMLDocumentError) {
        LibXML.initialize()
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        let parsed = html.withCString { pointer in
            htmlReadMemory(pointer, Int32(strlen(pointer)), "page.html", "UTF-8", options)
        }
        guard let parsed else { throw HTMLDocumentError(message: "the page template is not HTML libxml2 can read") }
        doc = parsed
    }

    deinit {
        LibXML.free(doc)
    }

    /// What libxml2's HTML parser objects to in `data`: unclosed or misnested elements, broken
    /// attributes, stray `<` or `&`, bytes that are not UTF-8. Elements HTML4 does not know
    /// (`main`, `svg`, `template` …) are HTML5, not mistakes, and are not reported.
    public static func problems(in data: Data) -> [XMLIssue] {
        LibXML.initialize()
        LibXML.validationLock.lock()
        defer { LibXML.validationLock.unlock() }
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOWARNING.rawValue)
        let issues = IssueCollector().collect {
            let parsed = data.withUnsafeBytes { raw in
                htmlReadMemory(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), "page.html", "UTF-8", options)
            }
            if let parsed { xmlFreeDoc(parsed) }
        }
        return issues.filter { !($0.message.hasPrefix("Tag ") && $0.message.hasSuffix(" invalid")) }
    }

    /// The element with an `id`, if any.
    public func element(id: String) -> XMLElement? {
        guard let root = xmlDocGetRootElement(doc) else { return nil }
        return find(root) { node in
            guard let value = xmlGetProp(node, "id") else { return false }
            defer { segue_xml_free(value) }
            return String(cString: value) == id
        }.map { XMLElement(node: $0, namespace: nil) }
    }

    /// The first element whose `class` attribute lists `name`, if any.
    public func element(class name: String) -> XMLElement? {
        guard let root = xmlDocGetRootElement(doc) else { return nil }
        return find(root) { node in
            guard let value = xmlGetProp(node, "class") else { return false }
            defer { segue_xml_free(value) }
            return String(cString: value).split(separator: " ").contains { $0 == name }
        }.map { XMLElement(node: $0, namespace: nil) }
    }

    /// The first element with a tag name (`head`, `body`), if any.
    public func element(named name: String) -> XMLElement? {
        guard let root = xmlDocGetRootElement(doc) else { return nil }
        return find(root) { String(cString: $0.pointee.name) == name }.map { XMLElement(node: $0, namespace: nil) }
    }

    private func find(_ node: xmlNodePtr, _ matches: (xmlNodePtr) -> Bool) -> xmlNodePtr? {
        var current: xmlNodePtr? = node
        while let n = current {
            if n.pointee.type == XML_ELEMENT_NODE {
                if matches(n) { return n }
                if let child = n.pointee.children, let found = find(child, matches) { return found }
            }
            current = n.pointee.next
        }
        return nil
    }

    /// The whole document, `<!DOCTYPE html>` first.
    public func serialized() -> Data {
        // In UTF-8 throughout: other encodings turn characters into references, which a script
        // or style element would show as written.
        guard let output = xmlAllocOutputBuffer(nil) else { return Data() }
        defer { xmlOutputBufferClose(output) }
        htmlDocContentDumpFormatOutput(output, doc, "UTF-8", 1)
        xmlOutputBufferFlush(output)
        guard let content = xmlOutputBufferGetContent(output) else { return Data() }
        return Data(bytes: content, count: Int(xmlOutputBufferGetSize(output)))
    }

    /// One element and everything in it, without a doctype: an embeddable fragment.
    public func serialized(element: XMLElement) -> Data {
        guard let output = xmlAllocOutputBuffer(nil) else { return Data() }
        defer { xmlOutputBufferClose(output) }
        htmlNodeDumpFormatOutput(output, doc, element.node, "UTF-8", 1)
        xmlOutputBufferFlush(output)
        guard let content = xmlOutputBufferGetContent(output) else { return Data() }
        return Data(bytes: content, count: Int(xmlOutputBufferGetSize(output)))
    }
}

/// Why a page could not be built.
public struct HTMLDocumentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
