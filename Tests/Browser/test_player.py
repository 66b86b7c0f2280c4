"""The HTML page's player as a reader meets it, embedded in other pages (headless Chromium): the
page's own keys stay its own, each control keeps its keys, the stage fits a narrow column and the
`<iframe>` snippet `segue export` prints, the page plays without script and holds still for
reduced motion, and a looping page turned off plays again."""

from __future__ import annotations

import io
import re

from PIL import Image, ImageChops

PRESET = "circle-reveal"
"""375 x 667 pt, 0.5 s."""

_DOCS = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>docs</title></head>
<body><p>{text}</p>{figure}<p>{text}</p><p>{text}</p><p>{text}</p></body></html>
"""
"""A documentation page a user pastes a fragment into, long enough to scroll."""


def _export(segue, documents, name: str, *options: str) -> tuple[str, str]:
    """Exports the preset into the documents folder as `name`; its file name, and what the command
    printed."""
    output = documents.folder / name
    printed = segue.run("export", PRESET, *options, "-o", str(output))
    return name, printed


def _player(page, expression: str):
    return page.evaluate(f"() => window.Segue.players[0].{expression}")


def test_an_embedded_figure_takes_keys_only_with_the_focus(chromium_page, segue, documents, server):
    fragment, _ = _export(segue, documents, "player-fragment.html", "--embed")
    page_file = documents.folder / "player-docs.html"
    page_file.write_text(_DOCS.format(text="words " * 400, figure=(documents.folder / fragment).read_text(encoding="utf-8")),
                         encoding="utf-8")
    page = chromium_page
    page.goto(server.url(page_file.name), wait_until="load")
    page.evaluate("() => { const player = window.Segue.players[0]; player.pause(); player.seek(100); }")
    page.mouse.click(5, 5)                    # the page's background: nothing in the figure has the focus
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    page.keyboard.press("End")
    page.wait_for_function("() => window.scrollY > 0", timeout=5000)   # the page scrolls (smoothly)
    assert _player(page, "currentTime()") == 100 and _player(page, "playing") is False, "a key reached the player"
    # With the focus on its stage, the keys are the player's.
    page.focus(".segue-viewport")
    page.keyboard.press("End")
    assert _player(page, "currentTime()") == 500
    assert _player(page, "playing") is False


def test_each_control_keeps_its_own_keys(chromium_page, segue, documents, server):
    name, _ = _export(segue, documents, "player-keys.html")
    page = chromium_page
    page.goto(server.url(name), wait_until="load")
    # The direction's radios: an arrow picks the other one, as in any radio group.
    page.focus("input[value=push]")
    page.keyboard.press("ArrowRight")
    assert _player(page, "direction") == "pop"
    assert page.is_checked("input[value=pop]")
    # Space presses the loop button; it does not play or pause.
    page.evaluate("() => window.Segue.players[0].pause()")
    page.focus(".segue-loop")
    page.keyboard.press("Space")
    assert page.get_attribute(".segue-loop", "aria-pressed") == "true"
    assert _player(page, "playing") is False
    # On the time slider the arrows step a frame, as its title says.
    page.focus(".segue-scrub")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert abs(_player(page, "currentTime()") - 1000 / 60) < 0.01
    # On a page of its own, with the focus nowhere, the keys drive the one player.
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("End")
    assert _player(page, "currentTime()") == 500


def test_the_stage_fits_a_narrow_column_and_the_printed_iframe(chromium_page, segue, documents, server):
    fragment, _ = _export(segue, documents, "player-narrow.html", "--embed")
    page_file = documents.folder / "player-column.html"
    page_file.write_text(_DOCS.format(text="words", figure=f'<div style="width: 320px">'
                                      f'{(documents.folder / fragment).read_text(encoding="utf-8")}</div>'),
                         encoding="utf-8")
    page = chromium_page
    page.goto(server.url(page_file.name), wait_until="load")
    box = page.evaluate("() => { const r = document.querySelector('.segue-viewport').getBoundingClientRect();"
                        " return [r.width, r.height]; }")
    assert abs(box[0] - 320) < 0.5 and abs(box[1] - 667 * 320 / 375) < 0.5, box
    stage = page.evaluate("() => { const r = document.querySelector('.segue-stage:not([hidden])').getBoundingClientRect();"
                          " return [r.width, r.height]; }")
    assert abs(stage[0] - 320) < 0.5 and abs(stage[1] - box[1]) < 0.5, f"the stage is not scaled with its box: {stage}"

    # The <iframe> segue printed shows the whole stage at its size and the controls, unscrolled.
    name, printed = _export(segue, documents, "player-framed.html")
    iframe = re.search(r"<iframe [^>]*></iframe>", printed)
    assert iframe, printed
    host = documents.folder / "player-host.html"
    host.write_text(f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>host</title></head>"
                    f"<body>{iframe.group(0)}</body></html>", encoding="utf-8")
    page.goto(server.url(host.name), wait_until="load")
    frame = page.frames[1]
    frame.wait_for_function("() => window.Segue && window.Segue.players.length === 1")
    fits = frame.evaluate("""() => {
        const root = document.documentElement, controls = document.querySelector('.segue-controls').getBoundingClientRect();
        const viewport = document.querySelector('.segue-viewport').getBoundingClientRect();
        return {scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
                controlsBottom: controls.bottom, height: innerHeight, width: viewport.width,
                title: getComputedStyle(document.querySelector('h1')).display};
    }""")
    assert not fits["scrolls"] and fits["controlsBottom"] <= fits["height"], fits
    assert fits["width"] == 375, f"the stage was shrunk in the frame printed for it: {fits}"
    assert fits["title"] == "none", "in a frame the page leaves its title to the page around it"


def test_without_script_the_first_direction_plays_alone(chromium_page, segue, documents, server):
    name, _ = _export(segue, documents, "player-noscript.html", "--param", "duration=4")   # still playing when looked at
    context = chromium_page.context.browser.new_context(java_script_enabled=False, viewport={"width": 600, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.url(name), wait_until="load")
        assert page.is_visible(".segue-stage[data-direction=push]")
        assert not page.is_visible(".segue-stage[data-direction=pop]"), "the pop stage covers the push one"
        assert not page.is_visible(".segue-controls"), "controls that nothing drives are shown"
        viewport = page.locator(".segue-viewport")
        first = Image.open(io.BytesIO(viewport.screenshot())).convert("RGB")
        page.wait_for_timeout(300)
        second = Image.open(io.BytesIO(viewport.screenshot())).convert("RGB")
        assert ImageChops.difference(first, second).getbbox() is not None, "the animation does not play"
    finally:
        context.close()


def test_reduced_motion_shows_each_directions_last_frame(chromium_page, segue, documents, server):
    name, _ = _export(segue, documents, "player-reduced.html")
    context = chromium_page.context.browser.new_context(reduced_motion="reduce", viewport={"width": 600, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.url(name), wait_until="load")
        assert _player(page, "playing") is False and _player(page, "currentTime()") == 500
        page.click("input[value=pop]")
        page.wait_for_timeout(200)
        assert _player(page, "direction") == "pop"
        assert _player(page, "playing") is False and _player(page, "currentTime()") == 500
        assert page.get_attribute(".segue-play", "aria-label") == "Play"
    finally:
        context.close()


def test_a_looping_page_turned_off_plays_again(chromium_page, segue, documents, server):
    name, _ = _export(segue, documents, "player-loop.html", "--loop")
    page = chromium_page
    page.goto(server.url(name), wait_until="load")
    page.click(".segue-loop")                 # off: the next end stops it
    page.wait_for_function("() => !window.Segue.players[0].playing", timeout=5000)
    assert _player(page, "currentTime()") == 500
    page.click(".segue-play")
    assert _player(page, "playing") is True
    assert _player(page, "currentTime()") < 500, "Play from the end did not start again"
