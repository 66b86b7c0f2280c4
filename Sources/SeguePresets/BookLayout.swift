import Segue

/// The page geometry of article 001's `BookLayout` and the closed state of article 000, shared by
/// the book presets. Pages are 362×568 pt; even pages are right-hand pages (spine on their left,
/// anchor (0, 0.5)), odd pages left-hand ones (anchor (1, 0.5)); the spine stands at the middle
/// of the stage.
public struct BookLayout: Sendable {
    public static let pageSize = Size(width: 362, height: 568)
    /// The books' default stage: an iPad in portrait, so both 362-pt pages of the open book fit.
    public static let stage = Size(width: 768, height: 1024)
    /// `m34 = 1.0 / -2000`: `makePerspectiveTransform()`.
    public static let perspective = Transform3D.perspective(distance: 2000)

    /// The stage the book sits on.
    public var stage: Size

    public init(stage: Size) {
        self.stage = stage
    }

    /// `getFrame`: every page's frame is centred on the stage, so with its anchor at the spine edge
    /// the spine sits at the stage's centre.
    public var pageFrame: Rect {
        Rect(x: stage.width / 2 - Self.pageSize.width / 2, y: (stage.height - Self.pageSize.height) / 2,
             width: Self.pageSize.width, height: Self.pageSize.height)
    }

    public static func isRightPage(_ index: Int) -> Bool { index % 2 == 0 }

    /// `applyLayoutAttributes`: the anchor on the spine edge.
    public static func anchor(of index: Int) -> Point {
        isRightPage(index) ? Point(x: 0, y: 0.5) : Point(x: 1, y: 0.5)
    }

    /// `getRatio`: how far page `index` is turned at a scroll offset measured in screen widths
    /// (`contentOffset.x / viewWidth`): −1 lies flat on the left, 0 stands upright, 1 lies flat on the
    /// right; beyond ±0.5 pages stack with a tenth of the slope (the gap between stacked pages).
    public static func ratio(of index: Int, offset: Double) -> Double {
        let page = Double(index - index % 2) * 0.5
        let ratio = -0.5 + page - offset
        if ratio > 0.5 { return 0.5 + 0.1 * (ratio - 0.5) }
        if ratio < -0.5 { return -0.5 + 0.1 * (ratio + 0.5) }
        return ratio
    }

    /// `getAngle` with the ratio clamped to [−1, 1], plus (index % 2) / 1000 so facing pages never
    /// share an angle.
    public static func angle(of index: Int, ratio: Double) -> Double {
        let r = min(max(ratio, -1), 1)
        let base = isRightPage(index) ? (1 - r) * -Double.pi / 2 : (1 + r) * Double.pi / 2
        return base + Double(index % 2) / 1000
    }

    /// `getRotation`: `CATransform3DRotate(perspective, angle, 0, 1, 0)`.
    public static func openTransform(of index: Int, offset: Double) -> Transform3D {
        perspective.rotatedBy(angle(of: index, ratio: ratio(of: index, offset: offset)), x: 0, y: 1, z: 0)
    }

    /// A page whose back would face the viewer is not shown, except the cover (page 0).
    public static func isShown(_ index: Int, offset: Double) -> Bool {
        let r = ratio(of: index, offset: offset)
        return index == 0 || !((r > 0 && index % 2 == 1) || (r < 0 && index % 2 == 0))
    }

    /// `closePageCell`: every page flat under the cover at 70 % — right pages translated by
    /// −0.7·w/2, left pages turned by −π and translated by +0.7·w/2.
    public static func closedTransform(of index: Int) -> Transform3D {
        let w = pageSize.width
        if isRightPage(index) {
            return perspective.rotatedBy(0, x: 0, y: 1, z: 0).translatedBy(x: -0.7 * w / 2, y: 0).scaledBy(x: 0.7, y: 0.7)
        }
        return perspective.rotatedBy(-.pi, x: 0, y: 1, z: 0).translatedBy(x: 0.7 * w / 2, y: 0).scaledBy(x: 0.7, y: 0.7)
    }

    /// The page's place on the stage (its anchor at the spine), with `anchorPoint` set.
    public func place(_ page: Layer, index: Int) {
        page.anchorPoint = Self.anchor(of: index)
        page.bounds = Rect(size: Self.pageSize)
        page.position = Point(x: pageFrame.midX, y: pageFrame.midY)
    }

    /// The stacking order: the cover above all (`zIndex = Int.max`), then left-hand pages above
    /// right-hand ones, the most recently turned on top of each side (lower right-hand pages under
    /// higher ones would hide every page being turned behind the last page of the book).
    public static func zPosition(of index: Int) -> Double {
        if index == 0 { return 1 }
        return isRightPage(index) ? -Double(index) / 1000 : Double(index) / 1000
    }

    /// The offsets (in screen widths) at which page `index`'s turn changes slope or visibility:
    /// ratio ±5.5 (clamped flat), ±0.5 (stacking starts) and 0 (upright).
    public static func breakpoints(of index: Int) -> [Double] {
        let page = Double(index - index % 2) * 0.5
        return [5.5, 0.5, 0, -0.5, -5.5].map { page - 0.5 - $0 }
    }
}
