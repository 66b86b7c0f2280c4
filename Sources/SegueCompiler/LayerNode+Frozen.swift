import Segue

extension LayerNode {
    /// The layer as it is at `time`, with nothing animated: what a snapshot pictures.
    func frozen(at time: Double) -> LayerNode {
        var r = self
        r.bounds = Animated(bounds.value(at: time))
        r.position = Animated(position.value(at: time))
        r.anchorPoint = Animated(anchorPoint.value(at: time))
        r.zPosition = Animated(zPosition.value(at: time))
        r.transform = Animated(transform.value(at: time))
        r.sublayerTransform = Animated(sublayerTransform.value(at: time))
        r.opacity = Animated(opacity.value(at: time))
        r.isHidden = Animated(isHidden.value(at: time))
        r.backgroundColor = Animated(backgroundColor.value(at: time))
        r.cornerRadius = Animated(cornerRadius.value(at: time))
        r.mask = mask.map { Animated($0.value(at: time)) }
        return r
    }

    /// True when the layer stays in its superlayer's plane: a planar transform and no depth, so a
    /// perspective above it has no effect on it.
    var isFlat: Bool {
        zPosition.isConstant && zPosition.initialValue == 0 && transform.staysInPlane
    }
}

extension Timeline {
    /// True when nothing changes: every property of every layer keeps its first value (what a
    /// transition draws whose changes were all made outside animation blocks).
    public var isStill: Bool {
        layers.allSatisfy { layer in
            layer.bounds.isConstant && layer.position.isConstant && layer.anchorPoint.isConstant
                && layer.zPosition.isConstant && layer.transform.isConstant && layer.sublayerTransform.isConstant
                && layer.opacity.isConstant && layer.isHidden.isConstant && layer.backgroundColor.isConstant
                && layer.cornerRadius.isConstant && (layer.mask?.isConstant ?? true)
        }
    }

    /// The transition stopped at `time`: every layer as it is then, nothing animated. Written as
    /// SVG it is a poster frame for places where motion is not allowed.
    public func poster(at time: Double) -> Timeline {
        var r = self
        let t = min(max(time, 0), duration)
        r.layers = layers.map { $0.frozen(at: t) }
        return r
    }
}
