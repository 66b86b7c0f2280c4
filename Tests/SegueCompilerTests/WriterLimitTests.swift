import Foundation
import Segue
import SegueCompiler
import Testing

/// What the writers cannot draw yet is refused with a message that names the layer and where it
/// was made: the timeline keeps no line for each change, so that is the line the user can find.
struct WriterLimitTests {
    static let reordered = Transition("reordered", duration: 1) { t in
        let red = Layer(name: "red", frame: Rect(x: 0, y: 0, width: 100, height: 100), contents: .color(.red))
        let blue = Layer(name: "blue", frame: Rect(x: 50, y: 50, width: 100, height: 100), contents: .color(.blue))
        red.zPosition = 10
        t.add(red)
        t.add(blue)
        t.animate(duration: 0.4, delay: 0.5) { blue.zPosition = 20 }
    }

    func message(_ format: OutputFormat) throws -> String {
        do {
            _ = try Exporter.render(Self.reordered, direction: .push, as: format)
            return ""
        } catch {
            return error.description
        }
    }

    @Test func aSublayerMovingInDepthPastAnotherIsNamedWithItsLine() throws {
        let made = "layer 'blue' (made at \(#filePath):11:"
        let svg = try message(.svg)
        #expect(svg.contains("the sublayers of 'container' change their stacking order (zPosition) during the transition (\(made)"), "\(svg)")
        #expect(svg.contains("cannot write in SVG yet"))
        let html = try message(.html)
        #expect(html.hasPrefix(made), "\(html)")
    }
}
