"""An SVG shown through `<img>` (as in a README) plays by itself, and ends where the model ends."""

import itertools

import numpy as np
import pytest

from segue_browser.artifacts import case_folder, report_failures
from segue_browser.cases import Case
from segue_browser.checker import check_frame
from segue_browser.formats import SVG, img_page
from segue_browser.layout import PageLayout
from segue_browser.model import FrameModel
from segue_browser.report import REPORT

DURATION = 1.0
"""Seconds the exported transition lasts (long enough to catch it mid-way)."""

EARLY, LATE = 0.15, DURATION + 0.5
"""Wall-clock seconds after the page starts at which the two frames are captured."""

MIN_CHANGED = 0.01
"""Fraction of the page's pixels that must differ between the two frames."""

_pages = itertools.count()


def test_svg_in_img_animates(engine, preset_name, segue, documents, server):
    case = Case(segue.preset(preset_name), "push", SVG)
    document = documents.path(case, duration=f"{DURATION:g}")
    end = FrameModel(documents.model_state(case, DURATION, duration=f"{DURATION:g}"))
    layout = PageLayout.for_model(end)
    frames = []
    for hold in (EARLY, LATE):
        n = next(_pages)
        page = documents.folder / f"img-{n}.html"
        # A fresh query string per page: every <img> starts its own animation from the beginning.
        page.write_text(img_page(layout, f"{document.name}?page={n}", server.hold_url(hold, str(n))), encoding="utf-8")
        frames.append(engine.capture(server.url(page.name), layout.page_size))
    early, late = (np.asarray(frame, dtype=int) for frame in frames)
    changed = float((np.abs(early - late).max(axis=2) > 24).mean())
    check = check_frame(frames[1], end, layout)
    REPORT.record_image(preset_name, engine.name, changed, check)
    assert changed >= MIN_CHANGED, (
        f"{preset_name} through <img> in {engine.name}: frames {EARLY} s and {LATE} s after load are the same "
        f"({changed:.2%} of pixels changed): the SVG does not animate")
    if not check.ok:
        folder = case_folder(engine.name, f"img-{case.id}")
        pytest.fail(report_failures(f"{preset_name} through <img> in {engine.name}, after the duration",
                                    [check], folder), pytrace=False)
