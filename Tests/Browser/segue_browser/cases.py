"""What the suite checks: every preset × direction × format, the times sampled, and the exports."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .formats import FORMATS, Format
from .model import FrameModel
from .segue_cli import DIRECTIONS, Preset, Segue, TransitionFile, inspection_key

FRACTIONS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Times sampled in every case, as fractions of the duration."""

JUMP_NUDGE = 1e-3
"""Seconds after a keyframe time at which it is sampled: a value that jumps there has jumped."""

MAX_KEYFRAME_SAMPLES = 24
"""At most this many keyframe times per case (evenly chosen) when a timeline has very many."""


@dataclass(frozen=True)
class Case:
    """One exported document: a preset (or a transition file of the suite), a direction and a
    format, with flat distinct colours."""

    preset: Preset | TransitionFile
    direction: str
    format: Format

    @property
    def id(self) -> str:
        return f"{self.preset.name}-{self.direction}-{self.format.name}"

    @property
    def label(self) -> str:
        return f"{self.preset.name} {self.direction} {self.format.name}"

    def params(self, **overrides: str) -> dict[str, str]:
        return self.preset.flat_params(**overrides)


def all_cases(segue: Segue) -> list[Case]:
    """Every preset `segue presets` lists and every transition file of the suite, in both
    directions, in every format."""
    sources = [*segue.presets, *segue.transition_files]
    return [Case(source, direction, fmt) for source in sources for direction in DIRECTIONS for fmt in FORMATS]


def sample_times(duration: float, keyframe_times: list[float]) -> list[float]:
    """0, 25, 50, 75 and 100 % of the duration, plus every keyframe time inside the transition,
    nudged just after it."""
    inner = sorted(t for t in keyframe_times if 0 < t < duration)
    if len(inner) > MAX_KEYFRAME_SAMPLES:
        step = len(inner) / MAX_KEYFRAME_SAMPLES
        inner = [inner[int(i * step)] for i in range(MAX_KEYFRAME_SAMPLES)]
    times = [f * duration for f in FRACTIONS] + [min(t + JUMP_NUDGE, duration) for t in inner]
    unique: list[float] = []
    for t in sorted(times):
        if not unique or t - unique[-1] > 1e-9:
            unique.append(t)
    return unique


class Documents:
    """Exports each document once per session, into `folder`, and builds each frame's model once:
    the engines and formats of a preset and direction share it."""

    def __init__(self, segue: Segue, folder: Path):
        self.segue = segue
        self.folder = folder
        self._paths: dict[tuple, Path] = {}
        self._models: dict[tuple, FrameModel] = {}

    def path(self, case: Case, **overrides: str) -> Path:
        params = case.params(**overrides)
        key = (case.id, tuple(sorted(params.items())))
        if key not in self._paths:
            suffix = "".join(f"-{k}{v}" for k, v in sorted(overrides.items()))
            output = self.folder / f"{case.id}{suffix}.{case.format.extension}"
            self._paths[key] = self.segue.export(case.preset.source, case.direction, params, output,
                                                 case.format.export_options)
        return self._paths[key]

    def text(self, case: Case, **overrides: str) -> str:
        return self.path(case, **overrides).read_text(encoding="utf-8")

    def model_state(self, case: Case, at: float, **overrides: str) -> dict:
        """The model at `at` seconds, for the same parameters as the document."""
        return self.segue.inspect(case.preset.source, case.direction, case.params(**overrides), at)

    def frame_model(self, case: Case, at: float, **overrides: str) -> FrameModel:
        """The model's picture at `at` seconds (`model_state`'s), the same object for every format."""
        key = inspection_key(case.preset.source, case.direction, case.params(**overrides), at)
        if key not in self._models:
            self._models[key] = FrameModel(self.model_state(case, at, **overrides))
        return self._models[key]
