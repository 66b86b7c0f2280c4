import Segue

extension Preset {
    /// Article 001's cover carousel (`BooksLayout`): the covers scroll from one to the next and snap
    /// to each (`targetContentOffset` rounds to whole items of 362 + 10 pt), each cover scaled by
    /// `0.7·min(max(1 − d/w, 0.75), 1)` for its distance d from the centre. Scale and position are
    /// linear in the offset between breakpoints (d = 0 and d = w/4), so each piece is one keyframe.
    public static let bookCarousel = Preset(
        name: "book-carousel",
        summary: "A carousel of book covers scrolls and snaps from cover to cover.",
        article: "001",
        stage: StageParameters.common(duration: "0.8 a snap (2.4)", size: BookLayout.stage, drawing: .book),
        parameters: [
            PresetParameter("books", .count(2...7, even: false), default: "7", "covers in the carousel"),
            PresetParameter("snaps", .count(1...6, even: false), default: "3", "covers scrolled past, snapping to each"),
        ]
    ) { arguments throws(PresetError) in
        let books = Int(arguments.number("books", default: 7))
        let snaps = try arguments.count("snaps", default: 3, atMost: books - 1,
                                        "a carousel of \(books) covers snaps past at most \(books - 1)")
        let stage = try StageParameters(arguments, duration: 0.8 * Double(snaps), size: BookLayout.stage)
        let design = BookDesign(pageText: true, flat: stage.flat)
        return Transition("book-carousel", duration: stage.duration, size: stage.size,
                          description: "A carousel of book covers scrolls and snaps from cover to cover (article 001).") { t in
            t.to.isHidden = true
            let carousel = Carousel(stage: t.size, books: books, design: design)
            let covers = carousel.draw(into: t.from, selected: 0)
            let step = t.duration / Double(snaps)
            let scroll = 0.75 * step                              // then rest on the cover
            let curve = TimingCurve.easeOut                     // a flick decelerating into the snap
            for (index, cover) in covers.enumerated() {
                for k in 0..<snaps {
                    let from = carousel.offset(centering: k), to = carousel.offset(centering: k + 1)
                    // Offsets where this cover's scale changes slope: centred (d = 0) or at d = w/4.
                    let kinks = [0, -0.25, 0.25].map { Double(index) * Carousel.step - carousel.inset + $0 * t.size.width }
                    let inside = kinks.map { ($0 - from) / (to - from) }.filter { $0 > 0 && $0 < 1 }
                    let stops = [0] + inside.sorted() + [1]
                    for (a, b) in zip(stops, stops.dropFirst()) {
                        let fa = curve.fraction(forProgress: a), fb = curve.fraction(forProgress: b)
                        let offset = from + (to - from) * b
                        t.animate(duration: (fb - fa) * scroll, delay: Double(k) * step + fa * scroll, curve: curve.subcurve(from: fa, to: fb)) {
                            cover.position = carousel.center(of: index, offset: offset)
                            cover.transform = Transform3D(scale: carousel.scale(of: index, offset: offset))
                        }
                    }
                }
            }
        }
    }
}
