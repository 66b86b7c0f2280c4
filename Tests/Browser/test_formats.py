"""Each format's pages really show the document paused at the requested time, in every engine.

SVG seeking is exercised by every frame check; the CSS seek of the HTML format (`FORMATS` gains it
when `segue export -o x.html` lands) is checked here on a small page with one CSS animation.
"""

import numpy as np

from segue_browser.formats import HTML
from segue_browser.layout import PageLayout

BOX = 20
TRAVEL = 100

CSS_PAGE = f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
html, body {{ margin: 0; background: #FFFFFF; }}
#box {{ position: absolute; left: 0; top: 0; width: {BOX}px; height: {BOX}px; background: #CC2244;
        animation: slide 1s linear both; }}
@keyframes slide {{ from {{ transform: translateX(0px); }} to {{ transform: translateX({TRAVEL}px); }} }}
</style></head><body><div id="box"></div></body></html>
"""


def test_css_animations_are_seeked(engine):
    layout = PageLayout(BOX + TRAVEL + 20, BOX + 20)
    for time in (0.25, 0.5):
        image = engine.capture_html(HTML.seek_page(CSS_PAGE, layout, time), layout.page_size)
        row = np.asarray(image, dtype=int)[layout.pad + BOX // 2]
        red = np.flatnonzero((np.abs(row - [0xCC, 0x22, 0x44]).max(axis=1) < 40))
        assert red.size, f"{engine.name}: the animated box is not on the page at {time} s"
        left = red[0] - layout.pad
        assert abs(left - TRAVEL * time) <= 1, f"{engine.name}: box at x = {left} px at {time} s, expected {TRAVEL * time:g}"
