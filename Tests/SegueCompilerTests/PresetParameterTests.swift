import Foundation
import Segue
import SegueCompiler
import SeguePresets
import SegueXML
import Testing

/// What `segue presets` offers is what each preset does: every parameter listed changes the
/// drawing or is refused with a reason, defaults are the ones used, and every size the parameters
/// accept draws, or is refused with what to use instead.
struct PresetParameterTests {
    static let appScreenPresets = ["circle-reveal", "circle-spread", "circle-scale-spread", "open-door", "page-turn"]
    static let bookPresets = ["book-open", "book-close", "book-flip", "book-carousel"]

    func svg(_ preset: String, _ overrides: [(String, String)] = []) throws -> Data {
        let timeline = try Presets.named(preset).transition(overrides: overrides.map { (name: $0.0, value: $0.1) }).timeline()
        return try Exporter.render(timeline, as: .svg)
    }

    func refusal(_ preset: String, _ overrides: [(String, String)]) throws -> String? {
        do {
            _ = try Presets.named(preset).transition(overrides: overrides.map { (name: $0.0, value: $0.1) })
            return nil
        } catch {
            return error.message
        }
    }

    /// `segue presets` states each preset's default duration (for the books that turn or snap,
    /// per step, with the default steps' total in parentheses): the one a default export takes.
    @Test(arguments: appScreenPresets + bookPresets)
    func theListedDefaultDurationIsTheOneUsed(preset: String) throws {
        let listed = try #require(try Presets.named(preset).parameters.first { $0.name == "duration" }?.defaultValue)
        let used = try Presets.named(preset).transition().timeline().duration
        let total = listed.split(separator: "(").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ")")) } ?? listed
        #expect(Double(total).map { abs($0 - used) < 1e-9 } == true, "\(preset): listed '\(listed)', takes \(used) s")
    }

    @Test(arguments: bookPresets)
    func theBooksListTheirOwnStageAndNoScreenColours(preset: String) throws {
        let parameters = try Presets.named(preset).parameters
        #expect(parameters.first { $0.name == "size" }?.defaultValue == "768x1024")
        let timeline = try Presets.named(preset).transition().timeline()
        #expect(timeline.size == Size(width: 768, height: 1024))
        #expect(!parameters.contains { $0.name == "from-color" || $0.name == "to-color" })
        #expect(try refusal(preset, [("to-color", "#ff0000")])?.contains("has no parameter 'to-color'") == true)
    }

    @Test(arguments: appScreenPresets)
    func theScreenColoursChangeTheDrawingOrAreRefused(preset: String) throws {
        let parameters = try Presets.named(preset).parameters
        #expect(parameters.first { $0.name == "size" }?.defaultValue == "375x667")
        // The mock list has colours of its own: its colour is refused, not ignored.
        #expect(try refusal(preset, [("from-color", "#ff0000")])?.contains("add --param screens=flat") == true)
        let flat = try svg(preset, [("screens", "flat")])
        #expect(try svg(preset, [("screens", "flat"), ("from-color", "#ff0000")]) != flat)
        #expect(try svg(preset, [("screens", "flat"), ("to-color", "#ff0000")]) != flat)
        #expect(try svg(preset, [("to-color", "#ff0000")]) != svg(preset))
    }

    /// The mock screens draw at any size the parameters accept: what a narrow screen would make
    /// negative draws nothing (it used to fail inside the mock screen's code, naming its source).
    @Test(arguments: appScreenPresets)
    func theMockScreensDrawAtAnySize(preset: String) throws {
        for size in ["1x1", "60x60", "100x100", "200x100"] {
            let data = try svg(preset, [("size", size)])
            #expect(try DTDValidator.validateSVG(data).isEmpty, "\(preset) at \(size)")
        }
    }

    @Test func aButtonWithNoSizeDraws() throws {
        #expect(try !svg("circle-reveal", [("button", "0,0,0,0")]).isEmpty)
    }

    @Test func pageTurnRefusesAScreenWiderThanItsCameraAllows() throws {
        let message = try #require(try refusal("page-turn", [("size", "1024x768")]))
        #expect(message.contains("use a width of 900 or less"), "\(message)")
        #expect(try refusal("page-turn", [("size", "900x667")]) == nil)
    }
}
