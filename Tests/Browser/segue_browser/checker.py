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
    error: float          # the largest channel difference from the model's colour, 0..1

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


@dataclass(frozen=True)
class FramePlan:
    """Where a frame of one model is read on one page: the scan lines with their sample points and
    the colour probes with their pixels. It depends on the model alone, so it is worked out once
    per model and layout (`plan_frame`) and read again in every engine and format."""

    scans: list[ScanLine]
    scan_points: np.ndarray      # (scans, samples, 2) page coordinates
    colors_before: np.ndarray    # (scans, 3)
    colors_after: np.ndarray     # (scans, 3)
    probes: list[Probe]
    probe_pixels: np.ndarray     # (probes, 2) integer page pixel (x, y)
    probe_colors: np.ndarray     # (probes, 3)


def plan_frame(model: FrameModel, layout: PageLayout) -> FramePlan:
    """The scan lines and colour probes of `model` on `layout`, kept on the model for reuse."""
    if layout not in model.plans:
        shapes = outlines(model)
        scans = scan_lines(model, layout, shapes)
        probes = color_probes(model, layout, shapes)
        offsets = scan_offsets()
        points = layout.to_page(np.array([scan.points(offsets) for scan in scans]).reshape(-1, len(offsets), 2))
        centres = np.array([probe.point for probe in probes]).reshape(-1, 2)
        model.plans[layout] = FramePlan(
            scans, points,
            np.array([scan.color_before for scan in scans]).reshape(-1, 3),
            np.array([scan.color_after for scan in scans]).reshape(-1, 3),
            probes, np.floor(layout.to_page(centres)).astype(int),
            np.array([probe.expected for probe in probes]).reshape(-1, 3))
    return model.plans[layout]


def check_frame(image: Image.Image, model: FrameModel, layout: PageLayout) -> FrameCheck:
    """Locates every predicted edge in `image` and reads every colour probe."""
    expected_size = layout.page_size
    if image.size != expected_size:
        raise ValueError(f"captured frame is {image.size[0]}x{image.size[1]}, expected {expected_size[0]}x{expected_size[1]}")
    pixels = np.asarray(image.convert("RGB"), dtype=float) / 255.0
    plan = plan_frame(model, layout)
    count, samples, _ = plan.scan_points.shape
    colors = sample_bilinear(pixels, plan.scan_points.reshape(-1, 2)).reshape(count, samples, 3)
    found = locate_edges(colors, plan.colors_before, plan.colors_after)
    actual = pixels[plan.probe_pixels[:, 1], plan.probe_pixels[:, 0]]
    errors = np.abs(actual - plan.probe_colors).max(axis=1)
    return FrameCheck(model, layout, image,
                      edges=[EdgeResult(scan, float(f)) for scan, f in zip(plan.scans, found)],
                      probes=[ProbeResult(probe, a, float(e)) for probe, a, e in zip(plan.probes, actual, errors)])


def locate_edges(colors: np.ndarray, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """Where along each scan line (`colors`: scans × samples × RGB) the colour turns from its
    `before` to its `after` colour, px from the predicted edge."""
    direction = before - after
    lengths = np.maximum(np.einsum("sc,sc->s", direction, direction), 1e-12)
    inside = np.clip(np.einsum("skc,sc->sk", colors - after[:, None, :], direction) / lengths[:, None], 0.0, 1.0)
    return inside.sum(axis=1) * SCAN_STEP - REACH


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
