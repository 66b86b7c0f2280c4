"""Where to look in a frame, chosen from the model (never by hand).

- Outlines: every layer's bounds and every mask, sampled along the outline and mapped to the screen
  with outward normals (for a circle mask these are its radii).
- Scan lines: short segments across an outline, along its normal, where the model predicts exactly
  one colour change, at the outline, between two clearly different colours. The browser's edge is
  located along each of them.
- Colour probes: pixels whose centres lie 1.5 to 2.5 px inside and outside every outline, plus a
  grid over the page, kept only where the model's colour is the same over the whole pixel and no
  drawn outline crosses it (two abutting edges, such as the doors' seam, leave a faint line in
  every engine: an artefact of coverage antialiasing, not of the model); there the browser must
  show the model's colour (this is where opacity, hidden layers and culled back faces show).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .geometry import Shape, boundary_count
from .layout import PageLayout
from .model import FrameModel

REACH = 8.0
"""Half-length of a scan line, px: edges are found up to this far from where the model puts them."""

SCAN_STEP = 0.25
"""Sampling step along a scan line, px."""

EDGE_MARGIN = 1.5
"""Least distance of an inside/outside colour probe's pixel centre from its outline, px."""

GRID_SPACING = 23
"""Spacing of the page-wide colour probe grid, px (odd, so it does not align with round numbers)."""

MIN_CONTRAST = 0.2
"""Smallest colour difference (max channel, 0..1) across a scan line worth measuring."""

OUTLINE_SPACING = 24
"""Screen distance between outline samples, px."""


@dataclass(frozen=True)
class Outline:
    """A layer's bounds or mask on screen: sample points with outward unit normals."""

    layer: str
    kind: str          # "bounds", "mask circle", "mask ellipse", "mask rect"
    points: np.ndarray
    normals: np.ndarray

    @property
    def label(self) -> str:
        return f"{self.layer} {self.kind}"


@dataclass(frozen=True)
class ScanLine:
    """A segment `origin + s·normal`, s in [-REACH, REACH], crossing one predicted edge at s = 0."""

    label: str
    origin: np.ndarray
    normal: np.ndarray
    color_before: np.ndarray    # model colour for s < 0
    color_after: np.ndarray     # model colour for s > 0

    def points(self, offsets: np.ndarray) -> np.ndarray:
        return self.origin + offsets[:, None] * self.normal


@dataclass(frozen=True)
class Probe:
    """A pixel whose colour the model knows: `point` is its centre in model coordinates."""

    label: str
    point: np.ndarray
    expected: np.ndarray


def scan_offsets() -> np.ndarray:
    """Sample offsets along a scan line: cell centres of SCAN_STEP-wide cells covering ±REACH."""
    count = int(round(2 * REACH / SCAN_STEP))
    return -REACH + (np.arange(count) + 0.5) * SCAN_STEP


def outlines(model: FrameModel) -> list[Outline]:
    """Every layer's bounds and mask, as screen outlines."""
    result = []
    for layer in model.layers:
        if layer.transform is None or layer.bounds is None:
            continue
        bounds = layer.bounds_shape()
        longest_side = max(np.linalg.norm(layer.corners - np.roll(layer.corners, 1, axis=0), axis=1))
        result.append(_outline(layer, "bounds", bounds,
                               boundary_count(longest_side, OUTLINE_SPACING, 3, 31)))
        if layer.mask is not None:
            kind = "mask " + layer.report["mask"]["kind"]
            coarse = layer.transform.apply(layer.mask.boundary(16).points)
            perimeter = np.linalg.norm(coarse - np.roll(coarse, 1, axis=0), axis=1).sum()
            result.append(_outline(layer, kind, layer.mask, boundary_count(perimeter, OUTLINE_SPACING, 16, 128)))
    return result


def _outline(layer, kind: str, shape: Shape, count: int) -> Outline:
    boundary = shape.boundary(count)
    points, normals = layer.transform.screen_normals(boundary.points, boundary.normals)
    return Outline(layer.id, kind, points, normals)



def scan_lines(model: FrameModel, layout: PageLayout, shapes: list[Outline]) -> list[ScanLine]:
    """The scan lines across `shapes` where the model predicts one clean colour step at the outline."""
    offsets = scan_offsets()
    origins, normals, labels = [], [], []
    seen = set()
    for outline in shapes:
        keep = layout.contains(outline.points, margin=REACH + 1)
        for point, normal in zip(outline.points[keep], outline.normals[keep]):
            key = (round(point[0] * 2), round(point[1] * 2), round(normal[0], 2), round(normal[1], 2))
            if key in seen:
                continue
            seen.add(key)
            origins.append(point)
            normals.append(normal)
            labels.append(outline.label)
    if not origins:
        return []
    origins, normals = np.array(origins), np.array(normals)
    samples = origins[:, None, :] + offsets[None, :, None] * normals[:, None, :]
    colors, ambiguous = model.colors(samples.reshape(-1, 2))
    colors = colors.reshape(len(origins), len(offsets), 3)
    ambiguous = ambiguous.reshape(len(origins), len(offsets))
    before, after = colors[:, 0], colors[:, -1]
    same_before = np.abs(colors - before[:, None]).max(axis=2) < 1e-3
    same_after = np.abs(colors - after[:, None]).max(axis=2) < 1e-3
    clean = (np.where(offsets < -0.2, same_before, True).all(axis=1)
             & np.where(offsets > 0.2, same_after, True).all(axis=1)
             & (np.abs(before - after).max(axis=1) >= MIN_CONTRAST)
             & ~ambiguous.any(axis=1))
    return [ScanLine(labels[i], origins[i], normals[i], before[i], after[i]) for i in np.flatnonzero(clean)]


def color_probes(model: FrameModel, layout: PageLayout, shapes: list[Outline]) -> list[Probe]:
    """Pixels whose centres lie at least EDGE_MARGIN px either side of every outline, and a grid
    over the page, wherever the model gives the whole pixel one colour and no drawn outline
    crosses it."""
    centres, labels = [], []
    for outline in shapes:
        for side, sign in (("inside", -1.0), ("outside", 1.0)):
            centres.append(_pixel_beyond(layout, outline.points, sign * outline.normals, EDGE_MARGIN))
            labels += [f"{outline.label} {side}"] * len(outline.points)
    w, h = layout.page_size
    gx, gy = np.meshgrid(np.arange(GRID_SPACING / 2, w, GRID_SPACING), np.arange(GRID_SPACING / 2, h, GRID_SPACING))
    centres.append(_pixel_centres(layout, np.stack([gx.ravel(), gy.ravel()], axis=1) - layout.pad))
    labels += ["grid"] * gx.size
    centres = np.concatenate(centres)
    on_page = layout.contains(centres, margin=1)
    centres, labels = centres[on_page], [label for label, keep in zip(labels, on_page) if keep]
    # One model colour over the pixel grown by a quarter pixel (antialiasing reaches a little
    # beyond a pixel in some engines), and no drawn outline through it.
    corners = np.array([[0, 0], [-0.75, -0.75], [0.75, -0.75], [0.75, 0.75], [-0.75, 0.75]])
    samples = (centres[:, None, :] + corners[None, :, :]).reshape(-1, 2)
    colors, ambiguous = model.colors(samples)
    colors = colors.reshape(len(centres), len(corners), 3)
    ambiguous = ambiguous.reshape(len(centres), len(corners))
    members = model.memberships(samples).reshape(len(centres), len(corners), -1)
    uniform = ((np.abs(colors - colors[:, :1]).max(axis=(1, 2)) < 1e-3)
               & (members == members[:, :1]).all(axis=(1, 2))
               & ~ambiguous.any(axis=1))
    probes, seen = [], set()
    for i in np.flatnonzero(uniform):
        key = (centres[i, 0], centres[i, 1])
        if key not in seen:
            seen.add(key)
            probes.append(Probe(labels[i], centres[i], colors[i, 0]))
    return probes


def _pixel_centres(layout: PageLayout, points: np.ndarray) -> np.ndarray:
    """The centres (model coordinates) of the page pixels containing `points`."""
    return np.floor(layout.to_page(points)) + 0.5 - layout.pad


def _pixel_beyond(layout: PageLayout, points: np.ndarray, directions: np.ndarray, margin: float) -> np.ndarray:
    """For each outline point, the centre of the pixel about `margin` px away along `directions`
    (unit vectors), moved one pixel further when its centre is nearer the outline than `margin`."""
    centres = _pixel_centres(layout, points + margin * directions)
    short = np.sum((centres - points) * directions, axis=1) < margin
    step = np.where(np.abs(directions[:, :1]) >= np.abs(directions[:, 1:]),
                    np.hstack([np.sign(directions[:, :1]), np.zeros_like(directions[:, :1])]),
                    np.hstack([np.zeros_like(directions[:, 1:]), np.sign(directions[:, 1:])]))
    return np.where(short[:, None], centres + step, centres)
