"""Plane geometry shared by the model and the probes: homographies and the shapes layers are made of.

Every function works on NumPy arrays of points, shape (N, 2), so a whole frame's probes are
evaluated in one call.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


class UnsupportedShape(Exception):
    """A shape the browser checks cannot model yet (e.g. a path mask)."""


class Homography:
    """A layer's map from its bounds space to the screen, as `segue inspect` reports it.

    Row-vector form: ``[X·w, Y·w, w] = [x, y, 1] @ M`` with ``M = [[a, b, c], [d, e, f], [g, h, i]]``.
    """

    def __init__(self, m: dict[str, float]):
        self.matrix = np.array([[m["a"], m["b"], m["c"]],
                                [m["d"], m["e"], m["f"]],
                                [m["g"], m["h"], m["i"]]], dtype=float)
        scale = np.abs(self.matrix).max()
        self.invertible = scale > 0 and abs(np.linalg.det(self.matrix)) > 1e-12 * scale ** 3
        self.inverse = np.linalg.inv(self.matrix) if self.invertible else None

    def apply(self, points: np.ndarray) -> np.ndarray:
        """Maps bounds-space points to the screen."""
        h = _homogeneous(points) @ self.matrix
        return h[:, :2] / h[:, 2:3]

    def unapply(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Maps screen points back into bounds space.

        Returns the points and a mask of those that really lie on the layer's plane in front of the
        viewer (the homogeneous weight is positive); the others are not covered by the layer.
        """
        if self.inverse is None:
            return np.zeros_like(points, dtype=float), np.zeros(len(points), dtype=bool)
        h = _homogeneous(points) @ self.inverse
        w = h[:, 2:3]
        valid = w[:, 0] > 1e-12
        safe = np.where(np.abs(w) > 1e-12, w, 1.0)
        return h[:, :2] / safe, valid

    def screen_normals(self, points: np.ndarray, normals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Maps boundary points and their outward normals (bounds space) to the screen.

        The screen normal is perpendicular to the mapped tangent and points to the side the local
        normal maps to, so it stays outward under any orientation-reversing or perspective map.
        """
        tangents = np.stack([-normals[:, 1], normals[:, 0]], axis=1)
        span = np.abs(points).max() if len(points) else 1.0
        eps = 1e-6 * max(span, 1.0)
        screen = self.apply(points)
        screen_tangent = self.apply(points + eps * tangents) - screen
        screen_out = self.apply(points + eps * normals) - screen
        n = np.stack([screen_tangent[:, 1], -screen_tangent[:, 0]], axis=1)
        flip = np.sum(n * screen_out, axis=1) < 0
        n[flip] *= -1
        length = np.linalg.norm(n, axis=1, keepdims=True)
        return screen, n / np.where(length > 0, length, 1.0)


def _homogeneous(points: np.ndarray) -> np.ndarray:
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    return np.hstack([points, np.ones((len(points), 1))])


@dataclass(frozen=True)
class Boundary:
    """Sample points on a shape's outline, with outward unit normals, in the shape's own space."""

    points: np.ndarray
    normals: np.ndarray


@dataclass(frozen=True)
class RoundedRect:
    """A rectangle with rounded corners (radius 0: a plain rectangle)."""

    x: float
    y: float
    width: float
    height: float
    radius: float = 0.0

    @property
    def clamped_radius(self) -> float:
        return max(0.0, min(self.radius, self.width / 2, self.height / 2))

    def contains(self, p: np.ndarray) -> np.ndarray:
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        hw, hh, r = self.width / 2, self.height / 2, self.clamped_radius
        ax, ay = np.abs(p[:, 0] - cx), np.abs(p[:, 1] - cy)
        inside_box = (ax <= hw) & (ay <= hh)
        if r <= 0:
            return inside_box
        dx, dy = np.maximum(ax - (hw - r), 0), np.maximum(ay - (hh - r), 0)
        return inside_box & (dx * dx + dy * dy <= r * r)

    def boundary(self, per_side: int) -> Boundary:
        """Points along each straight side (an odd count, so side midpoints are included) and
        along each rounded corner."""
        n = per_side if per_side % 2 else per_side + 1
        r = self.clamped_radius
        x0, y0, x1, y1 = self.x, self.y, self.x + self.width, self.y + self.height
        fractions = (np.arange(n) + 0.5) / n
        points, normals = [], []
        sides = [((x0 + r, y0), (x1 - r, y0), (0.0, -1.0)), ((x1, y0 + r), (x1, y1 - r), (1.0, 0.0)),
                 ((x1 - r, y1), (x0 + r, y1), (0.0, 1.0)), ((x0, y1 - r), (x0, y0 + r), (-1.0, 0.0))]
        for (ax, ay), (bx, by), normal in sides:
            for f in fractions:
                points.append((ax + (bx - ax) * f, ay + (by - ay) * f))
                normals.append(normal)
        if r > 0:
            corners = [(x1 - r, y0 + r, -math.pi / 2), (x1 - r, y1 - r, 0.0),
                       (x0 + r, y1 - r, math.pi / 2), (x0 + r, y0 + r, math.pi)]
            for cx, cy, start in corners:
                for f in (0.25, 0.5, 0.75):
                    a = start + f * math.pi / 2
                    points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
                    normals.append((math.cos(a), math.sin(a)))
        return Boundary(np.array(points, dtype=float), np.array(normals, dtype=float))


@dataclass(frozen=True)
class Ellipse:
    """The oval inscribed in a rectangle (a circle when the rectangle is square)."""

    x: float
    y: float
    width: float
    height: float

    def contains(self, p: np.ndarray) -> np.ndarray:
        a, b = self.width / 2, self.height / 2
        if a <= 0 or b <= 0:
            return np.zeros(len(p), dtype=bool)
        u = (p[:, 0] - (self.x + a)) / a
        v = (p[:, 1] - (self.y + b)) / b
        return u * u + v * v <= 1

    def boundary(self, count: int) -> Boundary:
        """`count` points (a multiple of 4, so the four extreme points are included)."""
        count = max(4, 4 * math.ceil(count / 4))
        a, b = self.width / 2, self.height / 2
        angles = np.arange(count) * (2 * math.pi / count)
        points = np.stack([self.x + a + a * np.cos(angles), self.y + b + b * np.sin(angles)], axis=1)
        normals = np.stack([np.cos(angles) / max(a, 1e-12), np.sin(angles) / max(b, 1e-12)], axis=1)
        normals /= np.linalg.norm(normals, axis=1, keepdims=True)
        return Boundary(points, normals)


Shape = RoundedRect | Ellipse


def mask_shape(shape_json: dict) -> Shape:
    """The mask shape of an inspect report (`{"ellipse": {"_0": rect}}`, `{"rect": {"_0": rect,
    "cornerRadius": r}}`), in the masked layer's bounds space."""
    if "ellipse" in shape_json:
        return Ellipse(*_rect(shape_json["ellipse"]["_0"]))
    if "rect" in shape_json:
        body = shape_json["rect"]
        return RoundedRect(*_rect(body["_0"]), radius=float(body.get("cornerRadius", 0.0)))
    raise UnsupportedShape(f"mask shape {sorted(shape_json)} is not modelled by the browser checks yet")


def _rect(r: dict) -> tuple[float, float, float, float]:
    return (float(r["origin"]["x"]), float(r["origin"]["y"]),
            float(r["size"]["width"]), float(r["size"]["height"]))


def boundary_count(screen_length: float, spacing: float, low: int, high: int) -> int:
    """How many samples to take along an outline `screen_length` px long."""
    return int(min(high, max(low, round(screen_length / spacing))))
