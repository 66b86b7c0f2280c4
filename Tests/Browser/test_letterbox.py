"""A document shown in a box of another shape than its stage is letterboxed: the stage is drawn
centred, and the margins beside it must show the page, not the layers that lie beyond the stage
(the door halves sliding out, the page turning past its edge). The viewport's own clip would let
them show there; the document must clip to its stage in its own user space (headless Chromium)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from segue_browser.formats import inline_svg
from segue_browser.layout import PAGE_BACKGROUND

PRESETS = ["open-door", "page-turn", "book-open"]
"""Presets whose layers reach beyond the stage during the transition (push)."""

CASES = [(name, "flat") for name in PRESETS] + [("circle-reveal", "mock")]
"""Each preset with the screens it is shown in. circle-reveal's mock screens lie still inside the
stage, and its document leaves the stage clip out: what it draws must still stay inside."""

FRACTIONS = [0.1, 0.2, 0.3, 0.5, 0.7, 0.9]
"""The instants checked, as fractions of the duration."""

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>letterboxed</title>
<style>html, body {{ margin: 0; padding: 0; background: {background}; overflow: hidden; }}
svg {{ display: block; width: {box_width}px; height: {height}px; }}</style></head>
<body>{svg}<script>var svg = document.querySelector('svg'); svg.pauseAnimations();</script></body></html>
"""


@pytest.mark.parametrize(("name", "screens"), CASES)
def test_margins_beside_a_letterboxed_stage_show_the_page(chromium_page, segue, documents, server, name, screens):
    preset = segue.preset(name)
    output = documents.folder / f"letterbox-{name}-{screens}.svg"
    if not output.exists():
        segue.export(name, "push", preset.flat_params() if screens == "flat" else {}, output)
    document = output.read_text(encoding="utf-8")
    width, height = (round(float(v)) for v in document.split('viewBox="0 0 ', 1)[1].split('"', 1)[0].split())
    duration = float(document.split('dur="', 1)[1].split("s", 1)[0])
    # Three stages wide: the stage sits in the middle third, a stage's width of page either side.
    page_file = documents.folder / f"letterbox-{name}-{screens}.html"
    page_file.write_text(_PAGE.format(background=PAGE_BACKGROUND, box_width=3 * width, height=height,
                                      svg=inline_svg(document)), encoding="utf-8")
    page = chromium_page
    page.set_viewport_size({"width": 3 * width, "height": height})
    page.goto(server.url(page_file.name), wait_until="load")
    background = tuple(int(PAGE_BACKGROUND[i:i + 2], 16) for i in (1, 3, 5))
    stray = []
    for fraction in FRACTIONS:
        page.evaluate("(t) => document.querySelector('svg').setCurrentTime(t)", duration * fraction)
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        for left, right in ((0, width - 1), (2 * width + 1, 3 * width)):
            margin = shot.crop((left, 0, right, height))
            colours = {colour for _, colour in margin.getcolors(maxcolors=1 << 20)}
            if colours != {background}:
                stray.append(f"{fraction:.0%}: {len(colours - {background})} colours in the margin x {left}–{right}")
    assert not stray, f"{name} draws beyond its stage when letterboxed: " + "; ".join(stray)
