import ArgumentParser
import Foundation
import SegueCompiler
import SegueXML

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate SVG files against the W3C SVG 1.1 DTD (exit 0 only when all are valid).",
        discussion: "A file with a DOCTYPE is validated against it (its internal subset may extend the DTD); a file without one against SVG 1.1 itself. The DTD comes from the XML catalog; the network is never used."
    )

    @Argument(help: "SVG files to check.")
    var files: [String]

    @Option(help: ArgumentHelp("Also check what a site's sanitiser accepts: github (no script, event attributes, external references or foreignObject; a size budget).", valueName: "profile"))
    var profile: SVGProfile?

    func run() throws {
        var allValid = true
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw fail("cannot read '\(file)'; check the path")
            }
            // An HTML page is not XML: say so once, rather than list what an XML parser makes of it.
            if Self.isHTMLPage(data) {
                FileHandle.standardError.write(Data("\(file): error: an HTML page, not an SVG; check HTML with an HTML checker (such as the Nu checker, vnu)\n".utf8))
                allValid = false
                continue
            }
            let issues: [XMLIssue]
            do {
                issues = try DTDValidator.validateSVG(data)
            } catch {
                throw fail(error.description)
            }
            let findings = profile?.check(data) ?? []
            for finding in findings {
                let line = finding.line > 0 ? "\(finding.line):" : ""
                FileHandle.standardError.write(Data("\(file):\(line) \(finding.severity.rawValue): \(finding.message)\n".utf8))
            }
            if findings.contains(where: { $0.severity == .error }) { allValid = false }
            if issues.isEmpty {
                let passes = profile.map { p in findings.contains { $0.severity == .error } ? "" : ", passes the \(p.rawValue) profile" } ?? ""
                print("\(file): valid SVG 1.1\(passes)")
            } else {
                allValid = false
                for issue in issues {
                    let line = issue.line > 0 ? "\(issue.line):" : ""
                    FileHandle.standardError.write(Data("\(file):\(line) error: \(issue.message)\n".utf8))
                }
            }
        }
        if !allValid { throw ExitCode.failure }
    }

    /// Whether `data` starts (after white space and a byte-order mark) as an HTML page does:
    /// `<!DOCTYPE html` or `<html`, in any case.
    static func isHTMLPage(_ data: Data) -> Bool {
        let start = String(decoding: data.prefix(256), as: UTF8.self)
            .drop { $0.isWhitespace || $0 == "\u{FEFF}" }.prefix(14).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }
}

extension SVGProfile: ExpressibleByArgument {}
