import Foundation
import Segue
import SegueCompiler
import SeguePresets
import Testing

/// The book presets against articles 000 and 001 (and 004's page turn), at several times/offsets.
struct BookFormulaTests {
    // Article 001, getRatio: ratio = −0.5 + page − offset, compressed to a tenth beyond ±0.5.
    @Test func ratioFollowsGetRatio() {
        #expect(BookLayout.ratio(of: 0, offset: 0) == -0.5)
        #expect(BookLayout.ratio(of: 2, offset: 0) == 0.5)
        #expect(abs(BookLayout.ratio(of: 4, offset: 0) - 0.6) < 1e-12)       // 0.5 + 0.1·(1.5 − 0.5)
        #expect(abs(BookLayout.ratio(of: 1, offset: 1) - (-0.6)) < 1e-12)    // −0.5 + 0.1·(−1.5 + 0.5)
        #expect(abs(BookLayout.ratio(of: 2, offset: 0.75) - (-0.25)) < 1e-12)
    }

    // getAngle: even (1 − r)·(−π/2), odd (1 + r)·(π/2) + 1/1000, ratio clamped to [−1, 1].
    @Test func angleFollowsGetAngle() {
        #expect(abs(BookLayout.angle(of: 2, ratio: 0.5) - (-Double.pi / 4)) < 1e-12)
        #expect(abs(BookLayout.angle(of: 3, ratio: -0.5) - (Double.pi / 4 + 0.001)) < 1e-12)
        #expect(abs(BookLayout.angle(of: 2, ratio: 3) - 0) < 1e-12)
        #expect(abs(BookLayout.angle(of: 0, ratio: -2) - (-Double.pi)) < 1e-12)
    }

    // Back faces: odd pages with r > 0 and even pages with r < 0 are not shown, except page 0.
    @Test func visibilityFollowsTheLayout() {
        #expect(!BookLayout.isShown(3, offset: 0))        // r = 0.5, odd
        #expect(BookLayout.isShown(2, offset: 0))
        #expect(!BookLayout.isShown(2, offset: 0.6))      // r = −0.1, even
        #expect(BookLayout.isShown(0, offset: 3))         // the cover always
    }

    // Article 000, closePageCell: right pages translated by −0.7·w/2 and scaled 0.7, left pages turned −π.
    @Test func closedPagesLieUnderTheCover() {
        let right = BookLayout.closedTransform(of: 2)
        // The spine edge (x = 0) lands 0.7·362/2 to the left; the far edge 0.7·362 to its right.
        func x(_ t: Transform3D, _ px: Double) -> Double { t.planeProjection.apply(Point(x: px, y: 0))!.x }
        #expect(abs(x(right, 0) - (-0.7 * 362 / 2)) < 1e-9)
        #expect(abs(x(right, 362) - (0.7 * 362 / 2)) < 1e-9)
        let left = BookLayout.closedTransform(of: 1)
        // Anchored at its right edge (x measured from it: −362…0), turned −π: it spans the same place.
        #expect(abs(x(left, 0) - (-0.7 * 362 / 2)) < 1e-6)
        #expect(abs(x(left, -362) - (0.7 * 362 / 2)) < 1e-6)
        #expect(abs(right.m34 - (-1.0 / 2000)) < 1e-15)
    }

    func state(_ preset: Preset, _ params: [(String, String)] = [], at t: Double) throws -> FrameState {
        Evaluator(try preset.transition(overrides: params.map { (name: $0.0, value: $0.1) }).timeline()).state(at: t)
    }

    func corners(_ s: FrameState, _ id: String) throws -> [Point] {
        try #require(s.layers.first { $0.id == id }?.corners)
    }

    /// Screen corners of a page with a given transform, by the article's geometry.
    func expectedCorners(_ index: Int, _ transform: Transform3D, stage: Size = Size(width: 768, height: 1024)) -> [Point] {
        let anchorX = index % 2 == 0 ? 0.0 : 362.0
        let local = Transform3D(translationX: -anchorX, y: -284)
            .concatenating(transform)
            .concatenating(Transform3D(translationX: stage.width / 2, y: stage.height / 2))   // the spine
        return Rect(x: 0, y: 0, width: 362, height: 568).corners.map { local.planeProjection.apply($0)! }
    }

    @Test(arguments: [0.0, 0.15, 0.4, 1.0])
    func bookOpenSpringsFromClosedToOpen(t: Double) throws {
        // UIView spring: 1 s, damping ratio 0.7, initial velocity 0.7; transforms blend by decomposition.
        let s = try state(.bookOpen, [("screens", "flat")], at: t)
        let spring = SpringCurve(uiKitDuration: 1, dampingRatio: 0.7, initialVelocity: 0.7)
        for index in [0, 1, 2, 5] {
            let transform = BookLayout.closedTransform(of: index)
                .interpolated(to: BookLayout.openTransform(of: index, offset: 0), fraction: spring.progress(at: t))
            for (a, b) in zip(try corners(s, "page-\(index)"), expectedCorners(index, transform)) {
                #expect(a.distance(to: b) < 1e-6, "page \(index) at \(t)")
            }
        }
        // The carousel's covers fade with the same spring; the selected one is hidden throughout.
        let cover = try #require(s.layers.first { $0.id == "cover-0" })
        #expect(abs(cover.opacity - (1 - spring.progress(at: t))) < 1e-9)
        #expect(try #require(s.layers.first { $0.id == "cover-1" }).opacity == 0)
    }

    /// A slower book opens the same way: UIKit's initial velocity is in whole distances per
    /// second, so the article's 0.7 over its 1 s is scaled with the duration. A fixed 0.7 over 30 s
    /// swung the pages far past open, and the SVG refused to draw them reaching toward the viewer.
    @Test(arguments: [0.1, 0.35, 0.7])
    func bookOpenKeepsItsSpringAtAnyDuration(fraction: Double) throws {
        let quick = try state(.bookOpen, [("screens", "flat")], at: fraction)
        let slow = try state(.bookOpen, [("screens", "flat"), ("duration", "30")], at: fraction * 30)
        for index in [0, 1, 2, 5] {
            for (a, b) in zip(try corners(quick, "page-\(index)"), try corners(slow, "page-\(index)")) {
                #expect(a.distance(to: b) < 1e-6, "page \(index) at \(fraction) of the way")
            }
        }
        let timeline = try Preset.bookOpen.transition(overrides: [(name: "duration", value: "30")]).timeline()
        #expect(throws: Never.self) { try Exporter.render(timeline, as: .svg) }
    }

    @Test func bookCloseIsAPlainAnimationToTheClosedState() throws {
        let s = try state(.bookClose, [("screens", "flat")], at: 0.5)
        let p = TimingCurve.easeInEaseOut.progress(at: 0.5)
        let transform = BookLayout.openTransform(of: 2, offset: 0).interpolated(to: BookLayout.closedTransform(of: 2), fraction: p)
        for (a, b) in zip(try corners(s, "page-2"), expectedCorners(2, transform)) { #expect(a.distance(to: b) < 1e-6) }
    }

    @Test(arguments: [0.0, 0.2, 0.4, 0.55, 0.8, 1.3, 2.4])
    func bookFlipTurnsPagesByTheLayout(t: Double) throws {
        // One turn per 0.8 s, ease-in-ease-out: offset = k + curve(progress within the turn).
        let s = try state(.bookFlip, [("screens", "flat")], at: t)
        let k = min(floor(t / 0.8), 2), f = (t - k * 0.8) / 0.8
        let offset = k + TimingCurve.easeInEaseOut.progress(at: min(f, 1))
        for index in [0, 2, 3, 4, 5, 6] {
            let layer = try #require(s.layers.first { $0.id == "page-\(index)" })
            #expect(layer.isHidden == !BookLayout.isShown(index, offset: offset) || abs(BookLayout.ratio(of: index, offset: offset)) < 1e-6,
                    "page \(index) at \(t)")
            guard !layer.isHidden else { continue }
            for (a, b) in zip(layer.corners!, expectedCorners(index, BookLayout.openTransform(of: index, offset: offset))) {
                #expect(a.distance(to: b) < 1e-6, "page \(index) at \(t)")
            }
        }
    }

    @Test(arguments: [0.0, 0.1, 0.3, 0.6, 0.7, 1.2])
    func bookCarouselScalesCoversByDistance(t: Double) throws {
        let s = try state(.bookCarousel, [("screens", "flat")], at: t)
        let carousel = Carousel(stage: Size(width: 768, height: 1024), books: 7, design: BookDesign())
        // One snap per 0.8 s: 0.6 s of ease-out scrolling, then rest.
        let k = floor(t / 0.8), f = min((t - k * 0.8) / 0.6, 1)
        let offset = carousel.offset(centering: Int(k)) + Carousel.step * TimingCurve.easeOut.progress(at: f)
        for index in 0..<4 {
            let c = try corners(s, "cover-\(index)")
            let scale = 0.7 * min(max(1 - abs(offset + carousel.inset - Double(index) * Carousel.step) / 768, 0.75), 1)
            #expect(abs((c[1].x - c[0].x) - 362 * scale) < 1e-6, "cover \(index) at \(t)")
            #expect(abs((c[0].x + c[1].x) / 2 - (Double(index) * Carousel.step - offset + 181)) < 1e-6)
        }
    }

    @Test func pageTurnFoldsHalvesInTwoKeyframes() throws {
        // Keyframes 0–0.5 and 0.5–1 of an ease-in-ease-out keyframe animation of 0.5 s.
        let curve = TimingCurve.easeInEaseOut
        let half = curve.fraction(forProgress: 0.5) * 0.5
        let early = try state(.pageTurn, [("screens", "flat")], at: half * 0.5)
        #expect(try #require(early.layers.first { $0.id == "to-left" }).isHidden)
        let mid = try state(.pageTurn, [("screens", "flat")], at: half)
        let fold = try corners(mid, "from-right")
        #expect(abs(fold[1].x - 187.5) < 1e-6 && abs(fold[0].x - 187.5) < 1e-6)   // edge-on at −π/2
        let end = try state(.pageTurn, [("screens", "flat")], at: 0.5)
        // Each turning half reaches past the spine to the next whole point but one, where the
        // half beside it draws the same picture (`PageTurn`: no hairline where two antialiased
        // edges meet); it turns about the spine all the same.
        let left = try corners(end, "to-left")
        #expect(abs(left[0].x) < 1e-6 && abs(left[1].x - 189) < 1e-6)
        let start = try corners(try state(.pageTurn, [("screens", "flat")], at: 0), "from-right")
        #expect(abs(start[0].x - 186) < 1e-6 && abs(start[1].x - 375) < 1e-6)
        #expect(try #require(end.layers.first { $0.id == "to-left-shadow" }).opacity < 1e-9)
        #expect(abs(try #require(mid.layers.first { $0.id == "from-right-shadow" }).opacity - 1) < 1e-9)
        // The completion block removes the halves and the current screen: the next screen shows
        // as itself, and only at the end.
        for id in ["from-right", "to-left", "to-right", "from"] {
            #expect(try #require(end.layers.first { $0.id == id }).isHidden, "\(id) at the end")
        }
        let late = try state(.pageTurn, [("screens", "flat")], at: 0.499)
        #expect(try #require(late.layers.first { $0.id == "to-right" }).isHidden == false)
        #expect(try #require(end.layers.first { $0.id == "to" }).isHidden == false)
    }
}
