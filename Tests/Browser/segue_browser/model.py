"""The model's picture of one frame: which colour every point of the page should show.

A `FrameModel` is built from `segue inspect … --json` (the evaluator's state at one time) and paints
the layers the way Core Animation composites them:

- layers in paint order (the report's order: each layer before its sublayers, siblings back to front);
- a layer shows its flat `fill` inside its bounds (rounded by its corner radius), its `gradient`
  over that, then its sublayers (clipped to its bounds when `masksToBounds`); its `mask` clips it
  and its sublayers; its `opacity` applies to the whole group (group opacity); a layer that is not
  `visible` (hidden, a culled back face, transparent) is not drawn, nor are its sublayers;
- the stage (0, 0, width, height) clips everything, and the page background shows elsewhere.

What the report leaves open, the model does not guess; it marks the points it affects *ambiguous*
and the probes never sample there:

- a corner radius the report does not give (`cornerRadius`, bounds units): painted once sharp and
  once fully rounded (half the shorter side);
- contents the model cannot colour: a drawn leaf layer with neither `fill` nor `gradient` (an image,
  text, or a gradient the report does not describe), or any layer whose `contents` kind is `image`
  or `text`: painted once transparent and once opaque.

Points where these pictures differ from the plain one are the ambiguous ones.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import Homography, RoundedRect, Shape, mask_shape
from .layout import PAGE_BACKGROUND_RGB

UNKNOWN_PAINT = np.array([1.0, 0.0, 1.0, 1.0])
"""What unknown contents are painted with in the opaque hypothesis (a colour no preset uses)."""

UNCOLOURED_CONTENTS = {"image", "text"}


@dataclass(frozen=True)
class Hypothesis:
    """How to paint what the report leaves open."""

    round_corners: bool = False
    opaque_unknown: bool = False


PLAIN = Hypothesis()


@dataclass(frozen=True)
class Gradient:
    """An axial gradient as `CAGradientLayer` draws it (unit coordinates of the bounds)."""

    colors: np.ndarray       # (K, 4) straight RGBA
    locations: np.ndarray    # (K,)
    start: np.ndarray
    end: np.ndarray

    @classmethod
    def from_report(cls, g: dict) -> "Gradient":
        colors = np.array([[c["red"], c["green"], c["blue"], c["alpha"]] for c in g["colors"]], dtype=float)
        count = len(colors)
        given = g.get("locations") or []
        locations = np.array([given[i] if i < len(given) else (i / (count - 1) if count > 1 else 0.0)
                              for i in range(count)], dtype=float)
        start = np.array([g["startPoint"]["x"], g["startPoint"]["y"]], dtype=float)
        end = np.array([g["endPoint"]["x"], g["endPoint"]["y"]], dtype=float)
        return cls(colors, locations, start, end)

    def premultiplied(self, unit: np.ndarray) -> np.ndarray:
        """Premultiplied RGBA at unit-square points (colours interpolate unpremultiplied, as SVG's
        `linearGradient` does)."""
        axis = self.end - self.start
        length = float(axis @ axis)
        t = np.zeros(len(unit)) if length == 0 else np.clip((unit - self.start) @ axis / length, 0, 1)
        rgba = np.stack([np.interp(t, self.locations, self.colors[:, k]) for k in range(4)], axis=1)
        return np.concatenate([rgba[:, :3] * rgba[:, 3:4], rgba[:, 3:4]], axis=1)


@dataclass
class ModelLayer:
    """One layer of an inspect report, with its geometry decoded."""

    id: str
    parent: str | None
    visible: bool
    opacity: float
    fill: np.ndarray | None          # premultiplied RGBA, 0..1
    gradient: Gradient | None
    masks_to_bounds: bool
    transform: Homography | None     # None when the layer has no on-screen quad
    bounds: tuple[float, float, float, float] | None
    corner_radius: float | None      # None: not reported
    mask: Shape | None
    corners: np.ndarray | None       # (4, 2) screen quad, as reported
    report: dict                     # the layer's JSON, for messages and overlays
    unknown_contents: bool = False   # set by FrameModel, which knows the layer's sublayers

    @classmethod
    def from_report(cls, layer: dict) -> "ModelLayer":
        transform = Homography(layer["screenTransform"]) if layer.get("corners") else None
        corners = np.array([[c["x"], c["y"]] for c in layer["corners"]]) if layer.get("corners") else None
        bounds = None
        if transform is not None and transform.invertible:
            local, _ = transform.unapply(corners[[0, 2]])
            (x0, y0), (x1, y1) = local
            bounds = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        else:
            transform = None
        fill = None
        if layer.get("fill"):
            f = layer["fill"]
            a = float(f["alpha"])
            fill = np.array([f["red"] * a, f["green"] * a, f["blue"] * a, a], dtype=float)
        radius = layer.get("cornerRadius")
        return cls(id=layer["id"], parent=layer.get("parent"), visible=bool(layer["visible"]),
                   opacity=float(layer["opacity"]), fill=fill,
                   gradient=Gradient.from_report(layer["gradient"]) if layer.get("gradient") else None,
                   masks_to_bounds=bool(layer.get("masksToBounds")),
                   transform=transform, bounds=bounds,
                   corner_radius=None if radius is None else float(radius),
                   mask=mask_shape(layer["mask"]["shape"]) if layer.get("mask") else None,
                   corners=corners, report=layer)

    @property
    def drawn(self) -> bool:
        return self.visible and self.transform is not None and self.bounds is not None

    @property
    def shows_something(self) -> bool:
        return self.fill is not None or self.gradient is not None or self.unknown_contents

    def bounds_shape(self, hypothesis: Hypothesis = PLAIN) -> RoundedRect:
        """The layer's bounds as a shape in its own space, rounded by its corner radius (or by the
        hypothesis' radius when the report gives none)."""
        x, y, w, h = self.bounds
        if self.corner_radius is not None:
            radius = self.corner_radius
        else:
            radius = min(w, h) / 2 if hypothesis.round_corners else 0.0
        return RoundedRect(x, y, w, h, radius)

    def unit(self, local: np.ndarray) -> np.ndarray:
        """Bounds-space points in the bounds' unit square."""
        x, y, w, h = self.bounds
        return (local - [x, y]) / [max(w, 1e-12), max(h, 1e-12)]


class FrameModel:
    """Expected colours of one frame, from the evaluator's state at one time."""

    def __init__(self, state: dict, background: tuple[float, float, float] = PAGE_BACKGROUND_RGB):
        self.state = state
        self.time = float(state["time"])
        self.duration = float(state["duration"])
        self.width = float(state["size"]["width"])
        self.height = float(state["size"]["height"])
        self.background = np.array(background, dtype=float)
        self.plans: dict = {}  # where the checker reads frames of this model, by layout (checker.plan_frame)
        self.layers = [ModelLayer.from_report(layer) for layer in state["layers"]]
        self.children: dict[str | None, list[ModelLayer]] = {}
        for layer in self.layers:
            self.children.setdefault(layer.parent, []).append(layer)
        for layer in self.layers:
            kind = layer.report.get("contents")
            if isinstance(kind, str):
                layer.unknown_contents = kind in UNCOLOURED_CONTENTS or (kind == "gradient" and layer.gradient is None)
            else:
                layer.unknown_contents = (layer.fill is None and layer.gradient is None
                                          and not self.children.get(layer.id))
        drawn = [layer for layer in self.layers if layer.drawn]
        self.hypotheses = [PLAIN]
        if any(layer.corner_radius is None and layer.shows_something for layer in drawn):
            self.hypotheses.append(Hypothesis(round_corners=True))
        if any(layer.unknown_contents for layer in drawn):
            self.hypotheses.append(Hypothesis(opaque_unknown=True))

    # Colours

    def colors(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The expected RGB (0..1) at each point (model coordinates, origin at the stage's top-left),
        and a mask of the points whose colour depends on what the report leaves open."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        plain = self._composite(points, PLAIN)
        ambiguous = np.zeros(len(points), dtype=bool)
        for hypothesis in self.hypotheses[1:]:
            ambiguous |= np.abs(self._composite(points, hypothesis) - plain).max(axis=1) > 1e-6
        return plain, ambiguous

    def _composite(self, points: np.ndarray, hypothesis: Hypothesis) -> np.ndarray:
        rgba = np.zeros((len(points), 4))
        for root in self.children.get(None, []):
            layer = self._paint(root, points, hypothesis)
            rgba = layer + rgba * (1 - layer[:, 3:4])
        in_stage = ((points[:, 0] >= 0) & (points[:, 0] <= self.width)
                    & (points[:, 1] >= 0) & (points[:, 1] <= self.height))
        rgba *= in_stage[:, None]
        return rgba[:, :3] + self.background * (1 - rgba[:, 3:4])

    def _paint(self, layer: ModelLayer, points: np.ndarray, hypothesis: Hypothesis) -> np.ndarray:
        """The layer and its sublayers as one premultiplied RGBA group."""
        out = np.zeros((len(points), 4))
        if not layer.drawn:
            return out
        local, on_plane = layer.transform.unapply(points)
        inside = on_plane & layer.bounds_shape(hypothesis).contains(local)
        if layer.fill is not None:
            out[inside] = layer.fill
        if layer.gradient is not None:
            over = layer.gradient.premultiplied(layer.unit(local[inside]))
            out[inside] = over + out[inside] * (1 - over[:, 3:4])
        if layer.unknown_contents and hypothesis.opaque_unknown:
            out[inside] = UNKNOWN_PAINT
        for child in self.children.get(layer.id, []):
            sub = self._paint(child, points, hypothesis)
            if layer.masks_to_bounds:
                sub *= inside[:, None]
            out = sub + out * (1 - sub[:, 3:4])
        if layer.mask is not None:
            out *= (on_plane & layer.mask.contains(local))[:, None]
        return out * layer.opacity

    def memberships(self, points: np.ndarray) -> np.ndarray:
        """For each point, whether it lies inside each drawn layer's bounds and mask, as an (N, K)
        boolean array. Two points with different rows are separated by some drawn outline, even
        where the colours either side are equal (where engines may show a seam)."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        columns = []
        for layer in self.layers:
            if not layer.drawn:
                continue
            local, on_plane = layer.transform.unapply(points)
            columns.append(on_plane & layer.bounds_shape().contains(local))
            if layer.mask is not None:
                columns.append(on_plane & layer.mask.contains(local))
        return np.stack(columns, axis=1) if columns else np.zeros((len(points), 0), dtype=bool)

    # Pictures

    def render(self, page_size: tuple[int, int], offset: float, supersample: int = 1) -> np.ndarray:
        """The expected page as an (H, W, 3) float image, the stage drawn at (offset, offset);
        `supersample` > 1 averages s×s samples per pixel (an antialiased picture). What the report
        leaves open is painted the plain way (sharp corners, unknown contents transparent)."""
        width, height = page_size
        s = supersample
        sub = (np.arange(s) + 0.5) / s
        xs = (np.arange(width)[:, None] + sub[None, :]).ravel() - offset
        ys = (np.arange(height)[:, None] + sub[None, :]).ravel() - offset
        gx, gy = np.meshgrid(xs, ys)
        rgb = self._composite(np.stack([gx.ravel(), gy.ravel()], axis=1), PLAIN)
        image = rgb.reshape(height * s, width * s, 3)
        return image.reshape(height, s, width, s, 3).mean(axis=(1, 3))

    def describe(self) -> str:
        """One line per layer: what the model says is on screen (for failure reports)."""
        lines = [f"t = {self.time:.4f} s of {self.duration:g} s, stage {self.width:g}x{self.height:g}"]
        for layer in self.layers:
            quad = ("no quad" if layer.corners is None
                    else " ".join(f"({x:.1f},{y:.1f})" for x, y in layer.corners))
            extra = ""
            if layer.report.get("mask"):
                m = layer.report["mask"]
                extra += f" mask {m['kind']}"
                if m.get("radius") is not None:
                    extra += f" centre ({m['center']['x']:.1f},{m['center']['y']:.1f}) r {m['radius']:.2f}"
            if layer.unknown_contents:
                extra += " contents not modelled"
            lines.append(f"  {layer.id}: {'visible' if layer.visible else 'not drawn'}, "
                         f"opacity {layer.report['effectiveOpacity']:.3f}, {quad}{extra}")
        return "\n".join(lines)
