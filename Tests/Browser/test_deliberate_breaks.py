"""The checker fails wrong output: exports broken on purpose are caught, the error measured."""

from dataclasses import dataclass
from typing import Callable

import pytest

from segue_browser.artifacts import report_failures
from segue_browser.breakage import enlarge_circle_masks, shift_layer
from segue_browser.cases import Case
from segue_browser.checker import check_frame
from segue_browser.formats import SVG
from segue_browser.layout import PageLayout
from segue_browser.model import FrameModel
from segue_browser.report import REPORT
from segue_browser.segue_cli import LAYER_COLORS


@dataclass(frozen=True)
class Break:
    preset: str
    direction: str
    what: str
    injected_px: float
    apply: Callable[[str], str]

    @property
    def id(self) -> str:
        return f"{self.preset}-{self.what.split()[0]}"


BREAKS = [
    Break("circle-spread", "push", "mask radius +5 px", 5.0, lambda svg: enlarge_circle_masks(svg, 5)),
    # Down, not sideways: half-way through, the doors still cover the next screen's left and right
    # edges, and a shift that moves no visible edge is (rightly) invisible.
    # 'to' is painted in the second of the flat colours (its colour parameter comes second).
    Break("open-door", "push", "layer 'to' shifted 3 px down", 3.0,
          lambda svg: shift_layer(svg, LAYER_COLORS[1], 0, 3)),
]

MEASURE_TOLERANCE = 1.0
"""How closely the measured worst deviation must match the injected error, px."""


@pytest.mark.parametrize("broken", BREAKS, ids=lambda b: b.id)
def test_broken_export_is_caught(engine, broken, segue, documents, tmp_path):
    case = Case(segue.preset(broken.preset), broken.direction, SVG)
    state = documents.model_state(case, 0.0)
    time = state["duration"] / 2
    model = FrameModel(documents.model_state(case, time))
    layout = PageLayout.for_model(model)

    def capture(document: str):
        image = engine.capture_html(SVG.seek_page(document, layout, time, case.direction), layout.page_size)
        return check_frame(image, model, layout)

    correct = capture(documents.text(case))
    assert correct.ok, f"the unbroken {case.label} should pass first:\n{correct.summary()}"
    broken_check = capture(broken.apply(documents.text(case)))
    REPORT.record_break(f"{case.label}: {broken.what}", engine.name, broken.injected_px, broken_check)
    assert not broken_check.ok, f"{broken.what} in {case.label} went unnoticed in {engine.name}"
    assert abs(broken_check.worst_deviation - broken.injected_px) <= MEASURE_TOLERANCE, (
        f"{broken.what}: measured {broken_check.worst_deviation:.2f} px")
    message = report_failures(case.label, [broken_check], tmp_path)
    assert str(tmp_path) in message
    assert sorted(p.name.split("-")[-1] for p in tmp_path.iterdir()) == [
        "expected.png", "overlay.png", "report.txt", "screenshot.png"]
