import Segue

extension Preset {
    /// Articles 000 and 001: the book opens out of its cover in the carousel. Every page starts
    /// closed (flat under the cover at 70 %, left pages turned by −π) and springs to the open
    /// layout (1 s, damping ratio 0.7, initial velocity 0.7, which scales with another duration);
    /// the carousel's covers fade out; the selected cover is hidden from the start because page 0
    /// takes its place. The pop (book-close) closes the pages with a plain 1 s animation, fades the
    /// other covers back in, and shows the selected cover again at the end.
    public static let bookOpen = Preset(
        name: "book-open",
        summary: "A book springs open out of its cover in a carousel of covers (pop: it closes).",
        article: "000, 001",
        stage: StageParameters.common(duration: "1", size: BookLayout.stage, drawing: .book),
        parameters: BookOpening.parameters
    ) { arguments throws(PresetError) in
        try BookOpening(arguments).transition(name: "book-open", reversed: false)
    }

    /// Book-open's pop as a transition of its own: the open book closes back into the carousel.
    public static let bookClose = Preset(
        name: "book-close",
        summary: "An open book closes into its cover in the carousel (pop: it opens).",
        article: "000, 001",
        stage: StageParameters.common(duration: "1", size: BookLayout.stage, drawing: .book),
        parameters: BookOpening.parameters
    ) { arguments throws(PresetError) in
        try BookOpening(arguments).transition(name: "book-close", reversed: true)
    }
}

/// The shared build of book-open and book-close.
struct BookOpening {
    static let parameters = [
        PresetParameter("pages", .count(2...40, even: true), default: "8", "pages in the book"),
        PresetParameter("book", .count(0...6, even: false), default: "1", "which cover in the carousel is opened"),
        PresetParameter("page-text", .choice(["yes", "no"]), default: "no", "chapter titles and page numbers on the pages, and the title on the cover (SVG draws text in 3D as strips, which costs bytes)"),
    ]

    let stage: StageParameters
    let pages: Int
    let book: Int
    let design: BookDesign

    init(_ arguments: PresetArguments) throws(PresetError) {
        let stage = try StageParameters(arguments, duration: 1, size: BookLayout.stage)
        self.stage = stage
        pages = Int(arguments.number("pages", default: 8))
        book = Int(arguments.number("book", default: 1))
        design = BookDesign(pageText: arguments.choice("page-text", default: "no") == "yes", flat: stage.flat)
    }

    func transition(name: String, reversed: Bool) -> Transition {
        let description = reversed
            ? "An open book closes into its cover in the carousel (articles 000 and 001)."
            : "A book springs open out of its cover in the carousel (articles 000 and 001)."
        return Transition(name, duration: stage.duration, size: stage.size, description: description,
                          push: { t in reversed ? close(t) : open(t) },
                          pop: { t in reversed ? open(t) : close(t) })
    }

    /// The push of article 000: closed → open with UIKit's spring.
    func open(_ t: TransitionContext) {
        let carousel = Carousel(stage: t.size, books: BookDesign.coverColors.count, design: design)
        let covers = carousel.draw(into: t.from, selected: book)
        let pageLayers = drawBook(into: t.to, size: t.size)
        covers[book].opacity = 0                               // fromVC.selectedCell()?.alpha = 0
        for (index, page) in pageLayers.enumerated() {
            page.layer.transform = BookLayout.closedTransform(of: index)
            page.shadow?.opacity = 0                           // closed: no shadow (the cover never has one)
        }
        // UIKit's initial velocity is in whole distances per second: the article's 0.7 over its 1 s,
        // scaled so the spring starts alike at any duration (a fixed 0.7 over 30 s swings the pages
        // far past open, toward the viewer).
        t.animate(usingSpringWithDamping: 0.7, initialSpringVelocity: 0.7 / t.duration) {
            for cover in covers { cover.opacity = 0 }
            for (index, page) in pageLayers.enumerated() {
                page.layer.transform = BookLayout.openTransform(of: index, offset: 0)
                page.shadow?.opacity = BookDesign.shadowOpacity(ratio: BookLayout.ratio(of: index, offset: 0))
            }
        }
        t.at(t.duration) { t.to.backgroundColor = BookDesign.shelf }   // cleanupPush restores the background
    }

    /// The pop of article 000: open → closed with a plain animation, covers fading back.
    func close(_ t: TransitionContext) {
        let carousel = Carousel(stage: t.size, books: BookDesign.coverColors.count, design: design)
        t.container.insertSublayer(t.to, at: 0)                 // insertSubview(toVC.view, belowSubview: fromVC.view)
        let covers = carousel.draw(into: t.to, selected: book)
        let pageLayers = drawBook(into: t.from, size: t.size)
        for cover in covers { cover.opacity = 0 }
        for (index, page) in pageLayers.enumerated() {
            page.layer.transform = BookLayout.openTransform(of: index, offset: 0)
            page.shadow?.opacity = BookDesign.shadowOpacity(ratio: BookLayout.ratio(of: index, offset: 0))
        }
        t.animate {
            for (index, cover) in covers.enumerated() where index != book { cover.opacity = 1 }
            for (index, page) in pageLayers.enumerated() {
                page.layer.transform = BookLayout.closedTransform(of: index)
                page.shadow?.opacity = 0
            }
        }
        t.at(t.duration) {
            covers[book].opacity = 1                           // cleanupPop: the cover shows again
            t.from.isHidden = true
        }
    }

    /// The book's pages on a clear screen (the carousel shows through until the end).
    func drawBook(into screen: Layer, size: Size) -> [(layer: Layer, shadow: Layer?)] {
        let layout = BookLayout(stage: size)
        var result: [(Layer, Layer?)] = []
        for index in 0..<pages {
            let page = Layer(name: "page-\(index)")
            layout.place(page, index: index)
            // A page the open layout does not show has no cell at all (its attributes are nil).
            page.isHidden = !BookLayout.isShown(index, offset: 0)
            page.zPosition = BookLayout.zPosition(of: index)
            page.masksToBounds = true
            if index == 0 {
                design.dressCover(page, book: book)
                result.append((page, nil))
            } else {
                design.dressPage(page, index: index)
                let shadow = design.flat ? nil : BookDesign.shadow(for: index)
                shadow.map(page.addSublayer)
                result.append((page, shadow))
            }
            screen.addSublayer(page)
        }
        return result
    }
}
