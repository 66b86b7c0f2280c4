import Foundation
import SegueXML

/// What a site's SVG sanitiser accepts. `github` checks what GitHub and common documentation
/// sites' sanitisers let through: no script, no event handlers, no external references (images
/// must be embedded as data URIs), no `foreignObject`; and it warns above a size budget.
public enum SVGProfile: String, Sendable, CaseIterable {
    case github

    /// One finding: an error (the site would strip or refuse it) or a warning.
    public struct Finding: Sendable, CustomStringConvertible {
        public enum Severity: String, Sendable { case error, warning }
        public var severity: Severity
        public var line: Int
        public var message: String

        public var description: String { "\(line > 0 ? "\(line): " : "")\(severity.rawValue): \(message)" }
    }

    /// The size above which `github` warns, in bytes.
    public static let sizeBudget = 500 * 1024

    /// Checks a document against the profile.
    public func check(_ data: Data) -> [Finding] {
        guard let document = XMLDocument(parsing: data) else {
            return [Finding(severity: .error, line: 0, message: "the document is not well-formed XML")]
        }
        var findings: [Finding] = []
        func error(_ line: Int, _ message: String) { findings.append(Finding(severity: .error, line: line, message: message)) }
        func walk(_ element: XMLElement) {
            let name = element.name
            if name == "script" {
                error(element.line, "<script> is removed by GitHub's sanitiser and blocked in <img>; move the behaviour out of the SVG")
            }
            if name == "foreignObject" {
                error(element.line, "<foreignObject> is removed by GitHub's sanitiser; draw with SVG elements instead")
            }
            for (attribute, value) in element.attributes {
                let lower = attribute.lowercased()
                if lower.hasPrefix("on") {
                    error(element.line, "the event attribute '\(attribute)' is removed by sanitisers; SVGs in <img> run no script")
                }
                if lower == "href" || lower.hasSuffix(":href") || lower == "src" {
                    if !(value.hasPrefix("#") || value.hasPrefix("data:")) {
                        error(element.line, "'\(value)' is an external reference, which <img> does not load; embed it as a data: URI")
                    }
                }
                for reference in Self.urls(in: value) where !(reference.hasPrefix("#") || reference.hasPrefix("data:")) {
                    error(element.line, "url(\(reference)) is an external reference, which <img> does not load; embed it as a data: URI")
                }
            }
            if name == "style" {
                for reference in Self.urls(in: element.text) where !(reference.hasPrefix("#") || reference.hasPrefix("data:")) {
                    error(element.line, "url(\(reference)) in <style> is an external reference; embed it as a data: URI")
                }
                if element.text.contains("@import") {
                    error(element.line, "@import loads an external style sheet, which <img> does not; inline the rules")
                }
            }
            element.children.forEach(walk)
        }
        walk(document.root)
        if data.count > Self.sizeBudget {
            findings.append(Finding(severity: .warning, line: 0,
                                    message: "the file is \(data.count / 1024) KB, above the \(Self.sizeBudget / 1024) KB budget for a README picture; raise --tolerance or simplify the screens"))
        }
        return findings
    }

    /// The targets of every `url(...)` in a text, quotes removed.
    static func urls(in text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "url(") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            result.append(rest[..<end].trimmingCharacters(in: CharacterSet(charactersIn: "'\" ")))
            rest = rest[end...]
        }
        return result
    }
}
