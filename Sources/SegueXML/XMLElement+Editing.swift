import CLibXML2

/// Reading the tree's shape and rearranging it in place, for passes that rewrite a built document
/// (Segue's SVG compaction). Elements are compared by identity: two values are equal when they
/// name the same node.
extension XMLElement: Hashable {
    public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool { lhs.node == rhs.node }

    public func hash(into hasher: inout Hasher) { hasher.combine(node) }

    /// The parent element, nil for the document element.
    public var parent: XMLElement? {
        guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return XMLElement(node: parent, namespace: namespace)
    }

    /// The element and every element inside it, in document order (the element first).
    public var elementsInDocumentOrder: [XMLElement] {
        var result: [XMLElement] = []
        // Walked through the nodes themselves, with no list of each element's children.
        func visit(_ element: XMLElement) {
            result.append(element)
            element.forEachChild(visit)
        }
        visit(self)
        return result
    }

    /// True when the element and every element inside it satisfy `predicate`, asked in document
    /// order until one does not (no list of them is made).
    public func allElements(satisfy predicate: (XMLElement) -> Bool) -> Bool {
        guard predicate(self) else { return false }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE,
               !XMLElement(node: current, namespace: namespace).allElements(satisfy: predicate) { return false }
            child = current.pointee.next
        }
        return true
    }

    /// Calls `body` with each element child in order, without listing them first. `body` may
    /// change the child and what lies inside it, and even put the child's own children in its
    /// place (they are not visited); it must leave the later children where they are.
    public func forEachChild(_ body: (XMLElement) -> Void) {
        var child = node.pointee.children
        while let current = child {
            child = current.pointee.next
            if current.pointee.type == XML_ELEMENT_NODE { body(XMLElement(node: current, namespace: namespace)) }
        }
    }

    /// True when one of the element's children satisfies `predicate`, asked in order until one
    /// does (no list of them is made).
    public func containsChild(where predicate: (XMLElement) -> Bool) -> Bool {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, predicate(XMLElement(node: current, namespace: namespace)) { return true }
            child = current.pointee.next
        }
        return false
    }

    /// True when the element's local name is `name` (compared in place, without making a string
    /// of it as `name` does).
    public func isNamed(_ name: String) -> Bool {
        LibXML.withChars(name) { xmlStrEqual(node.pointee.name, $0) != 0 }
    }

    /// True when the element has an attribute of that name (whatever its namespace).
    public func has(_ name: String) -> Bool {
        property(name) != nil
    }

    /// Removes an attribute (without a namespace), if set.
    public func removeAttribute(_ name: String) {
        _ = LibXML.withChars(name) { xmlUnsetProp(node, $0) }
    }

    /// A number the caller attaches to the element (libxml2's `_private`), nil until set. It stays
    /// with the element through renaming, moving and wrapping, and goes with it when it is
    /// removed; an element made later has none. Passes that rewrite a document can therefore not
    /// mistake a new element for one they freed, as comparing elements by identity could.
    public var tag: Int? {
        node.pointee._private.map { Int(bitPattern: $0) - 1 }
    }

    /// Attaches `tag` to the element (nil takes it off).
    public func setTag(_ tag: Int?) {
        node.pointee._private = tag.flatMap { UnsafeMutableRawPointer(bitPattern: $0 + 1) }
    }

    /// Gives the element another name, in place: it keeps its attributes, children and identity.
    public func rename(_ name: String) {
        LibXML.withChars(name) { xmlNodeSetName(node, $0) }
    }

    /// Moves the element's children, in order, to the end of `other`'s.
    public func moveChildren(to other: XMLElement) {
        while let child = node.pointee.children {
            xmlUnlinkNode(child)
            xmlAddChild(other.node, child)
        }
    }

    /// Runs `body`, then moves the children it added, in order, ahead of those the element had.
    public func prepending(_ body: () -> Void) {
        let first = node.pointee.children, last = node.pointee.last
        body()
        guard let first, let last else { return }
        var added = last.pointee.next
        while let child = added {
            added = child.pointee.next
            xmlUnlinkNode(child)
            xmlAddPrevSibling(first, child)
        }
    }

    /// Replaces the element by its children, in place and in order.
    public func unwrap() {
        while let child = node.pointee.children {
            xmlUnlinkNode(child)
            xmlAddPrevSibling(node, child)
        }
        remove()
    }

    /// Puts `run`, children of this element that follow one another, into a new element named
    /// `name` (in the element's namespace) at their place, and returns it. They keep their order
    /// and identity.
    @discardableResult
    public func wrap(_ run: [XMLElement], in name: String) -> XMLElement {
        precondition(!run.isEmpty && run.allSatisfy { $0.node.pointee.parent == node }, "wrap: a run of this element's children")
        let wrapper = xmlNewDocNode(node.pointee.doc, namespace, name, nil)!
        xmlAddPrevSibling(run[0].node, wrapper)
        for element in run {
            xmlUnlinkNode(element.node)
            xmlAddChild(wrapper, element.node)
        }
        return XMLElement(node: wrapper, namespace: namespace)
    }

    /// Puts a line break between the element's children (and after the last), so a document
    /// serialised without indentation keeps its top-level parts on lines of their own.
    public func breakLinesBetweenChildren() {
        for child in children {
            xmlAddNextSibling(child.node, xmlNewDocText(node.pointee.doc, "\n"))
        }
        if let first = node.pointee.children {
            xmlAddPrevSibling(first, xmlNewDocText(node.pointee.doc, "\n"))
        }
    }
}
