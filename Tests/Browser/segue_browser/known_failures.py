"""Engine bugs the suite has found and that are not Segue's to fix in the model: these cases are
expected to fail (strict xfail: the day one passes, the run fails until the entry is removed)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KnownFailure:
    engine: str
    format: str
    presets: frozenset[str]
    reason: str


KNOWN_FAILURES = [
    KnownFailure("webkit", "svg-css", frozenset({"book-open", "book-close", "book-flip", "page-turn", "SingleSidedFlip"}),
                 "WebKitGTK 2.50 does not animate the CSS 'd' property (neither playing nor seeked), and "
                 "--svg-animation css draws layers in perspective as paths whose 'd' CSS animates: WebKit "
                 "shows them frozen at their first outline"),
    KnownFailure("webkit", "html", frozenset({"book-flip", "page-turn", "SingleSidedFlip"}),
                 "WebKitGTK 2.50 leaves out layers of the CSS 3D page (book-flip: the turning page; "
                 "page-turn: the current screen's right half at the start) or draws them at the stage's "
                 "corner, unplaced (SingleSidedFlip's cards, also as written before their back faces were "
                 "judged in their turn's 3D context) where Chromium and Firefox match the model"),
]


def known_failure(engine: str, case) -> str | None:
    """Why `case` is expected to fail in `engine`, or None."""
    for known in KNOWN_FAILURES:
        if known.engine == engine and known.format == case.format.name and case.preset.name in known.presets:
            return known.reason
    return None
