"""Every export, paused at the sampled times in every engine, matches the model frame by frame."""

import pytest

from segue_browser.artifacts import case_folder, report_failures
from segue_browser.cases import sample_times
from segue_browser.checker import check_frame
from segue_browser.layout import PageLayout
from segue_browser.report import REPORT


def test_frames_match_model(engine, case, documents, request):
    document = documents.text(case)
    start = documents.model_state(case, 0.0)
    times = sample_times(start["duration"], start["keyframeTimes"])
    models = [documents.frame_model(case, time) for time in times]
    layouts = [PageLayout.for_model(model) for model in models]
    images = engine.capture_pages([(case.format.seek_page(document, layout, time, case.direction), layout.page_size)
                                   for time, layout in zip(times, layouts)])
    checks = [check_frame(image, model, layout) for image, model, layout in zip(images, models, layouts)]
    folder = case_folder(engine.name, case.id)
    known = request.node.get_closest_marker("xfail")
    REPORT.record_frames(case, engine.name, checks, folder, known_failure=known is not None)
    if not all(check.ok for check in checks):
        pytest.fail(report_failures(f"{case.label} in {engine.name}", checks, folder), pytrace=False)
