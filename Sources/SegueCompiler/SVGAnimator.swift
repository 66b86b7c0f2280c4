import Segue
import SegueXML

/// How an SVG's motion is written.
public enum SVGAnimation: String, Sendable, CaseIterable {
    /// SMIL `<animate>` elements: plays everywhere, `<img>` on GitHub included, but cannot honour
    /// `prefers-reduced-motion`.
    case smil
    /// CSS `@keyframes` in the SVG's `<style>`: honours `prefers-reduced-motion` (the last frame
    /// shows, still), and plays in `<img>` in browsers that run CSS animations there.
    case css
}

/// Writes the animations of one SVG, as SMIL elements or as CSS rules, so the writer says each
/// animation once and the format decides its form.
final class SVGAnimator {
    /// How far a sampled spring may stray in opacity: 1/500, below what 8-bit colour shows.
    static let opacityTolerance = 0.002
    /// How far a value written in px moves between two keyframes (nil for other values): for
    /// points, the farthest any of them goes, along the diagonal when it moves on both axes.
    static func pixelDistance<V>(_ a: V, _ b: V) -> Double {
        if let a = a as? Double, let b = b as? Double { return abs(b - a) }
        if let a = a as? Point, let b = b as? Point { return a.distance(to: b) }
        if let a = a as? PointList, let b = b as? PointList {
            return zip(a.points, b.points).map { $0.distance(to: $1) }.max() ?? 0
        }
        return 0
    }

    /// How far a scale's factors change between two values: the larger change of the two (a
    /// single factor's change).
    static func factorChange<V>(_ a: V, _ b: V) -> Double {
        if let a = a as? Point, let b = b as? Point { return max(abs(b.x - a.x), abs(b.y - a.y)) }
        return pixelDistance(a, b)
    }

    /// Attributes whose numbers are px.
    static let pixelAttributes: Set<String> = ["x", "y", "width", "height", "r", "cx", "cy", "rx", "ry", "points", "x1", "y1", "x2", "y2"]

    let mode: SVGAnimation
    let clock: SMILClock
    private let idPrefix: String
    private var counter = 0
    private var rules: [String] = []
    private var animationsByID: [(id: String, names: [String])] = []
    /// Per element: its opacity and hidden tracks, folded into one CSS opacity at the end.
    private var visibility: [String: (element: XMLElement, opacity: Animated<Double>?, hidden: Animated<Bool>?)] = [:]
    private var visibilityOrder: [String] = []

    init(mode: SVGAnimation, clock: SMILClock, idPrefix: String, sampledTolerance: Double) {
        self.mode = mode
        self.clock = clock
        self.idPrefix = idPrefix
        self.sampledTolerance = sampledTolerance
    }

    var usesCSS: Bool { mode == .css }

    /// How many px on screen one unit of the coordinates being written spans at most (1 on the
    /// stage): lengths written in a scaled layer's space, and the motions sampled from them, are
    /// measured on screen. The writer sets it for each layer it writes with SVG's 2D transforms;
    /// it is asked only when such a length animates.
    private(set) var pixelScale: () -> Double = { 1 }

    /// How far, in px on screen, motion SVG cannot say (a spring, a curve leaving the unit square)
    /// may stray once written as straight keyframes: the export's tolerance, less what writing the
    /// numbers may round off.
    let sampledTolerance: Double
    /// The part of `sampledTolerance` the lengths written next may stray by: strays of layers
    /// that carry one another add up (`KeyframeStates.sampledShare`). Set with `pixelScale`.
    private(set) var sampledShare: () -> Double = { 1 }

    /// Sets `pixelScale` and `sampledShare` for what is written next; calling what it returns
    /// sets back the ones before (a layer's writing ends so, however it ends).
    func settingPixelScale(_ scale: @escaping () -> Double, share: @escaping () -> Double = { 1 }) -> () -> Void {
        let outer = (pixelScale, sampledShare)
        pixelScale = scale
        sampledShare = share
        return { [self] in (pixelScale, sampledShare) = outer }
    }

    /// How far in px the lengths written next may stray where sampled.
    var pixelTolerance: Double { sampledTolerance * sampledShare() }

    /// Runs `body` with lengths in px as they are: projected drawing is measured on screen.
    func drawingProjected<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        let restore = settingPixelScale { 1 }
        defer { restore() }
        try body()
    }

    /// Animates an attribute (SMIL) or the CSS property of the same name (geometry in px).
    func animate<V: Interpolatable>(_ track: Animated<V>, _ attribute: String, on element: XMLElement,
                                   tolerance: Double = 0.0005, format: @escaping (V) -> String,
                                   css: ((V) -> String)? = nil) {
        guard !track.isConstant else { return }
        switch mode {
        case .smil:
            smilAnimation(attribute, tolerance: tolerance, format: format)(track).write(on: element)
        case .css:
            let cssFormat = css ?? { value in
                let text = format(value)
                return ["r", "cx", "cy", "rx", "ry", "x", "y", "width", "height"].contains(attribute) ? text + "px" : text
            }
            let distance: ((V, V) -> Double)? = distanceOnScreen(of: attribute)
            var sampled = track.withSpringsSampled(tolerance: tolerance, distance: distance, pixelTolerance: pixelTolerance)
            // A length CSS cannot make negative, which a spring overshooting a shrink takes below 0.
            if Self.nonNegativeLengths.contains(attribute), let lengths = sampled as? Animated<Double>,
               lengths.keyframes.contains(where: { $0.value < 0 }),
               let drawn = track.withSpringsSampled(tolerance: tolerance, distance: distance, pixelTolerance: pixelTolerance,
                                                    keeps: { _ in false }) as? Animated<Double> {
                sampled = drawn.clampedAtZero() as? Animated<V> ?? sampled
            }
            addCSS(sampled, property: attribute, on: element, format: cssFormat)
        }
    }

    /// The lengths CSS cannot make negative: a negative value in a `@keyframes` rule is invalid,
    /// and browsers skip that keyframe, drawing the size its neighbours give instead of none
    /// (`Animated.clampedAtZero`).
    static let nonNegativeLengths: Set<String> = ["width", "height", "r", "rx", "ry"]

    /// What `animate` writes in SMIL for a track of `attribute`, worked out apart from any
    /// document (on any thread: the pixel scale and share of the tolerance are those set now).
    func smilAnimation<V: Interpolatable>(_ attribute: String, tolerance: Double = 0.0005,
                                          format: @escaping (V) -> String) -> (Animated<V>) -> PreparedSMILAnimation {
        let distance: ((V, V) -> Double)? = distanceOnScreen(of: attribute), pixelTolerance = pixelTolerance, clock = clock
        return { track in
            SMILAnimation(track: track, tolerance: tolerance, distance: distance, pixelTolerance: pixelTolerance, format: format)
                .prepared(attribute, clock: clock)
        }
    }

    /// How far a value of `attribute` moves on screen, in px, from one value to another; nil for
    /// an attribute not written in px.
    private func distanceOnScreen<V>(of attribute: String) -> ((V, V) -> Double)? {
        guard Self.pixelAttributes.contains(attribute) else { return nil }
        let scale = pixelScale()
        return { a, b in Self.pixelDistance(a, b) * scale }
    }

    /// How the `keyTimes` of one step of a transform get their decimals, so that the steps of one
    /// transform change at the very same instants (`SMILAnimation.keyTimes`).
    enum StepTiming {
        /// From the pixels the step's own values move things by: a translation's through
        /// `pixelScale`; a turn's or a scale's through `reach`, how far from the step's origin, in
        /// px, what it moves may lie.
        case reach(Double)
        /// Shared by all the steps of one map: how far the whole map moves things from each
        /// keyframe to the next, in px.
        case shared(moved: [Double])
    }

    /// A transform step's numbers: an angle (`rotate`, `skewX`, `skewY`) alone, or a pair
    /// (`translate`, `scale`). A pair of values, not a list: one is made for every keyframe.
    typealias StepNumbers = (first: Double, second: Double?)

    /// Animates one part of an element's transform: `translate`, `rotate`, `scale`, `skewX` or `skewY`.
    func animateTransform<V: Interpolatable>(_ track: Animated<V>, _ type: String, on element: XMLElement, decimals: Int,
                                             timing: StepTiming, numbers: @escaping (V) -> StepNumbers) {
        guard !track.isConstant else { return }
        // How far the step moves things on screen, in px, from one value to another: a scale
        // moves a point `reach` away by at most its larger factor's change times `reach`.
        var distance: ((V, V) -> Double)?
        if case .reach(let reach) = timing {
            if type == "scale" {
                distance = { Self.factorChange($0, $1) * reach }
            } else {
                let perUnit = type == "translate" ? pixelScale() : reach * .pi / 180
                distance = { Self.pixelDistance($0, $1) * perUnit }
            }
        }
        switch mode {
        case .smil:
            switch timing {
            case .reach:
                SMILAnimation(track: track, distance: distance, pixelTolerance: pixelTolerance, format: Self.transformFormat(decimals, numbers))
                    .animateTransform(type, on: element, clock: clock)
            case .shared(let moved):
                Self.preparedTransform(track, type, decimals: decimals, moved: moved, clock: clock, numbers: numbers).write(on: element)
            }
        case .css:
            let unit = type == "translate" ? "px" : type == "scale" ? "" : "deg"
            addCSS(track.withSpringsSampled(tolerance: 0.0005, distance: distance, pixelTolerance: pixelTolerance),
                   property: "transform", on: element) { value in
                let (first, second) = numbers(value)
                let spelled = ([first] + [second].compactMap { $0 }).map { SVGFormat.number($0, decimals: decimals) + unit }
                return "\(type)(\(spelled.joined(separator: ",")))"
            }
        }
    }

    /// What `animateTransform` writes in SMIL with `.shared(moved:)` timing, worked out apart from
    /// any document: it reads only its arguments, so it may run on any thread.
    static func preparedTransform<V: Interpolatable>(_ track: Animated<V>, _ type: String, decimals: Int, moved: [Double],
                                                     clock: SMILClock, numbers: @escaping (V) -> StepNumbers) -> PreparedSMILAnimation {
        SMILAnimation(track: track, moved: moved, format: transformFormat(decimals, numbers)).preparedTransform(type, clock: clock)
    }

    /// A transform step's numbers as SMIL writes them: comma-separated, `decimals` each.
    private static func transformFormat<V>(_ decimals: Int, _ numbers: @escaping (V) -> StepNumbers) -> (V) -> String {
        { value in let (first, second) = numbers(value); return SVGFormat.numbers(first, second, decimals: decimals, separator: ",") }
    }

    /// An element's opacity; in CSS it is folded with `hidden` (see `hide`).
    func opacity(_ track: Animated<Double>, on element: XMLElement) {
        guard usesCSS else {
            animate(track, "opacity", on: element, tolerance: Self.opacityTolerance) { SVGFormat.number($0) }
            return
        }
        guard !track.isConstant else { return }
        let id = ensureID(element)
        if visibility[id] == nil { visibilityOrder.append(id) }
        visibility[id, default: (element, nil, nil)].opacity = track
    }

    /// When an element is hidden: SMIL animates `display`; CSS folds it into the opacity.
    func hide(_ hidden: Animated<Bool>, on element: XMLElement) {
        guard usesCSS else {
            SMILAnimation(track: hidden) { $0 ? "none" : "inline" }.animate("display", on: element, clock: clock)
            return
        }
        let id = ensureID(element)
        if visibility[id] == nil { visibilityOrder.append(id) }
        visibility[id, default: (element, nil, nil)].hidden = hidden
    }

    /// Writes the collected CSS into a `<style>` element (CSS mode only).
    func finish(in root: XMLElement, after: XMLElement) {
        guard usesCSS else { return }
        for id in visibilityOrder {
            guard let entry = visibility[id] else { continue }
            let opacity = entry.opacity ?? Animated(Double(entry.element.attribute("opacity") ?? "1") ?? 1)
            let shown = entry.hidden.map { opacity.shown(hidden: $0) } ?? opacity
            addCSS(shown.withSpringsSampled(tolerance: Self.opacityTolerance), property: "opacity",
                   on: entry.element) { SVGFormat.number($0) }
        }
        let css = CSSClock(duration: clock.duration, loopPause: clock.loopPause)
        var sheet = rules
        for (id, names) in animationsByID {
            sheet.append("#\(id){animation:\(names.map { css.animation($0) }.joined(separator: ","))}")
        }
        let ids = animationsByID.map { "#" + $0.id }.joined(separator: ",")
        if !ids.isEmpty {
            sheet.append("@media (prefers-reduced-motion: reduce){\(ids){animation-play-state:paused;animation-delay:-\(SVGFormat.number(clock.duration))s}}")
        }
        let style = root.addChild("style").set("type", "text/css")
        style.addText(sheet.joined(separator: "\n"))
        root.moveAfter(style, after)
    }

    private func addCSS<V>(_ track: Animated<V>, property: String, on element: XMLElement, format: @escaping (V) -> String) {
        let id = ensureID(element)
        counter += 1
        let name = "\(idPrefix)k\(counter)"
        let css = CSSClock(duration: clock.duration, loopPause: clock.loopPause)
        guard let rule = CSSAnimation(name: name, property: property, track: track, format: format).rule(clock: css, tolerance: 0.0005) else { return }
        rules.append(rule)
        if let index = animationsByID.firstIndex(where: { $0.id == id }) {
            animationsByID[index].names.append(name)
        } else {
            animationsByID.append((id, [name]))
        }
    }

    private func ensureID(_ element: XMLElement) -> String {
        if let id = element.attribute("id") { return id }
        counter += 1
        let id = "\(idPrefix)e\(counter)"
        element.set("id", id)
        return id
    }
}
