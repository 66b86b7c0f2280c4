"""The summary printed at the end of a run: preset × direction × format × engine → worst deviation."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .checker import EDGE_TOLERANCE_PX, FrameCheck


@dataclass
class Row:
    cells: tuple[str, ...]
    ok: bool


@dataclass
class Report:
    """Rows collected by the tests, printed by the terminal summary hook."""

    frames: list[Row] = field(default_factory=list)
    images: list[Row] = field(default_factory=list)
    breaks: list[Row] = field(default_factory=list)
    worst_by_engine: dict[str, float] = field(default_factory=dict)
    figures: list[str] = field(default_factory=list)

    def record_figure(self, line: str) -> None:
        """A measured figure from a check that is not a frame (load, timing), printed as it is."""
        self.figures.append(line)

    def record_frames(self, case, engine: str, checks: list[FrameCheck], folder: Path,
                      known_failure: bool = False) -> None:
        """One case in one engine; a known engine bug (see known_failures) is listed but left out of
        the engine's worst deviation."""
        ok = all(c.ok for c in checks)
        worst = max((c.worst_deviation for c in checks), default=float("nan"))
        colour = max((c.worst_color_error for c in checks), default=0.0)
        if ok:
            result = "ok" + (" (known failure now passes: remove it)" if known_failure else "")
        else:
            result = ("known engine bug, see " if known_failure else "FAIL see ") + str(folder)
        if not known_failure:
            self.worst_by_engine[engine] = max(self.worst_by_engine.get(engine, 0.0), worst)
        self.frames.append(Row((case.preset.name, case.direction, case.format.name, engine, str(len(checks)),
                                f"{worst:.2f}", f"{colour * 255:.0f}", result), ok))

    def record_image(self, preset: str, engine: str, changed: float, end: FrameCheck) -> None:
        ok = changed > 0 and end.ok
        self.images.append(Row((preset, engine, f"{changed * 100:.1f} %", f"{end.worst_deviation:.2f}",
                                "ok" if ok else "FAIL"), ok))

    def record_break(self, what: str, engine: str, expected: float, check: FrameCheck) -> None:
        caught = not check.ok
        self.breaks.append(Row((what, engine, f"{expected:g}", f"{check.worst_deviation:.2f}",
                                str(len(check.failed_probes)), "caught" if caught else "MISSED"), caught))

    def lines(self) -> list[str]:
        out: list[str] = []
        if self.frames:
            out += _table(("preset", "direction", "format", "engine", "frames", "worst px", "colour /255", "result"),
                          self.frames)
            out.append("worst deviation per engine: " + ", ".join(
                f"{engine} {value:.2f} px" for engine, value in sorted(self.worst_by_engine.items()))
                       + f" (tolerance {EDGE_TOLERANCE_PX} px; known engine bugs left out)")
        if self.images:
            out += ["", "SVG through <img> plays by itself:"]
            out += _table(("preset", "engine", "pixels changed", "end worst px", "result"), self.images)
        if self.breaks:
            out += ["", "deliberately broken exports (the checker must fail them):"]
            out += _table(("break", "engine", "injected px", "measured px", "wrong probes", "result"), self.breaks)
        if self.figures:
            out += ["", "other figures:"] + self.figures
        return out


def _table(header: tuple[str, ...], rows: list[Row]) -> list[str]:
    body = [header] + [row.cells for row in rows]
    widths = [max(len(r[i]) for r in body) for i in range(len(header))]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    return [fmt.format(*header), fmt.format(*("-" * w for w in widths))] + [fmt.format(*r.cells) for r in rows]


REPORT = Report()
