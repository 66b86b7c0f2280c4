import Segue
@testable import SegueCompiler
import Testing

/// The box a line of text may draw in must hold it in the widest faces a browser is likely to
/// pick: strips cut over a narrower box would clip the words in perspective. The widths below
/// are what Chromium measures (canvas `measureText`) in DejaVu Sans Bold, the widest of them.
struct TextExtentTests {
    @Test(arguments: [
        ("WWWWWW", 24.0, 158.8),     // the widest letter: the old estimate, 0.62 em a character and an em, took 113
        ("Arrival", 24, 90.5),
        ("Interstellar", 24, 152.1),
        ("Buy tickets", 17, 106.7),
        ("MOVIES", 17, 74.3),
    ])
    func theBoxHoldsTheWidestFacesWords(text: String, size: Double, measured: Double) {
        let box = TextExtent.box(of: Text(text, fontSize: size, weight: .bold), in: Rect(x: 0, y: 0, width: 1000, height: 40))
        #expect(box.width >= measured, "\(text): \(box.width) < \(measured)")
        #expect(box.width <= measured * 1.4, "\(text): \(box.width), far wider than it draws")
    }

    @Test func otherCharactersTakeAnEmAndAHalfAndMarksNothing() {
        #expect(TextExtent.width(of: "‰Щ") == 2 * TextExtent.otherAdvance + TextExtent.padding)
        #expect(TextExtent.width(of: "e\u{301}") == TextExtent.width(of: "e"), "a combining accent takes no room")
        #expect(TextExtent.width(of: "") == TextExtent.padding)
    }

    @Test func theBoxIsPlacedByTheAlignmentOnTheLinesMiddle() {
        let bounds = Rect(x: 100, y: 100, width: 300, height: 20)
        let width = TextExtent.width(of: "Her") * 20
        let centred = TextExtent.box(of: Text("Her", fontSize: 20, alignment: .center), in: bounds)
        #expect(centred == Rect(x: 250 - width / 2, y: 95, width: width, height: 30))
        let right = TextExtent.box(of: Text("Her", fontSize: 20, alignment: .right), in: bounds)
        #expect(right.maxX == 400 && right.width == width)
        let left = TextExtent.box(of: Text("Her", fontSize: 20, alignment: .left), in: bounds)
        #expect(left.minX == 100)
    }
}
