"""`segue preview` in headless Chromium: the page scrubbed to 50 % shows the model's frame, a
100 px drag drives the transition to 50 % (and letting go finishes or cancels it), a pinch opens
or closes it, the keys move the player, saving the transition file updates the page at the same time, and a broken file shows
the error overlay until it is fixed."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from segue_browser.checker import check_frame
from segue_browser.layout import PAD, PageLayout
from segue_browser.model import FrameModel
from segue_browser.preview import SLIDE, PreviewProcess

from PIL import Image
import io

# The page's own frame around the stage (the device mock-up, the stage's black backdrop and
# rounded corners) is presentation, not the transition: the checker wants a white page around it.
_PLAIN = """.preview-device { background: #FFFFFF !important; box-shadow: none !important; }
#preview-figure .segue-viewport { background: transparent !important; border-radius: 0 !important; }
#preview-figure .segue-controls { margin-top: 24px !important; }"""

VIEWPORT = (1600, 1400)


@pytest.fixture
def chromium(engine_pool):
    page = engine_pool.get("chromium").new_page(*VIEWPORT)
    yield page
    page.close()


def _open(page, url: str, version: int = 1):
    page.goto(url)
    page.wait_for_function(f"window.SeguePreview && SeguePreview.version >= {version}")
    page.add_style_tag(content=_PLAIN)
    page.uncheck("#preview-fit")


def _stage(page) -> dict:
    return page.evaluate("""(() => { const r = document.querySelector('#preview-figure .segue-viewport').getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height }; })()""")


def _check_against_model(page, state: dict, label: str):
    model = FrameModel(state)
    layout = PageLayout.for_model(model)
    stage = _stage(page)
    assert (round(stage["width"]), round(stage["height"])) == (layout.width, layout.height), "the stage is not at its real size"
    page.wait_for_timeout(150)
    png = page.screenshot(clip={"x": round(stage["x"]) - PAD, "y": round(stage["y"]) - PAD,
                                "width": layout.page_size[0], "height": layout.page_size[1]})
    check = check_frame(Image.open(io.BytesIO(png)), model, layout)
    assert check.ok, f"{label}: the preview's frame differs from the model:\n{check.summary()}"
    return check


def _progress(page) -> float:
    return page.evaluate("SeguePreview.player.progress()")


def test_scrub_drag_and_keys_drive_the_player(segue, chromium):
    preset = segue.preset("book-open")
    params = preset.flat_params()
    arguments = [argument for name, value in params.items() for argument in ("--param", f"{name}={value}")]
    server = PreviewProcess(segue.binary, "book-open", *arguments)
    try:
        _open(chromium, server.url)
        duration = chromium.evaluate("SeguePreview.player.duration") / 1000

        # Scrub to 50 %: the frame is the model's, and the key numbers say so.
        chromium.locator("#preview-figure .segue-scrub").fill("500")
        assert _progress(chromium) == pytest.approx(0.5, abs=1e-6)
        _check_against_model(chromium, segue.inspect("book-open", "push", params, duration * 0.5), "scrubbed to 50 %")
        numbers = chromium.evaluate("SeguePreview.numbers()")
        assert numbers["progress"] == pytest.approx(0.5, abs=1e-6)
        assert any(" angle " in column for column in numbers), f"no page angle among {list(numbers)}"
        assert chromium.inner_text("#preview-figure .segue-time") == f"{duration * 0.5:.2f} s"

        # Drag 100 px across the stage: half of UIPercentDrivenInteractiveTransition's 200 px.
        stage = _stage(chromium)
        x, y = stage["x"] + 40, stage["y"] + stage["height"] / 2
        chromium.mouse.move(x, y)
        chromium.mouse.down()
        chromium.mouse.move(x + 50, y, steps=5)
        chromium.mouse.move(x + 100, y, steps=5)
        assert _progress(chromium) == pytest.approx(0.5, abs=1e-3)
        _check_against_model(chromium, segue.inspect("book-open", "push", params, duration * 0.5), "dragged 100 px")
        chromium.mouse.up()              # at 50 %: it finishes
        chromium.wait_for_function("SeguePreview.player.progress() === 1", timeout=(duration + 5) * 1000)

        chromium.mouse.move(x, y)
        chromium.mouse.down()
        chromium.mouse.move(x - 60, y, steps=6)      # either way, as abs(translation.x) / 200
        assert _progress(chromium) == pytest.approx(0.3, abs=1e-3)
        chromium.mouse.up()              # below 50 %: it cancels, back to the start
        chromium.wait_for_function("SeguePreview.player.progress() === 0", timeout=(duration + 5) * 1000)

        # Keys: End, Home, a frame to the right.
        chromium.evaluate("document.activeElement && document.activeElement.blur()")   # keys reach the page
        chromium.keyboard.press("End")
        assert _progress(chromium) == 1
        chromium.keyboard.press("Home")
        chromium.keyboard.press("ArrowRight")
        assert chromium.evaluate("SeguePreview.player.currentTime()") == pytest.approx(1000 / 60, abs=0.01)
    finally:
        assert server.stop() == 0, server.stderr


_PINCH = """(() => {
    const viewport = document.querySelector('#preview-figure .segue-viewport');
    const box = viewport.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    window.touch = (type, id, dx) => viewport.dispatchEvent(new PointerEvent(type, {
        pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: x + dx, clientY: y,
        bubbles: true, cancelable: true }));
})()"""


def test_pinch_opens_and_closes_as_in_article_000(segue, chromium):
    server = PreviewProcess(segue.binary, "book-open")
    try:
        _open(chromium, server.url)
        chromium.evaluate(_PINCH)
        # Two fingers 100 px apart spread to 200 px: scale 2, a push at |2 - 1| / 5 = 20 %.
        chromium.evaluate("touch('pointerdown', 1, -50); touch('pointerdown', 2, 50); touch('pointermove', 2, 150)")
        assert chromium.evaluate("SeguePreview.player.direction") == "push"
        assert _progress(chromium) == pytest.approx(0.2, abs=1e-3)
        chromium.evaluate("touch('pointerup', 2, 150); touch('pointerup', 1, -50)")
        chromium.wait_for_function("SeguePreview.player.progress() === 1", timeout=10_000)
        # 200 px pinched to 100 px: scale 0.5, a pop at |1 - 0.5| = 50 %.
        chromium.evaluate("touch('pointerdown', 1, -100); touch('pointerdown', 2, 100); touch('pointermove', 2, 0)")
        assert chromium.evaluate("SeguePreview.player.direction") == "pop"
        assert _progress(chromium) == pytest.approx(0.5, abs=1e-3)
        chromium.evaluate("touch('pointerup', 2, 0); touch('pointerup', 1, -100)")
        chromium.wait_for_function("SeguePreview.player.progress() === 1", timeout=10_000)
    finally:
        assert server.stop() == 0, server.stderr


def _save(path: Path, text: str) -> float:
    path.write_text(text)
    return time.monotonic()


def _inspect_file(segue, path: Path, at: float) -> dict:
    import json
    return json.loads(segue.run("inspect", str(path), "--at", repr(at), "--json"))


def test_saving_updates_the_page_and_errors_show_over_it(segue, chromium, tmp_path):
    path = tmp_path / "Slide.swift"
    _save(path, SLIDE.format(x=300))
    server = PreviewProcess(segue.binary, str(path))
    try:
        _open(chromium, server.url)
        chromium.locator("#preview-figure .segue-scrub").fill("250")      # 0.25 s
        _check_against_model(chromium, _inspect_file(segue, path, 0.25), "version 1 at 0.25 s")

        # A save: the page swaps in the new build and stays at 0.25 s, paused.
        saved = _save(path, SLIDE.format(x=180))
        chromium.wait_for_function("SeguePreview.version === 2", timeout=60_000)
        seconds = time.monotonic() - saved
        print(f"page updated {seconds:.2f} s after the save (compiling included)")
        assert chromium.evaluate("SeguePreview.player.currentTime()") == pytest.approx(250, abs=0.5)
        assert chromium.evaluate("SeguePreview.player.playing") is False
        _check_against_model(chromium, _inspect_file(segue, path, 0.25), "version 2 at 0.25 s")

        # A mistake: the overlay names the file and line; the last good version stays.
        broken = SLIDE.format(x=180).replace("card.position", "card.positon")
        line = next(i for i, text in enumerate(broken.splitlines(), 1) if "positon" in text)
        _save(path, broken)
        chromium.wait_for_selector("#preview-overlay:not([hidden])", timeout=60_000)
        where = chromium.inner_text("#preview-overlay-where")
        assert where.startswith(str(path) + f":{line}:"), where
        assert "positon" in chromium.inner_text("#preview-overlay-message")
        assert chromium.evaluate("SeguePreview.version") == 2
        assert chromium.locator("#preview-figure .segue-viewport").is_visible()

        # The fix clears it.
        _save(path, SLIDE.format(x=240))
        chromium.wait_for_function("SeguePreview.version === 3", timeout=60_000)
        chromium.wait_for_selector("#preview-overlay", state="hidden")
        assert chromium.evaluate("SeguePreview.problem") is None
    finally:
        assert server.stop() == 0, server.stderr
