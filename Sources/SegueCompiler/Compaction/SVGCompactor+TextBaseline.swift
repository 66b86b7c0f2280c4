import SegueXML

/// Every text is centred on its line box (`dominant-baseline="central"`, the middle of a
/// `UILabel`'s frame). SVG 1.1 does not inherit `dominant-baseline`, and WebKit follows it (a
/// group's value does not reach its texts), so instead of hoisting it one style rule says it for
/// all texts, which every engine applies, in `<img>` too.
extension SVGCompactor {
    static let textBaselineRule = "text{dominant-baseline:central}"

    /// Replaces the texts' `dominant-baseline` attributes by `textBaselineRule` when every text
    /// has it, unanimated.
    static func centreTextsByRule(in root: XMLElement) {
        let texts = root.elementsInDocumentOrder.filter { $0.isNamed("text") }
        guard !texts.isEmpty, texts.allSatisfy({ $0.attribute("dominant-baseline") == "central" && $0.children.isEmpty }) else { return }
        texts.forEach { $0.removeAttribute("dominant-baseline") }
        if let style = root.children.first(where: { $0.name == "style" }) {
            style.addText("\n" + textBaselineRule)
            return
        }
        let style = root.addChild("style").set("type", "text/css").addText(textBaselineRule)
        if let description = root.children.last(where: { $0.name == "desc" || $0.name == "title" }) {
            root.moveAfter(style, description)
        }
    }
}
