import Segue

extension Preset {
    /// Article 001: turning through the pages of the open book. The collection view's offset moves
    /// one screen width per turn (ease-in-ease-out); every page follows `BookLayout`: its ratio, the
    /// 0.1 stacking slope beyond ±0.5, its angle about the spine under `m34 = −1/2000`, anchor at the
    /// spine, back faces hidden, page 0 always shown. Between the layout's breakpoints a page's angle
    /// is linear in the offset, so each piece is one keyframe following its part of the curve.
    public static let bookFlip = Preset(
        name: "book-flip",
        summary: "The pages of an open book turn one spread after another.",
        article: "001",
        stage: StageParameters.common(duration: "0.8 a turn (2.4)", size: BookLayout.stage, drawing: .book),
        parameters: [
            PresetParameter("pages", .count(4...400, even: true), default: "10", "pages in the book"),
            PresetParameter("turns", .count(1...19, even: false), default: "3", "spreads turned, one after another"),
            PresetParameter("page-text", .choice(["yes", "no"]), default: "no", "chapter titles and page numbers on the pages"),
        ]
    ) { arguments throws(PresetError) in
        let pages = Int(arguments.number("pages", default: 10))
        let turns = try arguments.count("turns", default: 3, atMost: pages / 2 - 1,
                                        "a book of \(pages) pages turns at most \(pages / 2 - 1) spreads")
        let stage = try StageParameters(arguments, duration: 0.8 * Double(turns), size: BookLayout.stage)
        let design = BookDesign(pageText: arguments.choice("page-text", default: "no") == "yes", flat: stage.flat)
        return Transition("book-flip", duration: stage.duration, size: stage.size,
                          description: "The pages of an open book turn one spread after another (article 001).") { t in
            t.from.backgroundColor = BookDesign.shelf
            t.to.isHidden = true
            let layout = BookLayout(stage: t.size)
            let turn = t.duration / Double(turns)
            let curve = TimingCurve.easeInEaseOut
            for index in 0..<pages {
                let page = Layer(name: "page-\(index)")
                layout.place(page, index: index)
                page.zPosition = BookLayout.zPosition(of: index)
                if index == 0 { design.dressCover(page, book: 0) } else { design.dressPage(page, index: index) }
                let shadow = design.flat || index == 0 ? nil : BookDesign.shadow(for: index)
                shadow.map(page.addSublayer)
                page.transform = BookLayout.openTransform(of: index, offset: 0)
                page.isHidden = !BookLayout.isShown(index, offset: 0)
                shadow?.opacity = BookDesign.shadowOpacity(ratio: BookLayout.ratio(of: index, offset: 0))
                t.from.addSublayer(page)
                for k in 0..<turns {
                    // Progress values within this turn where the page's motion changes: its breakpoints.
                    let inside = BookLayout.breakpoints(of: index).map { $0 - Double(k) }.filter { $0 > 0 && $0 < 1 }
                    let stops = [0] + inside.sorted() + [1]
                    let start = BookLayout.ratio(of: index, offset: Double(k)), end = BookLayout.ratio(of: index, offset: Double(k + 1))
                    guard start != end else { continue }
                    for (a, b) in zip(stops, stops.dropFirst()) {
                        let fa = curve.fraction(forProgress: a), fb = curve.fraction(forProgress: b)
                        let offset = Double(k) + b
                        t.animate(duration: (fb - fa) * turn, delay: (Double(k) + fa) * turn, curve: curve.subcurve(from: fa, to: fb)) {
                            page.transform = BookLayout.openTransform(of: index, offset: offset)
                            shadow?.opacity = BookDesign.shadowOpacity(ratio: BookLayout.ratio(of: index, offset: offset))
                        }
                        let shownAfter = BookLayout.isShown(index, offset: offset + 1e-9)
                        if shownAfter != BookLayout.isShown(index, offset: Double(k) + a + 1e-9) {
                            t.at((Double(k) + fb) * turn) { page.isHidden = !shownAfter }
                        }
                    }
                }
            }
        }
    }
}
