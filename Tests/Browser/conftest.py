"""Segue's browser checks: real engines render every export, and the frames must match the model.

What runs
    For every preset `segue presets --json` lists, and every transition file in `files/` (what no
    preset draws), in both directions and in every format of `segue_browser.formats.FORMATS` (SMIL
    SVG, `--svg-animation css` SVG, the HTML page), exported with flat screens in distinct colours:

    - `test_frames.py`: each engine renders the document paused at 0, 25, 50, 75 and 100 % of the
      duration and just after every keyframe time (SMIL: `pauseAnimations()` + `setCurrentTime()`;
      CSS: `document.getAnimations()` + `currentTime`, the HTML page's player kept from starting),
      and each frame is compared with
      `segue inspect … --at T --json`: every predicted edge (layer quads, mask circles along their
      radii, the stage's clip) must be found within 1.5 px, and colour probes 1.5 px inside and
      outside every outline and on a page-wide grid must show the model's colour (opacity, hidden
      layers, culled back faces).
    - `test_img_animation.py`: the SMIL SVG loaded through `<img>` plays by itself: frames at two
      wall times differ, and after the duration the frame matches the model's end state.
    - `test_deliberate_breaks.py`: exports broken on purpose (a mask radius 5 px too large, a
      layer shifted by 3 px) are caught, with about the injected error measured.
    - `test_checker.py`: the checker against the model's own antialiased picture (no browser).
    - `test_fragments.py` (Chromium): three `--embed` fragments on one page, one of them twice,
      seeked to different times, each matching the model.
    - `test_player.py` (Chromium): the player in a documentation page and in the `<iframe>`
      `segue export` prints: keys, fitting, no script, reduced motion, a loop turned off.
    - `test_letterbox.py` (Chromium): presets whose layers reach beyond the stage, shown in a box
      three stages wide: the margins beside the letterboxed stage show only the page.
    - `test_gallery.py` (Chromium): `segue gallery --presets examples/` passes the Nu checker,
      and every transition's `<img>` loads and plays and its HTML rendering runs.
    - `test_preview.py` (Chromium): `segue preview` scrubbed, dragged and edited by hand.
    - `test_preview_load.py` (no browser): 50 reload streams held through 20 saves, then Ctrl-C.

    Engine bugs found by the suite are listed in `segue_browser/known_failures.py` and run as
    strict expected failures.

Engines (all required; a missing one fails, never skips)
    chromium (Debian `chromium` through Playwright), firefox (Debian `firefox-esr --headless
    --screenshot`), webkit (Debian `WebKitWebDriver` + `MiniBrowser --automation` through Selenium,
    on a private Xvfb display). `scripts/setup` installs them and the Python packages.

Running
    scripts/test runs it after the Swift tests (about 8 minutes on 2 cores); alone:

        swift build && python3 -m pytest Tests/Browser -q
        python3 -m pytest Tests/Browser -q --engines chromium      # one engine while working
        python3 -m pytest Tests/Browser -q -k "circle-reveal and svg"

    The binary is $SEGUE_BIN, else .build/debug/segue. A failed frame writes its screenshot, the
    model's picture and an overlay of the expected geometry to Tests/Browser/failures/<engine>/<case>/
    (named in the failure message). The run ends with a table: preset × direction × format × engine
    → worst deviation in px.
"""

from __future__ import annotations

import pytest

from segue_browser.cases import Documents, all_cases
from segue_browser.engines import ENGINES, EnginePool
from segue_browser.known_failures import known_failure
from segue_browser.report import REPORT
from segue_browser.segue_cli import Segue, SegueError, segue_binary
from segue_browser.server import LocalServer


def pytest_addoption(parser):
    parser.addoption("--engines", default=",".join(ENGINES),
                     help=f"comma-separated engines to run (default: all of {', '.join(ENGINES)})")


def _engine_names(config) -> list[str]:
    names = [n.strip() for n in config.getoption("--engines").split(",") if n.strip()]
    unknown = [n for n in names if n not in ENGINES]
    if unknown or not names:
        raise pytest.UsageError(f"--engines: unknown {unknown}; choose from {', '.join(ENGINES)}")
    return names


def _segue(config) -> Segue:
    """The session's `segue`, created on first use (a missing binary stops the run with a message)."""
    if not hasattr(config, "_segue"):
        try:
            config._segue = Segue(segue_binary())
        except SegueError as error:
            raise pytest.UsageError(str(error)) from error
    return config._segue


def pytest_generate_tests(metafunc):
    """Parametrises tests by engine (outermost), case and preset, all discovered from `segue`;
    a case with a known engine bug becomes a strict expected failure."""
    config = metafunc.config
    names = [n for n in ("engine_name", "case", "preset_name") if n in metafunc.fixturenames]
    if not names:
        return
    axes = {"engine_name": lambda: _engine_names(config),
            "case": lambda: all_cases(_segue(config)),
            "preset_name": lambda: [p.name for p in _segue(config).presets]}
    combos = [()]
    for name in names:
        combos = [c + (value,) for c in combos for value in axes[name]()]
    metafunc.parametrize(names, [_param(dict(zip(names, combo))) for combo in combos])


def _param(values: dict):
    reason = None
    if "engine_name" in values and "case" in values:
        reason = known_failure(values["engine_name"], values["case"])
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    test_id = "-".join(getattr(v, "id", v) for v in values.values())
    return pytest.param(*values.values(), marks=marks, id=test_id)


def pytest_collection_modifyitems(config, items):
    """Runs the tests engine by engine, so one browser at a time is alive."""
    order = {name: i for i, name in enumerate(ENGINES)}

    def engine_rank(item):
        callspec = getattr(item, "callspec", None)
        engine = callspec.params.get("engine_name") if callspec else None
        return -1 if engine is None else order[engine]

    items.sort(key=engine_rank)


@pytest.fixture(scope="session")
def segue(pytestconfig) -> Segue:
    return _segue(pytestconfig)


@pytest.fixture(scope="session")
def engine_pool():
    pool = EnginePool()
    yield pool
    pool.close()


@pytest.fixture
def engine(engine_pool, engine_name):
    return engine_pool.get(engine_name)


@pytest.fixture
def chromium_page(engine_pool):
    """A Chromium page of its own (1280 x 900 CSS px, one device pixel each), for checks that
    drive a page by hand; closed after the test."""
    page = engine_pool.get("chromium").new_page(1280, 900)
    yield page
    page.close()


@pytest.fixture(scope="session")
def documents(segue, tmp_path_factory) -> Documents:
    return Documents(segue, tmp_path_factory.mktemp("exports"))


@pytest.fixture(scope="session")
def server(documents):
    server = LocalServer(documents.folder)
    yield server
    server.close()


def pytest_terminal_summary(terminalreporter):
    lines = REPORT.lines()
    if lines:
        terminalreporter.write_sep("=", "browser checks: worst deviation from the model")
        for line in lines:
            terminalreporter.write_line(line)
