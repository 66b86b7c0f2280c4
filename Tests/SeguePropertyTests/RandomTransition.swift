import Foundation
import Segue

/// A random but legal transition, written through the public DSL from a list of choices: a tree of
/// layers with random geometry, 2D and 3D transforms (perspective included), masks, colour, text,
/// gradient and snapshot contents, then animation blocks of every kind (timing curves, UIKit and
/// Core Animation springs, keyframes) in time slots that never overlap. Values reach the edges of
/// what is legal: zero sizes, huge stages, a 1e-9 s duration, dozens of layers, hostile text.
///
/// Changes that Segue refuses on purpose with a clear message (animated `zPosition`,
/// `sublayerTransform` or `anchorPoint`, bounds of drawn contents or under a mask) are not made,
/// so every case must export.
struct RandomTransition: CustomStringConvertible {
    let transition: Transition
    /// What was built, one line per decision, for the report of a failing case.
    private(set) var recipe: [String] = []

    init(_ values: [UInt32], index: Int) {
        var c = Choices(values)
        var recipe: [String] = []
        let duration = c.pick([0.5, 1e-9, 1e-3, 0.25, 1, 3])
        let size = c.pick([Size.iPhone, Size(width: 1, height: 1), Size(width: 1e5, height: 1e5), Size(width: 320, height: 90)])
        let layerCount = c.chance(0.02) ? c.int(20...40) : c.int(0...5)
        let description = c.chance(0.3) ? c.pick(Self.hostileTexts) : ""
        recipe.append("duration \(duration), size \(size), \(layerCount) layers, description \(description.debugDescription)")
        transition = Transition("random-\(index)", duration: duration, size: size, description: description) { t in
            var layers = [t.from, t.to]
            var offScreen = [t.container]  // a snapshot must not sit inside a screen it pictures
            for i in 0..<layerCount {
                let layer = Self.layer(i, in: t, &c)
                let isSnapshot = if case .snapshot? = layer.contents { true } else { false }
                let parent = c.pick(isSnapshot ? offScreen : [t.container] + layers)
                parent.addSublayer(layer)
                if offScreen.contains(where: { $0 === parent }) { offScreen.append(layer) }
                recipe.append("layer \(layer.name.map(\.debugDescription) ?? "#\(i)") under \(parent.name ?? "?"): frame \(layer.frame), anchor \(layer.anchorPoint), contents \(String(describing: layer.contents)), mask \(String(describing: layer.mask)), transform \(layer.transform)")
                layers.append(layer)
            }
            if c.chance(0.4) {
                let layer = c.pick([t.container] + layers)
                layer.sublayerTransform = .perspective(distance: c.pick([500, 2000, 1e4, 1]))
                recipe.append("perspective on \(layer.name ?? "?"): \(layer.sublayerTransform.m34)")
            }
            let blocks = c.int(0...4)
            for block in 0..<blocks {
                let slot = duration / Double(blocks)
                let delay = Double(block) * slot
                let length = slot * c.pick([1, 0, 0.5, c.double(0...1)])
                recipe.append(Self.animate(t, layers, delay: delay, length: length, &c))
            }
        }
        self.recipe = recipe
    }

    var description: String { recipe.joined(separator: "\n") }

    /// Text that must come out escaped and leave the documents valid.
    static let hostileTexts = ["<b>&amp;</b>", "]]> & \"quotes\" 'single'", "مرحبا بالعالم", "emoji 🎬🚪📖👩‍👩‍👧", "a < b && c > d", "&#0; &bogus;", "--> <!-- -->", "<?xml?>", "\u{202E}right-to-left override"]

    private static func layer(_ i: Int, in t: TransitionContext, _ c: inout Choices) -> Layer {
        let w = t.size.width, h = t.size.height
        let frame = Rect(x: c.double(-0.5...1.5) * w, y: c.double(-0.5...1.5) * h,
                         width: c.pick([w / 2, 0, 1, c.double(0...1) * w, 1e5]),
                         height: c.pick([h / 2, 0, 1, c.double(0...1) * h, 1e5]))
        let name: String? = c.chance(0.5) ? "layer \(i) " + c.pick(hostileTexts) : nil
        let layer = Layer(name: name, frame: frame, contents: contents(&c))
        layer.anchorPoint = Point(x: c.pick([0.5, 0, 1, c.double(-1...2)]), y: c.pick([0.5, 0, 1, c.double(-1...2)]))
        layer.opacity = c.pick([1, 0, c.double(0...1)])
        layer.cornerRadius = c.pick([0, 8, c.double(0...1e3)])
        layer.backgroundColor = color(&c)
        layer.transform = transform(&c)
        layer.zPosition = c.pick([0, 0, 1, -1, 100])
        layer.isDoubleSided = !c.chance(0.3)
        layer.masksToBounds = c.chance(0.2)
        if c.chance(0.2) { layer.mask = .circle(center: Point(x: c.double(0...w), y: c.double(0...h)), radius: c.double(0...w)) }
        return layer
    }

    private static func contents(_ c: inout Choices) -> Contents? {
        switch c.int(0...4) {
        case 1: .color(color(&c))
        case 2: .text(Text(c.pick(hostileTexts), fontSize: c.pick([17, 0.01, 300]), color: color(&c), alignment: c.pick([.left, .center, .right])))
        case 3: .gradient(Gradient(colors: [color(&c), color(&c)]))
        case 4: .snapshot(Snapshot(screen: c.pick([.from, .to])))
        default: nil
        }
    }

    private static func color(_ c: inout Choices) -> Color {
        Color(red: c.double(0...1), green: c.double(0...1), blue: c.double(0...1), alpha: c.pick([1, 0, c.double(0...1)]))
    }

    static func transform(_ c: inout Choices) -> Transform3D {
        switch c.int(0...5) {
        case 1: return Transform3D(rotationAngle: c.double(-4 * .pi...4 * .pi))
        case 2: return Transform3D(scaleX: c.pick([1, 0, 1e-6, c.double(-3...3)]), y: c.double(-3...3))
        case 3: return Transform3D(rotationAngle: c.double(-.pi...(.pi)), x: 0, y: 1, z: 0)
        case 4:
            var m = Transform3D.identity
            m.m34 = -1 / c.pick([500, 2000, 50])
            return m.rotatedBy(c.double(-.pi...(.pi)), x: c.double(-1...1), y: c.double(-1...1), z: c.double(-1...1))
        case 5: return Transform3D(translationX: c.double(-500...500), y: c.double(-500...500), z: c.double(-1000...1000))
        default: return .identity
        }
    }

    /// One animation block of a random kind over [delay, delay + length], changing a few properties
    /// of a few layers (each property at most once, so no two changes of one property overlap).
    private static func animate(_ t: TransitionContext, _ layers: [Layer], delay: Double, length: Double,
                                _ c: inout Choices) -> String {
        var changes: [(layer: Layer, property: Int)] = []
        for _ in 0..<c.int(1...3) {
            let layer = c.pick(layers)
            let property = changeable(c.int(0...7), of: layer)
            if !changes.contains(where: { $0.layer === layer && $0.property == property }) { changes.append((layer, property)) }
        }
        var seed = [c.next(), c.next(), c.next()]
        let apply = {
            for (layer, property) in changes {
                var d = Choices(seed)
                seed = seed.map { $0 &* 2654435761 &+ 1 }
                change(layer, property, in: t, &d)
            }
        }
        let kind = c.int(0...4)
        switch kind {
        case 1: t.animate(duration: length, delay: delay, usingSpringWithDamping: c.pick([0.7, 1, 0.05]), initialSpringVelocity: c.double(-5...5), apply)
        case 2: t.animate(duration: length, delay: delay, spring: Spring(mass: c.pick([1, 0.1, 10]), stiffness: c.pick([100, 1, 1e4]), damping: c.pick([10, 0, 200])), apply)
        case 3:
            let count = c.int(1...3)
            let fraction = c.double(0...1)
            t.animateKeyframes(duration: length, delay: delay, curve: c.pick([.easeInEaseOut, .linear]),
                               calculationMode: c.chance(0.3) ? .discrete : .linear) {
                for k in 0..<count {
                    t.addKeyframe(relativeStartTime: Double(k) / Double(count), relativeDuration: fraction / Double(count), apply)
                }
            }
        case 4: t.at(delay, apply)
        default:
            let curve = c.pick([TimingCurve.easeInEaseOut, .linear, .easeIn, .easeOut,
                                TimingCurve(controlPoints: c.double(0...1), c.double(-2...2), c.double(0...1), c.double(-2...2))])
            t.animate(duration: length, delay: delay, curve: curve, apply)
        }
        return "block \(["curve", "UIKit spring", "CASpring", "keyframes", "instant"][kind]) at \(delay) for \(length): \(changes.map { "\($0.layer.name ?? "?").\(propertyNames[$0.property])" })"
    }

    /// The property to change: the one chosen, or the position where the chosen one may not change
    /// here (a mask the layer lacks; bounds of drawn contents or under a mask).
    private static func changeable(_ property: Int, of layer: Layer) -> Int {
        let isPlain = layer.contents.map { if case .color = $0 { true } else { false } } ?? true
        switch property {
        case 5 where layer.mask == nil, 7 where !isPlain || layer.mask != nil: return 0
        default: return property
        }
    }

    private static let propertyNames = ["position", "transform", "opacity", "backgroundColor", "cornerRadius", "mask", "isHidden", "bounds"]

    private static func change(_ layer: Layer, _ property: Int, in t: TransitionContext, _ c: inout Choices) {
        switch property {
        case 1: layer.transform = transform(&c)
        case 2: layer.opacity = c.double(0...1)
        case 3: layer.backgroundColor = color(&c)
        case 4: layer.cornerRadius = c.double(0...100)
        case 5:
            layer.mask = .circle(center: Point(x: c.double(0...t.size.width), y: c.double(0...t.size.height)), radius: c.double(0...2 * t.size.width))
        case 6: layer.isHidden = c.chance(0.5)
        case 7:
            layer.bounds = Rect(x: 0, y: 0, width: c.double(0...t.size.width), height: c.double(0...t.size.height))
        default: layer.position = Point(x: c.double(-1...2) * t.size.width, y: c.double(-1...2) * t.size.height)
        }
    }
}
