"""`segue export --embed` fragments coexist: two different fragments and one of them twice, pasted
into one page, each play their own animation and none restyles another (headless Chromium)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from segue_browser.artifacts import case_folder, report_failures
from segue_browser.checker import check_frame
from segue_browser.layout import PAD, PAGE_BACKGROUND, PageLayout
from segue_browser.model import FrameModel

PLACED = [("circle-spread", 0.25), ("open-door", 0.5), ("circle-spread", 0.75)]
"""The fragments on the page, left to right, and the fraction of its duration each is seeked to:
the third is the first one again, at another time."""

DURATION = 1.0

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>three fragments</title>
<style>html, body {{ margin: 0; padding: 0; background: {background}; }}
body {{ display: flex; gap: {gap}px; padding: {pad}px; }}
.segue-controls {{ display: none !important; }}
.segue-viewport {{ background: transparent !important; border-radius: 0 !important; }}</style></head>
<body>{fragments}</body></html>
"""
"""The page a user would paste fragments into; its style only hides the controls and the
viewport's backdrop, on every figure alike, so frames compare with the model."""


def test_fragments_play_their_own_animations_and_do_not_restyle_each_other(chromium_page, segue, documents, server):
    fragments, models = [], []
    for index, (name, fraction) in enumerate(PLACED):
        preset = segue.preset(name)
        params = dict(preset.flat_params(), duration=f"{DURATION:g}")
        output = documents.folder / f"fragment-{name}.html"
        if not output.exists():
            segue.export(name, "push", params, output, ("--embed",))
        fragments.append(output.read_text(encoding="utf-8"))
        models.append(FrameModel(segue.inspect(name, "push", params, DURATION * fraction)))
    layout = PageLayout.for_model(models[0])
    assert all(PageLayout.for_model(m) == layout for m in models), "the presets share one stage size"

    page_file = documents.folder / "fragments.html"
    page_file.write_text(_PAGE.format(background=PAGE_BACKGROUND, gap=2 * PAD, pad=PAD,
                                      fragments="".join(fragments)), encoding="utf-8")
    width = PAD + len(PLACED) * (layout.width + 2 * PAD)
    page = chromium_page
    page.set_viewport_size({"width": width, "height": layout.page_size[1]})
    page.goto(server.url(page_file.name), wait_until="load")

    # Each figure has a player of its own, and its animations run by themselves after loading.
    figures = page.evaluate("""() => Array.from(document.querySelectorAll('.segue-figure')).map(f => {
        const stage = f.querySelector('.segue-stage:not([hidden])');
        const animations = stage ? stage.getAnimations({subtree: true}) : [];
        return {scope: f.className, running: animations.filter(a => a.playState === 'running').length,
                total: animations.length};
    })""")
    assert len(figures) == len(PLACED)
    assert figures[0]["scope"] == figures[2]["scope"] != figures[1]["scope"], figures
    for figure in figures:
        assert figure["total"] > 0 and figure["running"] == figure["total"], f"not playing: {figures}"
    assert page.evaluate("() => window.Segue.players.length") == len(PLACED)

    # Seeking one figure moves only that figure: the same fragment twice shows two times.
    page.evaluate("""(times) => document.querySelectorAll('.segue-figure').forEach((f, i) => {
        f.querySelector('.segue-stage:not([hidden])').getAnimations({subtree: true})
         .forEach(a => { a.pause(); a.currentTime = times[i]; });
    })""", [DURATION * fraction * 1000 for _, fraction in PLACED])
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    corners = page.evaluate("""() => Array.from(document.querySelectorAll('.segue-viewport')).map(v => {
        const r = v.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)];
    })""")
    failures = []
    for index, ((name, fraction), model, (left, top)) in enumerate(zip(PLACED, models, corners)):
        frame = shot.crop((left - PAD, top - PAD, left - PAD + layout.page_size[0], top - PAD + layout.page_size[1]))
        check = check_frame(frame, model, layout)
        if not check.ok:
            failures.append((f"fragment {index + 1} ({name} at {fraction:.0%})", check))
    if failures:
        folder = case_folder("chromium", "fragments")
        pytest.fail(report_failures("; ".join(label for label, _ in failures), [c for _, c in failures], folder),
                    pytrace=False)
