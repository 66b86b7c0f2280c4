import CLibXML2
import Foundation

/// An XML document built with libxml2's tree API and serialised by libxml2, so escaping and
/// well-formedness are libxml2's job, never string concatenation's.
public final class XMLDocument {
    let doc: xmlDocPtr
    /// The document element.
    public let root: XMLElement

    /// A new document whose root element has the given name and default namespace.
    public init(root name: String, namespace: String? = nil) {
        LibXML.initialize()
        doc = xmlNewDoc("1.0")
        let node = xmlNewDocNode(doc, nil, name, nil)!
        xmlDocSetRootElement(doc, node)
        var defaultNamespace: xmlNsPtr?
        if let namespace {
            defaultNamespace = xmlNewNs(node, namespace, nil)
            xmlSetNs(node, defaultNamespace)
        }
        root = XMLElement(node: node, namespace: defaultNamespace)
    }

    /// Parses XML (no DTD loading, no network, however large: `XML_PARSE_HUGE` lifts libxml2's
    /// 10 MB limit, as for validation), or nil when it is not well-formed.
    public init?(parsing data: Data) {
        LibXML.initialize()
        let parsed = data.withUnsafeBytes { raw -> xmlDocPtr? in
            let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            return xmlReadMemory(base, Int32(raw.count), "document.xml", "UTF-8",
                                 Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                                       | XML_PARSE_HUGE.rawValue))
        }
        guard let parsed, let node = xmlDocGetRootElement(parsed) else { return nil }
        doc = parsed
        root = XMLElement(node: node, namespace: node.pointee.ns)
    }

    deinit {
        LibXML.free(doc)
    }

    /// Adds `<!DOCTYPE name PUBLIC "publicID" "systemID" [ … ]>` with attribute declarations in
    /// its internal subset (the DTD's own extension mechanism, e.g. ARIA attributes on `<svg>`).
    public func setDoctype(name: String, publicID: String, systemID: String, extraAttributes: [(element: String, attribute: String)] = []) {
        let dtd = xmlCreateIntSubset(doc, name, publicID, systemID)
        for (element, attribute) in extraAttributes {
            xmlAddAttributeDecl(nil, dtd, element, attribute, nil, XML_ATTRIBUTE_CDATA, XML_ATTRIBUTE_IMPLIED, nil, nil)
        }
    }

    /// The namespace the root element declares for `prefix`, declaring it for `uri` if it does not.
    public func namespace(prefix: String, uri: String) -> XMLNamespace {
        if let ns = xmlSearchNs(root.node.pointee.doc, root.node, prefix) { return XMLNamespace(ns: ns) }
        return declareNamespace(prefix: prefix, uri: uri)
    }

    /// Declares a namespace prefix on the root element (e.g. `xlink`).
    @discardableResult
    public func declareNamespace(prefix: String, uri: String) -> XMLNamespace {
        XMLNamespace(ns: xmlNewNs(root.node, uri, prefix))
    }

    /// The document as UTF-8 bytes; `indent` lays elements out one per line. There is no XML
    /// declaration: version 1.0 and UTF-8 are what XML assumes without one.
    public func serialized(indent: Bool = true) -> Data {
        let buffer = xmlBufferCreate()!
        defer { xmlBufferFree(buffer) }
        let options = XML_SAVE_NO_DECL.rawValue | (indent ? XML_SAVE_FORMAT.rawValue : 0)
        guard let context = xmlSaveToBuffer(buffer, "UTF-8", Int32(options)) else { return Data() }
        xmlSaveDoc(context, doc)
        xmlSaveClose(context)
        return Data(bytes: xmlBufferContent(buffer), count: Int(xmlBufferLength(buffer)))
    }
}

/// A namespace declared on a document, for prefixed attributes such as `xlink:href`.
public struct XMLNamespace {
    let ns: xmlNsPtr?
}

/// An element of an `XMLDocument`. Elements live as long as their document.
public struct XMLElement {
    let node: xmlNodePtr
    let namespace: xmlNsPtr?

    /// Appends a child element in the parent's namespace.
    @discardableResult
    public func addChild(_ name: String) -> XMLElement {
        let child = LibXML.withChars(name) { xmlNewChild(node, namespace, $0, nil)! }
        return XMLElement(node: child, namespace: namespace)
    }

    /// Sets an attribute; libxml2 escapes the value.
    @discardableResult
    public func set(_ name: String, _ value: String) -> XMLElement {
        LibXML.withChars(name, value) { _ = xmlSetProp(node, $0, $1) }
        return self
    }

    /// Sets a namespaced attribute, e.g. `xlink:href`.
    @discardableResult
    public func set(_ name: String, _ value: String, namespace: XMLNamespace) -> XMLElement {
        LibXML.withChars(name, value) { _ = xmlSetNsProp(node, namespace.ns, $0, $1) }
        return self
    }

    /// Appends text content; libxml2 escapes `<`, `&` and friends.
    @discardableResult
    public func addText(_ text: String) -> XMLElement {
        LibXML.withChars(text) { xmlNodeAddContent(node, $0) }
        return self
    }

    /// The value of an attribute (whatever its namespace), if set.
    public func attribute(_ name: String) -> String? {
        guard let attribute = property(name) else { return nil }
        // A value libxml2 keeps as one text node, read in place.
        if let text = attribute.pointee.children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil,
           let content = text.pointee.content {
            return String(cString: content)
        }
        guard let value = xmlNodeGetContent(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self)) else { return "" }
        defer { segue_xml_free(value) }
        return String(cString: value)
    }

    /// The element's own attribute named `name` (whatever its namespace), found among its
    /// attributes alone: `xmlGetProp` and `xmlHasProp` look in the DTD for a default value too
    /// whenever the element lacks one, hashing the names each time, which compaction asks of
    /// nearly every element, for nearly every name it hoists.
    func property(_ name: String) -> xmlAttrPtr? {
        LibXML.withChars(name) { wanted in
            var attribute = node.pointee.properties
            while let current = attribute {
                if xmlStrEqual(current.pointee.name, wanted) != 0 { return current }
                attribute = current.pointee.next
            }
            return nil
        }
    }

    /// Moves `other` (from this or another document) to the end of this element's children.
    public func adopt(_ other: XMLElement) {
        xmlUnlinkNode(other.node)
        if other.node.pointee.doc != node.pointee.doc {
            if let copy = xmlDocCopyNode(other.node, node.pointee.doc, 1) {
                xmlAddChild(node, copy)
            }
            xmlFreeNode(other.node)
        } else {
            xmlAddChild(node, other.node)
        }
    }

    /// Moves `child`, one of this element's children, to just after `sibling`.
    public func moveAfter(_ child: XMLElement, _ sibling: XMLElement) {
        xmlUnlinkNode(child.node)
        xmlAddNextSibling(sibling.node, child.node)
    }

    /// Takes the element (and everything in it) out of the document.
    public func remove() {
        xmlUnlinkNode(node)
        xmlFreeNode(node)
    }

    /// Every attribute as (name with its namespace prefix, value), in document order.
    public var attributes: [(name: String, value: String)] {
        var result: [(String, String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let local = String(cString: current.pointee.name)
            let prefix = current.pointee.ns.flatMap { $0.pointee.prefix.map { String(cString: $0) } }
            let name = prefix.map { "\($0):\(local)" } ?? local
            if let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)) {
                result.append((name, String(cString: value)))
                segue_xml_free(value)
            }
            attribute = current.pointee.next
        }
        return result
    }

    /// The text inside the element (and its descendants).
    public var text: String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { segue_xml_free(content) }
        return String(cString: content)
    }

    /// The line the element starts on in the parsed source (0 when built in memory).
    public var line: Int { Int(xmlGetLineNo(node)) }

    /// The element's local name (`g`, `rect`).
    public var name: String { String(cString: node.pointee.name) }

    /// The element children, in order.
    public var children: [XMLElement] {
        // Made to size: grown one child at a time, a list took the heap two or three times.
        var result: [XMLElement] = []
        result.reserveCapacity(childElementCount)
        forEachChild { result.append($0) }
        return result
    }

    /// The number of element children.
    public var childElementCount: Int { Int(xmlChildElementCount(node)) }
}

enum LibXML {
    private static let once: Void = {
        xmlInitParser()
        xmlInitializeCatalog()
        // Never touch the network: external DTDs resolve through the XML catalog or not at all.
        xmlSetExternalEntityLoader(xmlNoNetExternalEntityLoader)
    }()

    static func initialize() { _ = once }

    /// libxml2's catalog and validation state is shared by the process (and its catalog lock can
    /// deadlock when several threads resolve at once): validation runs one at a time.
    static let validationLock = NSLock()

    /// Frees a document nothing refers to any more on a thread of its own, in the order they come:
    /// a large tree (a written SVG, the one parsed back to validate it, an HTML page) takes a
    /// fraction of a millisecond to free, which the export would otherwise wait for (libxml2
    /// frees separate documents on separate threads safely).
    static func free(_ doc: xmlDocPtr) {
        let doc = UnsafeSendable(doc)
        freeing.async { xmlFreeDoc(doc.value) }
    }

    private static let freeing = DispatchQueue(label: "segue.libxml2.free", qos: .utility)

    /// `body` given `string` as libxml2's `const xmlChar *`: a native string's own NUL-terminated
    /// UTF-8, or a short one's copied on the stack. (Passing a `String` where C wants a pointer
    /// copies it into a new array on the heap at every call: thousands an export.)
    @inline(__always)
    static func withChars<Result>(_ string: String, _ body: (UnsafePointer<xmlChar>) -> Result) -> Result {
        string.withCString { $0.withMemoryRebound(to: xmlChar.self, capacity: 1, body) }
    }

    /// The same for two strings at once.
    @inline(__always)
    static func withChars<Result>(_ first: String, _ second: String,
                                  _ body: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>) -> Result) -> Result {
        withChars(first) { a in withChars(second) { b in body(a, b) } }
    }
}

/// A value handed to another thread that nothing else uses any more (or, for the SVG 1.1 DTD,
/// that is only used under `LibXML.validationLock`).
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
