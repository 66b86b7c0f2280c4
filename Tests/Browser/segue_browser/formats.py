"""Output formats and the pages that show a document paused at a time.

Every page is self-contained and seeks *synchronously while it parses*: the document is inlined and
a script right after it pauses the animations and sets their time. That is what Firefox's
`--screenshot` needs (it shoots right after the load event, before any later script could seek) and
it behaves the same in Chromium and WebKit. The stage is drawn at (PAD, PAD), see `layout`.

To check a new format, add a `Format` to FORMATS (one line) once `segue export -o x.EXT` writes it.
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
#stage > svg, #stage > iframe, #stage > img {{ display: block; border: 0; }}</style></head>
<body><div id="stage">{body}</div>{script}</body></html>
"""


def page(layout: PageLayout, body: str, script: str = "") -> str:
    """A page with `body` as the stage at (PAD, PAD) and an optional script after it."""
    return _PAGE.format(background=PAGE_BACKGROUND, pad=layout.pad, width=layout.width, height=layout.height,
                        body=body, script=f"<script>{script}</script>" if script else "")


@dataclass(frozen=True)
class Format:
    """How to show one kind of exported document, paused at a time."""

    name: str
    extension: str

    def seek_page(self, document: str, layout: PageLayout, time: float) -> str:
        raise NotImplementedError


class SVGFormat(Format):
    """SMIL SVG: inlined; `svg.pauseAnimations(); svg.setCurrentTime(t)`."""

    def seek_page(self, document: str, layout: PageLayout, time: float) -> str:
        seek = (f"var svg = document.querySelector('#stage > svg'); "
                f"svg.pauseAnimations(); svg.setCurrentTime({time!r});")
        return page(layout, inline_svg(document), seek)


class HTMLFormat(Format):
    """A CSS-animated page (one element per layer): shown in an iframe the size of the stage, so
    the exported page must draw its stage at its own top-left corner; all CSS animations are
    paused and set to the time through `document.getAnimations()`."""

    def seek_page(self, document: str, layout: PageLayout, time: float) -> str:
        seek = (f"<script>document.getAnimations().forEach(function (a) "
                f"{{ a.pause(); a.currentTime = {time * 1000!r}; }});</script>")
        seeked = re.sub(r"</body>", seek + "</body>", document, count=1, flags=re.I)
        if seeked == document:
            seeked = document + seek
        frame = (f'<iframe width="{layout.width}" height="{layout.height}" scrolling="no" '
                 f'srcdoc="{html.escape(seeked, quote=True)}"></iframe>')
        return page(layout, frame)


SVG = SVGFormat("svg", "svg")
HTML = HTMLFormat("html", "html")

FORMATS: list[Format] = [SVG]
"""The formats `segue export` writes today; add HTML when `-o x.html` lands."""


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
