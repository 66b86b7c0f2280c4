import CLibXML2
import Foundation

extension DTDValidator {
    /// A document built in memory, serialised, and checked as `validateSVG(_:)` checks bytes, but
    /// in the tree, without parsing the bytes back (which took longer than the check itself):
    /// against the SVG 1.1 DTD and the attributes the document's internal subset declares. A
    /// DOCTYPE that names another DTD is an issue. An issue names the element by its path
    /// (`svg/defs/clipPath[3]/rect`), a tree having no lines. `concurrently`: the check runs on
    /// another core while this one serialises (`SideWork`).
    ///
    /// Both only read the tree. For the check, the DTD hangs on the document as its external
    /// subset, and the internal subset's placeholder declarations of the elements it gives
    /// attributes to are set aside (libxml2 would take them for the elements' own, undeclared);
    /// the check notes ids and the declared types of attributes, none of which serialising reads.
    /// All that is done before both start and undone once both are done. Only the check holds
    /// `LibXML.validationLock` (it builds the shared DTD's content models as it needs them), so
    /// other exports serialise meanwhile.
    public static func serializedSVG(_ document: XMLDocument, indent: Bool,
                                     concurrently: Bool = true) throws(XMLValidatorError) -> (data: Data, issues: [XMLIssue]) {
        LibXML.initialize()
        let found = LibXML.validationLock.withLock { () -> (resolves: Bool, dtd: UnsafeSendable<xmlDtdPtr>?) in
            guard resolveSVG11DTD() != nil else { return (false, nil) }
            return (true, svg11DTD(extendedBy: nil).map(UnsafeSendable.init))
        }
        guard found.resolves else { throw .dtdMissing }
        let doc = document.doc
        if let issue = unfitForSVG11(doc) { return (document.serialized(indent: indent), [issue]) }
        guard let dtd = found.dtd?.value else {
            return (document.serialized(indent: indent), [XMLIssue(line: 0, message: "cannot load the SVG 1.1 DTD")])
        }
        let subset = doc.pointee.intSubset
        let placeholders = subset?.pointee.elements
        subset?.pointee.elements = nil
        doc.pointee.extSubset = dtd
        defer {
            doc.pointee.extSubset = nil
            subset?.pointee.elements = placeholders
        }
        if let ids = doc.pointee.ids {
            xmlFreeIDTable(OpaquePointer(ids))
            doc.pointee.ids = nil
        }
        if let refs = doc.pointee.refs {
            xmlFreeRefTable(OpaquePointer(refs))
            doc.pointee.refs = nil
        }
        let check = SideWork { () -> [XMLIssue] in
            LibXML.validationLock.lock()
            defer { LibXML.validationLock.unlock() }
            let collector = IssueCollector()
            return collector.collect {
                guard let validity = xmlNewValidCtxt() else {
                    collector.add(XMLIssue(line: 0, message: "libxml2 could not start a validation (out of memory)"))
                    return
                }
                defer { xmlFreeValidCtxt(validity) }
                guard xmlValidateRoot(validity, doc) == 1, let root = xmlDocGetRootElement(doc) else { return }
                validate(root, in: doc, with: validity)
                _ = xmlValidateDocumentFinal(validity, doc)
            }
        }
        if concurrently { check.start() }
        let data = document.serialized(indent: indent)
        let unwritable = firstUnwritableCharacter(in: data)
        let issues = check.result()
        return (data, (unwritable.map { [$0] } ?? []) + issues)
    }

    /// What `xmlValidateElement` checks of `node` and all inside it, but with each attribute's
    /// own text handed to the check: libxml2 copies the text of every attribute, escaped, to
    /// check it, which took half the check's time in an export's document (whose animations'
    /// values run to kilobytes). The text as it stands is what a parse of the written bytes
    /// reads back, escapes undone.
    private static func validate(_ node: xmlNodePtr, in doc: xmlDocPtr, with validity: xmlValidCtxtPtr) {
        switch node.pointee.type {
        case XML_XINCLUDE_START, XML_XINCLUDE_END, XML_NAMESPACE_DECL, XML_ENTITY_REF_NODE: return
        default: break
        }
        _ = xmlValidateOneElement(validity, doc, node)
        if node.pointee.type == XML_ELEMENT_NODE {
            var attribute = node.pointee.properties
            while let current = attribute {
                if let text = current.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE {
                    _ = xmlValidateOneAttribute(validity, doc, node, current, text.pointee.content)
                } else {
                    let value = xmlNodeListGetString(doc, current.pointee.children, 1)
                    _ = xmlValidateOneAttribute(validity, doc, node, current, value)
                    if let value { segue_xml_free(value) }
                }
                attribute = current.pointee.next
            }
            var namespace = node.pointee.nsDef
            while let current = namespace {
                _ = xmlValidateOneNamespace(validity, doc, node, node.pointee.ns?.pointee.prefix, current, current.pointee.href)
                namespace = current.pointee.next
            }
        }
        var child = node.pointee.children
        while let current = child {
            validate(current, in: doc, with: validity)
            child = current.pointee.next
        }
    }

    /// Whether any of the eight bytes of `word` is below 0x20, `&` or 0xEF (the bytes
    /// `firstUnwritableCharacter` looks at), told without looking at them one by one: a byte
    /// below 0x20 borrows when 0x20 is taken from it, and a byte equal to another is zero once
    /// the two are combined by exclusive or. (A byte above such a one may be told too; then the
    /// bytes are looked at one by one.)
    @inline(__always)
    static func holdsByteToLookAt(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below = (word &- ones &* 0x20) & ~word & highs
        return below != 0 || hasZeroByte(word ^ (ones &* 0x26)) || hasZeroByte(word ^ (ones &* 0xEF))
    }

    /// The first character XML 1.0 does not allow in `data`, written out or as a reference, as
    /// an issue: what a parse of the bytes finds and a check of the tree does not (libxml2 writes
    /// what the tree holds).
    static func firstUnwritableCharacter(in data: Data) -> XMLIssue? {
        data.withUnsafeBytes { raw -> XMLIssue? in
            let bytes = raw.bindMemory(to: UInt8.self)
            func issue(_ message: String, at offset: Int) -> XMLIssue {
                XMLIssue(line: 1 + bytes[..<offset].count { $0 == 0x0A }, message: message)
            }
            func character(_ value: UInt32, at offset: Int) -> XMLIssue {
                let hex = String(value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                return issue("the document holds \(code), a character XML 1.0 does not allow", at: offset)
            }
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time while none of them is one to look at (below 0x20, `&`
                // or 0xEF): nearly all of a document, which this reads on the path to writing it.
                while index + 8 <= bytes.count,
                      !Self.holdsByteToLookAt(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                index += 1
                // Most bytes are printable ASCII or inside a sequence that is not U+FFFx.
                if byte >= 0x20 && byte != UInt8(ascii: "&") && byte != 0xEF { continue }
                switch byte {
                case 0x09, 0x0A, 0x0D: break
                case ..<0x20: return character(UInt32(byte), at: index - 1)
                // U+FFFE and U+FFFF: EF BF BE and EF BF BF.
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                    return character(0xFFF0 + UInt32(bytes[index + 1] - 0xB0), at: index - 1)
                case UInt8(ascii: "&") where index < bytes.count && bytes[index] == UInt8(ascii: "#"):
                    // A character reference: &#ddd; or &#xhhh;.
                    var cursor = index + 1
                    let isHex = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "x")
                    if isHex { cursor += 1 }
                    var value: UInt32 = 0
                    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ";"), value <= 0x10FFFF {
                        guard let digit = Character(UnicodeScalar(bytes[cursor])).hexDigitValue, isHex || digit < 10 else {
                            return issue("the document holds a malformed character reference", at: index - 1)
                        }
                        value = value * (isHex ? 16 : 10) + UInt32(digit)
                        cursor += 1
                    }
                    switch value {
                    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: break
                    default: return character(value, at: index - 1)
                    }
                default: break
                }
            }
            return nil
        }
    }

    /// Why a document cannot be checked as SVG 1.1, if it cannot: its root is no `<svg>`, its
    /// DOCTYPE names another DTD, or it holds a DTD already.
    private static func unfitForSVG11(_ doc: xmlDocPtr) -> XMLIssue? {
        guard let root = xmlDocGetRootElement(doc), String(cString: root.pointee.name) == "svg" else {
            return notSVG
        }
        if let named = doc.pointee.intSubset?.pointee.ExternalID.map({ String(cString: $0) }), named != svg11PublicID {
            return XMLIssue(line: 0, message: "the DOCTYPE names '\(named)', not SVG 1.1 ('\(svg11PublicID)')")
        }
        if doc.pointee.extSubset != nil {
            return XMLIssue(line: 0, message: "the document holds an external DTD of its own")
        }
        return nil
    }
}
