"""Every export, paused at the sampled times in every engine, matches the model frame by frame."""

import pytest

from segue_browser.artifacts import case_folder, report_failures
from segue_browser.cases import sample_times
from segue_browser.checker import check_frame
from segue_browser.layout import PageLayout
from segue_browser.model import FrameModel
from segue_browser.report import REPORT


def test_frames_match_model(engine, case, documents):
    document = documents.text(case)
    start = documents.model_state(case, 0.0)
    checks = []
    for time in sample_times(start["duration"], start["keyframeTimes"]):
        model = FrameModel(documents.model_state(case, time))
        layout = PageLayout.for_model(model)
        image = engine.capture_html(case.format.seek_page(document, layout, time), layout.page_size)
        checks.append(check_frame(image, model, layout))
    folder = case_folder(engine.name, case.id)
    REPORT.record_frames(case, engine.name, checks, folder)
    if not all(check.ok for check in checks):
        pytest.fail(report_failures(f"{case.label} in {engine.name}", checks, folder), pytrace=False)
