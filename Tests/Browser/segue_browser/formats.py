"""Output formats and the pages that show a document paused at a time.

Every page is self-contained and seeks *synchronously while it parses*: a script right after the
document pauses its animations and sets their time. That is what Firefox's `--screenshot` needs (it
shoots right after the load event, before any later script could seek) and it behaves the same in
Chromium and WebKit. The stage is drawn at (PAD, PAD) on a white page, see `layout`. The page's
style sheet says `overflow: visible` for an inline SVG, as some pages' resets do: a document must
clip to its stage by itself.

To check a new format, add a `Format` to FORMATS once `segue export` writes it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from .layout import PAGE_BACKGROUND, PageLayout

_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>segue frame</title>
<style>html, body {{ margin: 0; padding: 0; background: {background}; overflow: hidden; }}
#stage {{ position: absolute; left: {pad}px; top: {pad}px; width: {width}px; height: {height}px; }}
#stage > svg, #stage > img {{ display: block; border: 0; }}
#stage > svg {{ overflow: visible; }}</style></head>
<body><div id="stage">{body}</div>{script}</body></html>
"""


def page(layout: PageLayout, body: str, script: str = "") -> str:
    """A page with `body` as the stage at (PAD, PAD) and an optional script after it."""
    return _PAGE.format(background=PAGE_BACKGROUND, pad=layout.pad, width=layout.width, height=layout.height,
                        body=body, script=f"<script>{script}</script>" if script else "")


def css_seek_script(time: float) -> str:
    """Pauses every CSS animation of the document at `time` seconds."""
    return (f"document.getAnimations().forEach(function (a) "
            f"{{ a.pause(); a.currentTime = {time * 1000!r}; }});")


@dataclass(frozen=True)
class Format:
    """How to export one kind of document and show it paused at a time."""

    name: str
    extension: str
    export_options: tuple[str, ...] = ()

    def seek_page(self, document: str, layout: PageLayout, time: float, direction: str) -> str:
        raise NotImplementedError


class SMILFormat(Format):
    """SMIL SVG, inlined: `svg.pauseAnimations(); svg.setCurrentTime(t)`."""

    def seek_page(self, document: str, layout: PageLayout, time: float, direction: str) -> str:
        seek = (f"var svg = document.querySelector('#stage > svg'); "
                f"svg.pauseAnimations(); svg.setCurrentTime({time!r});")
        return page(layout, inline_svg(document), seek)


class CSSSVGFormat(Format):
    """SVG animated by CSS keyframes in its `<style>`, inlined: seeked through
    `document.getAnimations()`."""

    def seek_page(self, document: str, layout: PageLayout, time: float, direction: str) -> str:
        return page(layout, inline_svg(document), css_seek_script(time))


class HTMLFormat(Format):
    """The HTML page (CSS 3D, both directions, a player). Its own markup is kept; a style moves the
    figure's viewport to (PAD, PAD) on a white page and hides the title and the controls, and a
    script at the end shows the stage of the direction under test and pauses every CSS animation at
    the time. The viewport's own black backdrop and rounded corners are presentation around the
    stage, not part of the transition, so the style clears them.

    The page's player is kept from starting (its figure is marked as started before its script
    runs): the frames are the animations' own, seeked by the page's last script. Left to start, the
    player plays the animations while the page parses, and on a loaded machine Chromium could paint
    a frame between its script and the seeking one; its compositor then kept showing the animation
    a few milliseconds in, however the page paused and seeked it afterwards (3 loads in 360 with
    both cores busy, a third with the renderer slowed twentyfold). The player's own seeking is
    checked by the preview and fragment checks."""

    def seek_page(self, document: str, layout: PageLayout, time: float, direction: str) -> str:
        style = (f"<style>html, body {{ margin: 0 !important; padding: 0 !important; background: {PAGE_BACKGROUND} !important; "
                 f"overflow: hidden !important; }}\n"
                 f".segue-page > h1, .segue-description, .segue-controls {{ display: none !important; }}\n"
                 f".segue-viewport {{ position: fixed !important; left: {layout.pad}px !important; top: {layout.pad}px !important; "
                 f"margin: 0 !important; background: transparent !important; border-radius: 0 !important; }}</style>")
        show = (f"document.querySelectorAll('.segue-stage').forEach(function (s) "
                f"{{ s.hidden = s.getAttribute('data-direction') !== {direction!r}; }});")
        script = f"<script>{show} {css_seek_script(time)}</script>"
        hold_player = ("<script>document.querySelectorAll('.segue-figure').forEach(function (f) "
                       "{ f.dataset.segueReady = '1'; });</script>")
        document = _insert_before(document, "<script", hold_player, last=False)
        return _insert_before(_insert_before(document, "</head>", style), "</body>", script)


SVG = SMILFormat("svg", "svg")
SVG_CSS = CSSSVGFormat("svg-css", "svg", ("--svg-animation", "css"))
HTML = HTMLFormat("html", "html")

FORMATS: list[Format] = [SVG, SVG_CSS, HTML]
"""Every format `segue export` writes."""


def _insert_before(document: str, tag: str, text: str, last: bool = True) -> str:
    """`document` with `text` before the last (or first) `tag`."""
    lowered = document.lower()
    index = lowered.rfind(tag) if last else lowered.find(tag)
    if index < 0:
        raise ValueError(f"the document has no {tag}")
    return document[:index] + text + document[index:]


def inline_svg(document: str) -> str:
    """An SVG file's root element, ready to inline into HTML (XML declaration and DOCTYPE, with its
    internal subset, removed)."""
    document = re.sub(r"<\?xml[^>]*\?>", "", document)
    document = re.sub(r"<!DOCTYPE[^\[>]*(\[.*?\]\s*)?>", "", document, flags=re.S)
    return document.strip()


def img_page(layout: PageLayout, src: str, hold_url: str | None = None) -> str:
    """A page showing the document through `<img>` (no script): it plays by itself. `hold_url`,
    a resource the server answers late, delays the load event (and so Firefox's screenshot)."""
    body = f'<img src="{html.escape(src)}" width="{layout.width}" height="{layout.height}" alt="">'
    if hold_url:
        body += f'<img src="{html.escape(hold_url)}" width="1" height="1" alt="" style="position:absolute;left:0;top:0;opacity:0">'
    return page(layout, body)
