"""The checker itself, against the model's own antialiased picture (no browser): a perfect frame
passes with sub-pixel deviation, shifted or enlarged geometry fails by the amount injected."""

import copy

import numpy as np
import pytest
from PIL import Image

from segue_browser.cases import Case, sample_times
from segue_browser.checker import check_frame
from segue_browser.formats import SVG
from segue_browser.layout import PageLayout
from segue_browser.model import FrameModel

SUPERSAMPLE = 4


def picture(model: FrameModel, layout: PageLayout) -> Image.Image:
    rgb = model.render(layout.page_size, layout.pad, supersample=SUPERSAMPLE)
    return Image.fromarray(np.round(rgb * 255).astype(np.uint8))


def model_at(segue, documents, preset: str, fraction: float) -> FrameModel:
    case = Case(segue.preset(preset), "push", SVG)
    duration = documents.model_state(case, 0.0)["duration"]
    return FrameModel(documents.model_state(case, duration * fraction))


@pytest.mark.parametrize("preset", ["circle-spread", "open-door", "circle-scale-spread"])
def test_model_picture_passes(segue, documents, preset):
    model = model_at(segue, documents, preset, 0.5)
    layout = PageLayout.for_model(model)
    check = check_frame(picture(model, layout), model, layout)
    assert check.ok, check.summary()
    assert check.worst_deviation < 0.3


def test_shifted_picture_fails_by_the_shift(segue, documents):
    model = model_at(segue, documents, "open-door", 0.5)
    layout = PageLayout.for_model(model)
    shifted = np.roll(np.asarray(picture(model, layout)), 3, axis=1)
    check = check_frame(Image.fromarray(shifted), model, layout)
    assert not check.ok
    assert abs(check.worst_deviation - 3) < 0.5
    assert check.failed_probes


def test_larger_mask_fails_by_the_radius_error(segue, documents):
    model = model_at(segue, documents, "circle-spread", 0.5)
    state = copy.deepcopy(model.state)
    layer = next(layer for layer in state["layers"] if layer.get("mask"))
    rect = layer["mask"]["shape"]["ellipse"]["_0"]
    rect["origin"]["x"] -= 5
    rect["origin"]["y"] -= 5
    rect["size"]["width"] += 10
    rect["size"]["height"] += 10
    layout = PageLayout.for_model(model)
    check = check_frame(picture(FrameModel(state), layout), model, layout)
    assert not check.ok
    assert abs(check.worst_deviation - 5) < 0.5


def test_sample_times_cover_quarters_and_keyframes():
    assert sample_times(0.5, [0, 0.5]) == [0, 0.125, 0.25, 0.375, 0.5]
    times = sample_times(1.0, [0, 0.3, 1.0])
    assert 0.3 not in times and any(0.3 < t < 0.302 for t in times)
    assert times[0] == 0 and times[-1] == 1.0
