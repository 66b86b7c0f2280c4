"""Where the document sits in the captured page.

Every page draws the stage at (PAD, PAD) on a white background, so the captured picture also shows
a band of page around the stage: the stage's clipping is checked like any other edge.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

PAD = 12
"""Page pixels around the stage."""

PAGE_BACKGROUND = "#FFFFFF"
PAGE_BACKGROUND_RGB = (1.0, 1.0, 1.0)
"""The page around and behind the stage (white), as CSS and as the model's 0..1 RGB."""


@dataclass(frozen=True)
class PageLayout:
    """A stage of `width` x `height` CSS px drawn at (`pad`, `pad`) on a page `pad` px larger on
    every side, at one device pixel per CSS px."""

    width: int
    height: int
    pad: int = PAD

    @classmethod
    def for_model(cls, model) -> "PageLayout":
        return cls(round(model.width), round(model.height))

    @property
    def page_size(self) -> tuple[int, int]:
        return self.width + 2 * self.pad, self.height + 2 * self.pad

    def to_page(self, points: np.ndarray) -> np.ndarray:
        """Model (stage) coordinates to page coordinates."""
        return np.asarray(points, dtype=float) + self.pad

    def contains(self, points: np.ndarray, margin: float = 0.0) -> np.ndarray:
        """Which model-space points lie on the captured page, at least `margin` px inside it."""
        page = self.to_page(points)
        w, h = self.page_size
        return ((page[:, 0] >= margin) & (page[:, 0] <= w - margin)
                & (page[:, 1] >= margin) & (page[:, 1] <= h - margin))
