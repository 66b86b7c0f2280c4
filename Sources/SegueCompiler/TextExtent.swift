import Segue

/// Where a line of text may draw. The writer does not measure glyphs (the viewer's browser picks
/// the face from the font list, `SVGFormat.fontFamily`), so it reckons with the widest faces it
/// is likely to pick: a text layer in perspective is cut into strips over this box and clipped to
/// them, and a document whose text lies inside the stage by this box needs no clip to the stage.
enum TextExtent {
    /// Each printable ASCII character's advance (U+0020 to U+007E), in ems: the widest of DejaVu
    /// Sans (the widest common fallback, on Linux) and Liberation Sans (the metrics of Arial and
    /// Helvetica), regular and bold, as Chromium measures them. "W" is the widest, at 1.103.
    static let asciiAdvances: [Double] = [
        0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457, 0.523, 0.838, 0.38, 0.415, 0.38, 0.365,
        0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.4, 0.4, 0.838, 0.838, 0.838, 0.611,
        1.015, 0.774, 0.762, 0.734, 0.83, 0.683, 0.683, 0.821, 0.837, 0.372, 0.556, 0.775, 0.637, 0.995, 0.837, 0.85,
        0.733, 0.85, 0.77, 0.72, 0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457, 0.365, 0.457, 0.838, 0.556,
        0.5, 0.675, 0.716, 0.593, 0.716, 0.678, 0.435, 0.716, 0.712, 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687,
        0.716, 0.716, 0.493, 0.595, 0.478, 0.712, 0.652, 0.924, 0.645, 0.652, 0.582, 0.712, 0.365, 0.712, 0.838,
    ]

    /// Headroom over the ASCII advances for faces a little wider in places (SF Pro on Apple
    /// systems): a tenth.
    static let headroom = 1.1

    /// The advance of any other character, in ems: more than the widest measured in the same faces
    /// (‰ 1.44, Щ 1.33, Ж 1.22), CJK (1) and emoji (about 1.3).
    static let otherAdvance = 1.5

    /// Room at the two ends together, for antialiasing and overhanging glyphs, in ems.
    static let padding = 0.25

    /// How tall a line may draw, in ems, centred on the line's middle (`dominant-baseline:
    /// central`): accented capitals reach about two thirds of an em above it, descenders half an em
    /// below.
    static let lineHeight = 1.5

    /// The widest the text's line may draw, in ems.
    static func width(of string: String) -> Double {
        var ascii = 0.0, others = 0.0
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E: ascii += asciiAdvances[Int(scalar.value - 0x20)]
            // Controls and combining marks take no room of their own.
            case 0..<0x20, 0x7F, 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: break
            default: others += otherAdvance
            }
        }
        return ascii * headroom + others + padding
    }

    /// The box the text may draw in, for a layer with `bounds`: as wide as `width(of:)` and
    /// `lineHeight` tall, on the line's middle, placed by its alignment. It may reach past the bounds.
    static func box(of text: Text, in bounds: Rect) -> Rect {
        let width = Self.width(of: text.string) * text.fontSize, height = lineHeight * text.fontSize
        let x = switch text.alignment {
        case .left: bounds.minX
        case .center: bounds.midX - width / 2
        case .right: bounds.maxX - width
        }
        return Rect(x: x, y: bounds.midY - height / 2, width: width, height: height)
    }
}
