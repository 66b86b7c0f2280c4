"""The model's picture of one frame: which colour every point of the page should show.

A `FrameModel` is built from `segue inspect … --json` (the evaluator's state at one time) and paints
the layers the way Core Animation composites them:

- layers in paint order (the report's order: each layer before its sublayers, siblings back to front);
- a layer shows its flat `fill` inside its bounds (rounded by its corner radius), then its sublayers
  over it (clipped to its bounds when `masksToBounds`); its `mask` clips it and its sublayers; its
  `opacity` applies to the whole group (group opacity); a layer that is not `visible` (hidden, a
  culled back face, transparent) is not drawn, nor are its sublayers;
- the stage (0, 0, width, height) clips everything, and the page background shows elsewhere.

Corner radii: `segue inspect` does not report a layer's corner radius yet. When a layer carries
none, the model paints it twice, as a sharp rectangle and as fully rounded (radius half the shorter
side), and marks the points where the two pictures differ as *ambiguous*; probes never sample there.
Once the report gains `cornerRadius` (bounds-space units), it is used as is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import Homography, RoundedRect, Shape, mask_shape

WHITE = (1.0, 1.0, 1.0)

SQUARE, ROUND = "square", "round"
"""The two hypotheses for a corner radius the report does not give."""


@dataclass
class ModelLayer:
    """One layer of an inspect report, with its geometry decoded."""

    id: str
    parent: str | None
    visible: bool
    opacity: float
    fill: np.ndarray | None          # premultiplied RGBA, 0..1
    masks_to_bounds: bool
    transform: Homography | None     # None when the layer has no on-screen quad
    bounds: tuple[float, float, float, float] | None
    corner_radius: float | None      # None: not reported
    mask: Shape | None
    corners: np.ndarray | None       # (4, 2) screen quad, as reported
    report: dict                     # the layer's JSON, for messages and overlays

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
        mask = mask_shape(layer["mask"]["shape"]) if layer.get("mask") else None
        radius = layer.get("cornerRadius")
        return cls(id=layer["id"], parent=layer.get("parent"), visible=bool(layer["visible"]),
                   opacity=float(layer["opacity"]), fill=fill, masks_to_bounds=bool(layer.get("masksToBounds")),
                   transform=transform, bounds=bounds,
                   corner_radius=None if radius is None else float(radius),
                   mask=mask, corners=corners, report=layer)

    @property
    def drawn(self) -> bool:
        return self.visible and self.transform is not None and self.bounds is not None

    def bounds_shape(self, hypothesis: str = SQUARE) -> RoundedRect:
        """The layer's bounds as a shape in its own space, rounded by its corner radius (or by the
        hypothesis' radius when the report gives none)."""
        x, y, w, h = self.bounds
        if self.corner_radius is not None:
            radius = self.corner_radius
        else:
            radius = 0.0 if hypothesis == SQUARE else min(w, h) / 2
        return RoundedRect(x, y, w, h, radius)


class FrameModel:
    """Expected colours of one frame, from the evaluator's state at one time."""

    def __init__(self, state: dict, background: tuple[float, float, float] = WHITE):
        self.state = state
        self.time = float(state["time"])
        self.duration = float(state["duration"])
        self.width = float(state["size"]["width"])
        self.height = float(state["size"]["height"])
        self.background = np.array(background, dtype=float)
        self.layers = [ModelLayer.from_report(layer) for layer in state["layers"]]
        self.children: dict[str | None, list[ModelLayer]] = {}
        for layer in self.layers:
            self.children.setdefault(layer.parent, []).append(layer)
        self.radius_unknown = [layer.id for layer in self.layers
                               if layer.drawn and layer.corner_radius is None and layer.fill is not None]

    # Colours

    def colors(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The expected RGB (0..1) at each point (model coordinates, origin at the stage's top-left),
        and a mask of the points whose colour depends on a corner radius the report does not give."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        square = self._composite(points, SQUARE)
        if not self.radius_unknown:
            return square, np.zeros(len(points), dtype=bool)
        round_ = self._composite(points, ROUND)
        return square, np.abs(square - round_).max(axis=1) > 1e-6

    def _composite(self, points: np.ndarray, hypothesis: str) -> np.ndarray:
        rgba = np.zeros((len(points), 4))
        for root in self.children.get(None, []):
            layer = self._paint(root, points, hypothesis)
            rgba = layer + rgba * (1 - layer[:, 3:4])
        in_stage = ((points[:, 0] >= 0) & (points[:, 0] <= self.width)
                    & (points[:, 1] >= 0) & (points[:, 1] <= self.height))
        rgba *= in_stage[:, None]
        return rgba[:, :3] + self.background * (1 - rgba[:, 3:4])

    def _paint(self, layer: ModelLayer, points: np.ndarray, hypothesis: str) -> np.ndarray:
        """The layer and its sublayers as one premultiplied RGBA group."""
        out = np.zeros((len(points), 4))
        if not layer.drawn:
            return out
        local, on_plane = layer.transform.unapply(points)
        inside_bounds = on_plane & layer.bounds_shape(hypothesis).contains(local)
        if layer.fill is not None:
            out[inside_bounds] = layer.fill
        for child in self.children.get(layer.id, []):
            sub = self._paint(child, points, hypothesis)
            if layer.masks_to_bounds:
                sub *= inside_bounds[:, None]
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
        `supersample` > 1 averages s×s samples per pixel (an antialiased picture)."""
        width, height = page_size
        s = supersample
        sub = (np.arange(s) + 0.5) / s
        xs = (np.arange(width)[:, None] + sub[None, :]).ravel() - offset
        ys = (np.arange(height)[:, None] + sub[None, :]).ravel() - offset
        gx, gy = np.meshgrid(xs, ys)
        rgb, _ = self.colors(np.stack([gx.ravel(), gy.ravel()], axis=1))
        image = rgb.reshape(height * s, width * s, 3)
        return image.reshape(height, s, width, s, 3).mean(axis=(1, 3))

    def describe(self) -> str:
        """One line per layer: what the model says is on screen (for failure reports)."""
        lines = [f"t = {self.time:.4f} s of {self.duration:g} s, stage {self.width:g}x{self.height:g}"]
        for layer in self.layers:
            quad = ("no quad" if layer.corners is None
                    else " ".join(f"({x:.1f},{y:.1f})" for x, y in layer.corners))
            mask = ""
            if layer.report.get("mask"):
                m = layer.report["mask"]
                mask = f" mask {m['kind']}"
                if m.get("radius") is not None:
                    mask += f" centre ({m['center']['x']:.1f},{m['center']['y']:.1f}) r {m['radius']:.2f}"
            lines.append(f"  {layer.id}: {'visible' if layer.visible else 'not drawn'}, "
                         f"opacity {layer.report['effectiveOpacity']:.3f}, {quad}{mask}")
        return "\n".join(lines)

