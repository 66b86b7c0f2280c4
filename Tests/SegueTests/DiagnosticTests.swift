import Testing
@testable import Segue

/// Illegal transitions are refused at the DSL boundary, each with a message and the user's line.
struct DiagnosticTests {
    func problems(_ t: Transition, _ direction: Direction = .push) -> [Diagnostic] {
        do {
            _ = try t.timeline(direction)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func negativeDurationIsReportedAtTheTransition() {
        let line = #line + 1
        let d = problems(Transition("x", duration: -1) { _ in })
        #expect(d.count == 1)
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("positive") == true)
    }

    @Test func animationPastTheEndIsReportedAtTheAnimateCall() {
        var line = 0
        let d = problems(Transition("x", duration: 0.5) { t in
            line = #line + 1
            t.animate(duration: 0.4, delay: 0.2) { t.to.opacity = 0 }
        })
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("ends at 0.6 s") == true)
    }

    @Test func negativeAnimationDurationIsRefused() {
        let d = problems(Transition("x") { t in t.animate(duration: -0.1) { t.to.opacity = 0 } })
        #expect(d.first?.message.contains("zero or more") == true)
    }

    @Test func overlappingAnimationsOfOnePropertyAreRefused() {
        var second = 0
        let d = problems(Transition("x", duration: 1) { t in
            t.animate(duration: 0.6) { t.to.opacity = 0 }
            second = #line + 1
            t.animate(duration: 0.6, delay: 0.3) { t.to.opacity = 1 }
        })
        #expect(d.count == 1)
        #expect(d.first?.location?.line == second)
        #expect(d.first?.message.contains("animated twice at once") == true)
    }

    /// Everyday UIKit: one block sets a property in two steps (`center.x`, then `center.y`), or
    /// moves a frame while another block resizes it. The block animates to the last value, and a
    /// frame moved animates the position alone.
    @Test func aPropertySetTwiceInOneBlockAnimatesToTheLastValue() throws {
        let t = Transition("x", duration: 1) { t in
            let box = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 40, height: 40))
            t.add(box)
            t.animate(duration: 1) {
                box.position.x = 200
                box.position.y = 400
            }
            t.animate(duration: 0.5) { box.bounds.size.width = 80 }
        }
        let timeline = try t.timeline()
        let box = try #require(timeline.layer("box"))
        #expect(box.position.keyframes.map(\.value) == [Point(x: 20, y: 20), Point(x: 200, y: 400)])
        #expect(box.position.value(at: 0.5) == Point(x: 110, y: 210))
        #expect(box.bounds.value(at: 0.5).width == 80)
        let framed = try Transition("y", duration: 1) { t in
            let box = Layer(name: "box", frame: Rect(x: 0, y: 0, width: 40, height: 40))
            box.anchorPoint = Point(x: 0, y: 0)
            box.position = Point(x: 0, y: 0)
            t.add(box)
            t.animate(duration: 1) { box.frame.origin.y = 300 }
            t.animate(duration: 0.5, spring: Spring()) { box.bounds.size = Size(width: 60, height: 60) }
        }.timeline()
        #expect(framed.layer("box")?.position.value(at: 1) == Point(x: 0, y: 300))
        #expect(framed.layer("box")?.bounds.keyframes.count == 2)
        // Two blocks that overlap are still refused, each at its own line.
        var first = 0, second = 0
        let d = problems(Transition("z", duration: 1) { t in
            first = #line + 1
            t.animate(duration: 0.6) { t.to.opacity = 0; t.to.opacity = 0.5 }
            second = #line + 1
            t.animate(duration: 0.6, delay: 0.3) { t.to.opacity = 1 }
        })
        #expect(d.count == 1)
        #expect(d.first?.location?.line == second)
        #expect(d.first?.message.contains("DiagnosticTests.swift:\(first):") == true, "\(d)")
    }

    @Test func opacityOutsideZeroToOneIsRefused() {
        let d = problems(Transition("x") { t in t.to.opacity = 2 })
        #expect(d.first?.message.contains("opacity cannot be 2") == true)
    }

    @Test func notANumberIsRefused() {
        let d = problems(Transition("x") { t in
            t.animate { t.to.position = Point(x: .nan, y: 0) }
        })
        #expect(d.first?.message.contains("position") == true)
    }

    @Test func duplicateLayerNamesAreRefused() {
        let d = problems(Transition("x") { t in
            t.add(Layer(name: "card"))
            t.add(Layer(name: "card"))
        })
        #expect(d.first?.message.contains("two layers are named 'card'") == true)
    }

    @Test func animatingALayerNeverAddedIsRefused() {
        var line = 0
        let d = problems(Transition("x") { t in
            line = #line + 1
            let stray = Layer(name: "stray")
            t.animate { stray.opacity = 0 }
        })
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("never added to the stage") == true)
    }

    @Test func cyclesAreRefused() {
        let d = problems(Transition("x") { t in
            let a = Layer(name: "a"), b = Layer(name: "b")
            t.add(a)
            a.addSublayer(b)
            b.addSublayer(a)
        })
        #expect(d.first?.message.contains("cycle") == true)
    }

    @Test func maskMustMorphWithinOneKind() {
        let d = problems(Transition("x") { t in
            t.to.mask = .circle(center: .zero, radius: 1)
            t.animate { t.to.mask = .rect(t.bounds, cornerRadius: 0) }
        })
        #expect(d.first?.message.contains("cannot morph from a ellipse into a rect") == true || d.first?.message.contains("morph") == true)
    }

    @Test func badNamesAreRefused() {
        let d = problems(Transition("has space") { _ in })
        #expect(d.first?.message.contains("not a usable transition name") == true)
    }

    /// XML has no character for most C0 controls: such text would make a document that is not
    /// well-formed, so it is refused where the layer or the transition is made. Tabs and line
    /// breaks stay.
    @Test func textXMLCannotCarryIsRefusedAtItsLayer() {
        var line = 0
        let d = problems(Transition("x") { t in
            line = #line + 1
            let label = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 20), contents: .text(Text("a\u{7}b")))
            t.to.addSublayer(label)
            t.to.addSublayer(Layer(frame: Rect(x: 0, y: 30, width: 100, height: 20), contents: .text(Text("tab\there\nand on"))))
        })
        #expect(d.count == 1)
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("the text holds U+0007, a control character no SVG or HTML document can carry") == true)
        let descriptionLine = #line + 1
        let described = problems(Transition("x", description: "a \u{1B}[1m bold") { _ in })
        #expect(described.first?.location?.line == descriptionLine)
        #expect(described.first?.message.contains("the description holds U+001B") == true)
        #expect(TimelineResolver.firstUnwritableScalar(in: "\u{FFFE}") == "\u{FFFE}")
        #expect(TimelineResolver.firstUnwritableScalar(in: "é ✓ 𝄞 \u{7F}\r") == nil)
    }

    @Test func missingImageIsReportedAtItsLine() {
        var line = 0
        let d = problems(Transition("x") { t in
            line = #line + 1
            t.to.contents = .image("/nonexistent/picture.png")
        })
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("cannot read image") == true)
    }

    @Test func zeroDurationIsReportedAtTheTransition() {
        let line = #line + 1
        let d = problems(Transition("x", duration: 0) { _ in })
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("positive number of seconds, not 0.0") == true)
    }

    /// A transition of an hour drawn in perspective took minutes and gigabytes to write: the
    /// duration has a ceiling, said at the transition.
    @Test func aDurationBeyondAMinuteIsReportedAtTheTransition() {
        let line = #line + 1
        let d = problems(Transition("x", duration: 3600) { _ in })
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message == "the duration must be at most 60 seconds, not 3600.0; a screen transition takes a second or two")
        #expect(problems(Transition("x", duration: 60) { _ in }).isEmpty)
    }

    @Test func notANumberDurationIsRefused() {
        let d = problems(Transition("x", duration: .nan) { _ in })
        #expect(d.first?.message.contains("not nan") == true)
    }

    @Test func anchorPointOutsideReasonIsReportedAtItsAnimation() {
        var line = 0
        let d = problems(Transition("x") { t in
            line = #line + 1
            t.animate { t.to.anchorPoint = Point(x: 1e6, y: 0.5) }
        })
        #expect(d.count == 1)
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("anchorPoint cannot be") == true)
        #expect(d.first?.message.contains("unit coordinates") == true)
    }

    @Test func unknownLayerNamesAreRefused() {
        var lines: [Int] = []
        let d = problems(Transition("x") { t in
            lines.append(#line + 1)
            t.add(Layer(name: ""))
            lines.append(#line + 1)
            t.add(Layer(name: "two\nlines"))
        })
        #expect(d.map { $0.location?.line } == lines)
        #expect(d.first?.message.contains("'' is not a usable layer name") == true)
        #expect(d.last?.message.contains("'two\\nlines' is not a usable layer name") == true)
    }

    @Test func duplicateIDsAreReportedAtTheSecondWithTheFirst() {
        var lines: [Int] = []
        let d = problems(Transition("x") { t in
            lines.append(#line + 1)
            let first = Layer(name: "to")
            t.add(first)
        })
        // `to` is the stage's own screen: a user layer may not take its id either.
        #expect(d.first?.location?.line == lines[0])
        #expect(d.first?.message.contains("two layers are named 'to'") == true)
    }

    @Test func badTimingCurvesAndSpringsAreRefused() {
        let curve = problems(Transition("x") { t in
            t.animate(curve: TimingCurve(controlPoints: 2, 0, 0.5, .infinity)) { t.to.opacity = 0 }
        })
        #expect(curve.first?.message.contains("x control points must lie in 0...1") == true)
        let spring = problems(Transition("x") { t in
            t.animate(spring: Spring(mass: 0)) { t.to.opacity = 0 }
        })
        #expect(spring.first?.message.contains("positive mass") == true)
    }

    @Test func aSnapshotInsideTheScreenItPicturesIsRefused() {
        var line = 0
        let d = problems(Transition("x") { t in
            line = #line + 1
            let picture = t.snapshot(of: .to, name: "picture")
            t.to.addSublayer(picture)
        })
        #expect(d.first?.location?.line == line)
        #expect(d.first?.message.contains("would contain itself") == true)
        let crossing = problems(Transition("x") { t in
            t.from.addSublayer(t.snapshot(of: .to))
            t.to.addSublayer(t.snapshot(of: .from))
        })
        #expect(crossing.count == 1)
    }

    @Test func diagnosticsPrintLikeACompiler() {
        let d = Diagnostic(.error, "bad", at: SourceLocation(file: "/a/Reveal.swift", line: 7, column: 5))
        #expect(d.description == "/a/Reveal.swift:7:5: error: bad")
    }

    @Test func aValidTransitionResolves() throws {
        let t = Transition("fade", duration: 0.3) { t in
            t.to.opacity = 0
            t.animate { t.to.opacity = 1 }
        }
        let timeline = try t.timeline()
        #expect(timeline.layers.map(\.id) == ["container", "from", "to"])
        #expect(timeline.layer("to")?.opacity.value(at: 0.15) == 0.5)
        let pop = try t.timeline(.pop)
        #expect(pop.layer("to")?.opacity.value(at: 0) == 1)
        #expect(pop.layer("to")?.opacity.value(at: 0.3) == 0)
    }

    @Test func timelineJSONRoundTripsAndRefusesOtherVersions() throws {
        let timeline = try Transition("fade") { t in t.animate { t.to.opacity = 0.5 } }.timeline()
        let data = try timeline.jsonData()
        #expect(try Timeline.decode(data) == timeline)
        var object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        object["formatVersion"] = 99
        let future = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: Diagnostic.self) { try Timeline.decode(future) }
        #expect(throws: Diagnostic.self) { try Timeline.decode(Data("{\"formatVersion\":1}".utf8)) }
        #expect(throws: Diagnostic.self) { try Timeline.decode(Data("[truncated".utf8)) }
    }
}
