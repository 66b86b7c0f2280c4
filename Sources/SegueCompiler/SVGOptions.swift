import Foundation

/// How an SVG is written.
public struct SVGOptions: Sendable, Equatable {
    /// Seconds to hold the last frame before playing again; nil plays once and holds the end.
    public var loopPause: Double?
    /// Lay elements out one per line, indented, for reading; by default they are not (only the
    /// top-level parts start new lines), as nobody reads the file that shows the picture.
    public var indent: Bool
    /// The most, in screen pixels, that drawn geometry may stray from the model between keyframes
    /// where SVG cannot replay the model exactly (perspective, 3D, springs).
    public var tolerance: Double

    /// SMIL (default) or CSS keyframes in the SVG's `<style>`.
    public var animation: SVGAnimation

    /// The part of `tolerance` the drawing written next may stray by: all of it, but in a
    /// projected subtree whose superlayers, drawn in 2D, stray too
    /// (`KeyframeStates.projectedShare`).
    var share = 1.0

    /// The most, in screen pixels, the drawing written next may stray: its share of the tolerance.
    var drawingTolerance: Double { tolerance * share }

    public init(loopPause: Double? = nil, indent: Bool = false, tolerance: Double = 0.5, animation: SVGAnimation = .smil) {
        self.loopPause = loopPause
        self.indent = indent
        self.tolerance = tolerance
        self.animation = animation
    }

    /// Decimals for coordinates: as many as the tolerance needs, no more.
    var decimals: Int { tolerance >= 0.5 ? 1 : tolerance >= 0.05 ? 2 : 3 }

    /// How far rounding a point's written coordinates moves it at most: half a unit of the last
    /// decimal, on both axes.
    public var rounding: Double { 0.5 * pow(10, -Double(decimals)) * 2.squareRoot() }

    /// What keyframes may stray of `allowed` px (the tolerance, or the part of it left to them)
    /// once room is left for rounding the written coordinates: at least half of it.
    func leavingRoomForRounding(_ allowed: Double) -> Double {
        max(allowed - rounding, allowed / 2)
    }
}

/// Why a transition cannot be written in a format.
public struct ExportError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
