"""The `segue` command line, as the browser checks use it: discover presets, export, inspect."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]

LAYER_COLORS = ["#3366CC", "#2E9E4F", "#CC2244", "#8E44AD", "#D98E04", "#138D90"]
"""Distinct flat colours (none close to the white page or a black stage) given to every colour
parameter of a preset, in order, so that colours identify layers."""

DIRECTIONS = ("push", "pop")


class SegueError(Exception):
    """`segue` exited with an error; the message carries its standard error."""


def segue_binary() -> Path:
    """The binary under test: $SEGUE_BIN, else this repository's debug build."""
    path = Path(os.environ.get("SEGUE_BIN") or REPO / ".build" / "debug" / "segue")
    if not path.is_file():
        raise SegueError(f"no segue binary at {path}: run 'swift build' first, or set SEGUE_BIN")
    return path


TRANSITION_FILES = REPO / "Tests" / "Browser" / "files"
"""The suite's own transition files: what the presets do not draw (single-sided layers turned
over, a scrolled bounds origin), in flat, distinct colours of their own."""


@dataclass(frozen=True)
class Preset:
    """A built-in transition as `segue presets --json` describes it."""

    name: str
    parameters: tuple[dict, ...]

    @property
    def source(self) -> str:
        """What `segue export` and `segue inspect` are given."""
        return self.name

    def has(self, parameter: str) -> bool:
        return any(p["name"] == parameter for p in self.parameters)

    def flat_params(self, **overrides: str) -> dict[str, str]:
        """Parameters that make every layer a flat, distinct colour: `screens=flat` and one colour
        of LAYER_COLORS per colour parameter."""
        screens = next((p for p in self.parameters if p["name"] == "screens"), None)
        if screens is None or "flat" not in screens.get("syntax", ""):
            raise SegueError(f"preset {self.name} has no 'screens=flat' parameter: its colours cannot identify layers")
        params = {"screens": "flat"}
        colors = [p["name"] for p in self.parameters if p.get("type") == "color"]
        if len(colors) > len(LAYER_COLORS):
            raise SegueError(f"preset {self.name} has {len(colors)} colour parameters; add colours to LAYER_COLORS")
        params.update(zip(colors, LAYER_COLORS))
        for name, value in overrides.items():
            if self.has(name):
                params[name] = value
        return params


@dataclass(frozen=True)
class TransitionFile:
    """A transition file of the suite (`TRANSITION_FILES`), exported and inspected like a preset;
    it takes no parameters and draws in its own flat colours."""

    path: Path

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def source(self) -> str:
        return str(self.path)

    def has(self, parameter: str) -> bool:
        return False

    def flat_params(self, **overrides: str) -> dict[str, str]:
        return {}


@dataclass
class Segue:
    """Runs the binary; caches presets and inspect reports (the model is deterministic)."""

    binary: Path
    _inspections: dict = field(default_factory=dict)

    def run(self, *arguments: str) -> str:
        result = subprocess.run([str(self.binary), *arguments], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise SegueError(f"segue {' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()}")
        return result.stdout

    @cached_property
    def presets(self) -> list[Preset]:
        return [Preset(p["name"], tuple(p["parameters"])) for p in json.loads(self.run("presets", "--json"))]

    @cached_property
    def transition_files(self) -> list[TransitionFile]:
        """The suite's transition files, by name."""
        return [TransitionFile(path) for path in sorted(TRANSITION_FILES.glob("*.swift"))]

    def preset(self, name: str) -> Preset:
        for preset in self.presets:
            if preset.name == name:
                return preset
        raise SegueError(f"no preset named {name}; segue presets lists {[p.name for p in self.presets]}")

    def export(self, preset: str, direction: str, params: dict[str, str], output: Path,
               options: tuple[str, ...] = ()) -> Path:
        self.run("export", preset, "--direction", direction, *_param_arguments(params), *options, "-o", str(output))
        return output

    def inspect(self, preset: str, direction: str, params: dict[str, str], at: float) -> dict:
        """The model's state at `at` seconds."""
        key = inspection_key(preset, direction, params, at)
        if key not in self._inspections:
            self._inspections[key] = json.loads(self.run(
                "inspect", preset, "--direction", direction, *_param_arguments(params), "--at", repr(at), "--json"))
        return self._inspections[key]


def inspection_key(preset: str, direction: str, params: dict[str, str], at: float) -> tuple:
    """What names one model state: the same preset, direction, parameters and time give the same state."""
    return preset, direction, tuple(sorted(params.items())), repr(at)


def _param_arguments(params: dict[str, str]) -> list[str]:
    return [argument for name, value in params.items() for argument in ("--param", f"{name}={value}")]
