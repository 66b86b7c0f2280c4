"""Compares a captured frame with the model.

Two measurements per frame:

- Edges: along every scan line the browser's pixels are projected onto the segment between the two
  colours the model predicts either side, giving each sample an "inside-ness" in 0..1; the edge lies
  where that mass ends (``found = step·Σ inside − REACH``), which is exact for an antialiased step.
  The frame's *worst deviation* is the largest |found − predicted| in px; more than
  EDGE_TOLERANCE_PX fails.
- Colours: every probe pixel must show the model's colour within COLOR_TOLERANCE.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PIL import Image

from .layout import PageLayout
from .model import FrameModel
from .probes import SCAN_STEP, REACH, Probe, ScanLine, color_probes, outlines, scan_lines, scan_offsets

EDGE_TOLERANCE_PX = 1.5
COLOR_TOLERANCE = 18 / 255


@dataclass(frozen=True)
class EdgeResult:
    scan: ScanLine
    found: float          # signed distance from the predicted edge along the scan line's normal, px

    @property
    def deviation(self) -> float:
        return abs(self.found)

    @property
    def ok(self) -> bool:
        return self.deviation <= EDGE_TOLERANCE_PX


@dataclass(frozen=True)
class ProbeResult:
    probe: Probe
    actual: np.ndarray

    @property
    def error(self) -> float:
        return float(np.abs(self.actual - self.probe.expected).max())

    @property
    def ok(self) -> bool:
        return self.error <= COLOR_TOLERANCE


@dataclass
class FrameCheck:
    """The comparison of one captured frame with the model at the same time."""

    model: FrameModel
    layout: PageLayout
    image: Image.Image
    edges: list[EdgeResult] = field(default_factory=list)
    probes: list[ProbeResult] = field(default_factory=list)

    @property
    def time(self) -> float:
        return self.model.time

    @property
    def worst_deviation(self) -> float:
        return max((e.deviation for e in self.edges), default=0.0)

    @property
    def worst_color_error(self) -> float:
        return max((p.error for p in self.probes), default=0.0)

    @property
    def failed_edges(self) -> list[EdgeResult]:
        return sorted((e for e in self.edges if not e.ok), key=lambda e: -e.deviation)

    @property
    def failed_probes(self) -> list[ProbeResult]:
        return sorted((p for p in self.probes if not p.ok), key=lambda p: -p.error)

    @property
    def ok(self) -> bool:
        return bool(self.edges) and not self.failed_edges and not self.failed_probes

    def summary(self, limit: int = 4) -> str:
        """What went wrong, in a few lines."""
        lines = [f"t = {self.time:.4f} s: worst deviation {self.worst_deviation:.2f} px over "
                 f"{len(self.edges)} edge scans, {len(self.failed_probes)} of {len(self.probes)} colour probes wrong"]
        if not self.edges:
            lines.append("  no measurable edge: the model predicts no clean colour change on the page")
        for e in self.failed_edges[:limit]:
            x, y = e.scan.origin
            lines.append(f"  edge of {e.scan.label} at ({x:.1f}, {y:.1f}): found {e.found:+.2f} px along its normal")
        for p in self.failed_probes[:limit]:
            x, y = p.probe.point
            lines.append(f"  pixel ({x:.1f}, {y:.1f}) [{p.probe.label}]: expected {hex_color(p.probe.expected)}, "
                         f"shows {hex_color(p.actual)}")
        return "\n".join(lines)


def check_frame(image: Image.Image, model: FrameModel, layout: PageLayout) -> FrameCheck:
    """Locates every predicted edge in `image` and reads every colour probe."""
    expected_size = layout.page_size
    if image.size != expected_size:
        raise ValueError(f"captured frame is {image.size[0]}x{image.size[1]}, expected {expected_size[0]}x{expected_size[1]}")
    pixels = np.asarray(image.convert("RGB"), dtype=float) / 255.0
    shapes = outlines(model)
    check = FrameCheck(model, layout, image)
    offsets = scan_offsets()
    for scan in scan_lines(model, layout, shapes):
        colors = sample_bilinear(pixels, layout.to_page(scan.points(offsets)))
        check.edges.append(EdgeResult(scan, locate_edge(colors, scan.color_before, scan.color_after)))
    for probe in color_probes(model, layout, shapes):
        x, y = np.floor(layout.to_page(probe.point)).astype(int)
        check.probes.append(ProbeResult(probe, pixels[y, x]))
    return check


def locate_edge(colors: np.ndarray, before: np.ndarray, after: np.ndarray) -> float:
    """Where along a scan line the colour turns from `before` to `after` (0 = predicted)."""
    direction = before - after
    inside = np.clip((colors - after) @ direction / float(direction @ direction), 0.0, 1.0)
    return float(inside.sum() * SCAN_STEP - REACH)


def sample_bilinear(pixels: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Colours at page points (pixel (i, j) covers [i, i+1] x [j, j+1]; its value sits at its centre)."""
    h, w, _ = pixels.shape
    u = np.clip(points[:, 0] - 0.5, 0, w - 1)
    v = np.clip(points[:, 1] - 0.5, 0, h - 1)
    i0, j0 = np.floor(u).astype(int), np.floor(v).astype(int)
    i1, j1 = np.minimum(i0 + 1, w - 1), np.minimum(j0 + 1, h - 1)
    fu, fv = (u - i0)[:, None], (v - j0)[:, None]
    top = pixels[j0, i0] * (1 - fu) + pixels[j0, i1] * fu
    bottom = pixels[j1, i0] * (1 - fu) + pixels[j1, i1] * fu
    return top * (1 - fv) + bottom * fv


def hex_color(rgb: np.ndarray) -> str:
    r, g, b = (int(round(float(c) * 255)) for c in rgb[:3])
    return f"#{r:02X}{g:02X}{b:02X}"
