"""The three browser engines, behind one interface: load a URL, wait for its load event, capture
the page at one device pixel per CSS px.

- Chromium: Debian's `chromium` driven by Playwright (`executable_path`, never `playwright install`).
- Firefox: Debian's `firefox-esr` in `--headless --screenshot` mode (Debian has no geckodriver):
  one short process per screenshot, sharing one profile for the session; a case's frames are shot
  together, as a grid of iframes.
- WebKit: Debian's `WebKitWebDriver` with `MiniBrowser --automation`, through Selenium's WebKitGTK
  driver, on a private Xvfb display.

A missing browser raises `EngineUnavailable`, which the tests report as a failure.
"""

from __future__ import annotations

import glob
import io
import itertools
import os
import shutil
import subprocess
import tempfile
from html import escape as html_escape
from pathlib import Path

from PIL import Image

CHROMIUM = "/usr/bin/chromium"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"
XVFB = "/usr/bin/Xvfb"

COMMAND_TIMEOUT = 60
"""Seconds any single browser command may take before the frame fails."""


class EngineUnavailable(Exception):
    """A browser (or what runs it) is not installed or does not start."""


def _require(path: str, package: str) -> str:
    if not Path(path).exists():
        raise EngineUnavailable(f"{path} is missing: install Debian's {package} (scripts/setup)")
    return path


def _no_proxy_env() -> dict[str, str]:
    """The environment for a browser process: local pages must never go through a proxy."""
    env = dict(os.environ)
    env["no_proxy"] = env["NO_PROXY"] = "127.0.0.1,localhost"
    return env


class Engine:
    """One browser for the whole session."""

    name = "engine"

    def __init__(self):
        self.workdir = Path(tempfile.mkdtemp(prefix=f"segue-{self.name}-"))
        self._pages = itertools.count()

    def capture(self, url: str, size: tuple[int, int]) -> Image.Image:
        """The page at `url` after its load event, cropped to `size` (width, height) from the top-left."""
        raise NotImplementedError

    def capture_html(self, html: str, size: tuple[int, int]) -> Image.Image:
        """Writes `html` to a file and captures it."""
        path = self.workdir / f"page-{next(self._pages)}.html"
        path.write_text(html, encoding="utf-8")
        return self.capture(path.as_uri(), size)

    def capture_pages(self, pages: list[tuple[str, tuple[int, int]]]) -> list[Image.Image]:
        """Captures several pages (html, size), in order."""
        return [self.capture_html(html, size) for html, size in pages]

    def close(self) -> None:
        shutil.rmtree(self.workdir, ignore_errors=True)

    @staticmethod
    def _crop(png: bytes, size: tuple[int, int], engine: str) -> Image.Image:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        if image.size[0] < size[0] or image.size[1] < size[1]:
            raise RuntimeError(f"{engine} captured {image.size[0]}x{image.size[1]}, smaller than the page {size[0]}x{size[1]}")
        return image.crop((0, 0, *size))


class ChromiumEngine(Engine):
    name = "chromium"

    def __init__(self):
        super().__init__()
        _require(CHROMIUM, "chromium")
        try:
            from playwright.sync_api import sync_playwright
        except ImportError as error:
            raise EngineUnavailable("Python playwright is missing (scripts/setup installs it)") from error
        self._playwright = sync_playwright().start()
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, env=_no_proxy_env(),
                args=["--force-color-profile=srgb", "--hide-scrollbars", "--disable-gpu"])
        except Exception as error:
            self._playwright.stop()
            raise EngineUnavailable(f"chromium does not start: {error}") from error
        self._page = self._browser.new_page(device_scale_factor=1, viewport={"width": 400, "height": 400})
        self._page.set_default_timeout(COMMAND_TIMEOUT * 1000)

    def capture(self, url: str, size: tuple[int, int]) -> Image.Image:
        self._page.set_viewport_size({"width": size[0], "height": size[1]})
        self._page.goto(url, wait_until="load")
        return self._crop(self._page.screenshot(), size, self.name)

    def new_page(self, width: int, height: int):
        """A Playwright page of its own, for checks that drive a page by hand (the preview), at one
        device pixel per CSS px. Close it when done."""
        page = self._browser.new_page(device_scale_factor=1, viewport={"width": width, "height": height})
        page.set_default_timeout(COMMAND_TIMEOUT * 1000)
        return page

    def close(self) -> None:
        try:
            self._browser.close()
            self._playwright.stop()
        finally:
            super().close()


class FirefoxEngine(Engine):
    name = "firefox"

    PREFS = {
        "browser.shell.checkDefaultBrowser": False,
        "browser.startup.homepage_override.mstone": "ignore",
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.reportingpolicy.firstRun": False,
        "app.update.disabledForTesting": True,
        "network.proxy.type": 0,
        "layout.css.devPixelsPerPx": "1.0",
        "ui.prefersReducedMotion": 0,
    }

    def __init__(self):
        super().__init__()
        _require(FIREFOX, "firefox-esr")
        self.profile = self.workdir / "profile"
        self.profile.mkdir()
        (self.profile / "user.js").write_text(
            "".join(f'user_pref("{k}", {_js(v)});\n' for k, v in self.PREFS.items()), encoding="utf-8")
        self._shots = itertools.count()

    def capture_pages(self, pages: list[tuple[str, tuple[int, int]]]) -> list[Image.Image]:
        """Several pages in one screenshot: each in its own `<iframe srcdoc>` (its own document,
        seeking itself while it parses) on a grid, then cut apart. One Firefox start per batch
        instead of one per frame."""
        images = []
        for batch in _batches(pages, GRID_COLUMNS, GRID_MAX_PIXELS):
            cells, width, height = _grid(batch, GRID_COLUMNS)
            frames = "".join(
                f'<iframe scrolling="no" style="position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px;border:0" '
                f'srcdoc="{html_escape(page, quote=True)}"></iframe>'
                for (page, (w, h)), (x, y) in zip(batch, cells))
            grid = f'<!DOCTYPE html><html><body style="margin:0;background:#000">{frames}</body></html>'
            shot = self.capture_html(grid, (width, height))
            images += [shot.crop((x, y, x + w, y + h)) for (_, (w, h)), (x, y) in zip(batch, cells)]
        return images

    def capture(self, url: str, size: tuple[int, int]) -> Image.Image:
        out = self.workdir / f"shot-{next(self._shots)}.png"
        command = [FIREFOX, "--headless", "--no-remote", "--profile", str(self.profile),
                   f"--window-size={size[0]},{size[1]}", "--screenshot", str(out), url]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=COMMAND_TIMEOUT,
                                    env=_no_proxy_env())
        except subprocess.TimeoutExpired as error:
            raise RuntimeError(f"firefox-esr --screenshot took over {COMMAND_TIMEOUT} s on {url}") from error
        if not out.is_file():
            raise RuntimeError(f"firefox-esr wrote no screenshot (exit {result.returncode}): {result.stderr.strip()[-600:]}")
        png = out.read_bytes()
        out.unlink()
        return self._crop(png, size, self.name)


class WebKitEngine(Engine):
    name = "webkit"

    def __init__(self):
        super().__init__()
        _require(WEBKIT_DRIVER, "webkit2gtk-driver")
        _require(XVFB, "xvfb")
        browsers = sorted(glob.glob(MINIBROWSER_GLOB))
        if not browsers:
            raise EngineUnavailable(f"no MiniBrowser matches {MINIBROWSER_GLOB}: install Debian's libwebkit2gtk-4.1-0")
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError as error:
            raise EngineUnavailable("Python selenium is missing (scripts/setup installs it)") from error
        self._xvfb, display = _start_xvfb()
        env = _no_proxy_env()
        env["DISPLAY"] = display
        # WebKitGTK 2.50 (Debian 12) never answers WebDriver's screenshot command when compositing
        # is disabled, so WEBKIT_DISABLE_COMPOSITING_MODE must not reach it; with compositing on,
        # synchronously seeked pages render correctly.
        env.pop("WEBKIT_DISABLE_COMPOSITING_MODE", None)
        options = Options()
        options.binary_location = browsers[-1]
        options.add_argument("--automation")
        try:
            self._driver = webdriver.WebKitGTK(
                options=options, service=Service(executable_path=WEBKIT_DRIVER, env=env))
        except Exception as error:
            self._stop_xvfb()
            raise EngineUnavailable(f"WebKitWebDriver/MiniBrowser does not start: {error}") from error
        config = getattr(self._driver.command_executor, "client_config", None)
        if config is not None:
            config.timeout = COMMAND_TIMEOUT
        self._driver.set_page_load_timeout(COMMAND_TIMEOUT)
        self._window = None

    def capture(self, url: str, size: tuple[int, int]) -> Image.Image:
        self._fit_window(size)
        self._driver.get(url)
        # The load event can come before the seeked frame is painted: on a loaded machine the
        # screenshot then showed the page before its style applied (everything 8 px off, the
        # body's default margin). Two animation frames later the seeked frame has been painted.
        self._driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "requestAnimationFrame(function () { requestAnimationFrame(function () { done(); }); });")
        return self._crop(self._driver.get_screenshot_as_png(), size, self.name)

    def _fit_window(self, size: tuple[int, int]) -> None:
        """Makes the viewport at least `size` (the window adds MiniBrowser's toolbar)."""
        if self._window is not None and self._window[0] >= size[0] and self._window[1] >= size[1]:
            return
        self._driver.set_window_rect(0, 0, size[0] + 40, size[1] + 120)
        inner = self._driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if inner[0] < size[0] or inner[1] < size[1]:
            raise RuntimeError(f"MiniBrowser's viewport is {inner[0]}x{inner[1]}, smaller than {size[0]}x{size[1]}")
        self._window = tuple(inner)

    def _stop_xvfb(self) -> None:
        self._xvfb.terminate()
        try:
            self._xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._xvfb.kill()

    def close(self) -> None:
        try:
            self._driver.quit()
        finally:
            self._stop_xvfb()
            super().close()


GRID_COLUMNS = 4
GRID_MAX_PIXELS = 30_000_000
"""How Firefox batches frames: at most this many columns and this many pixels per screenshot."""


def _batches(pages, columns: int, max_pixels: int):
    """Consecutive runs of pages whose grid stays within `max_pixels`."""
    batch: list = []
    for page in pages:
        _, width, height = _grid(batch + [page], columns)
        if batch and width * height > max_pixels:
            yield batch
            batch = []
        batch.append(page)
    if batch:
        yield batch


def _grid(pages, columns: int) -> tuple[list[tuple[int, int]], int, int]:
    """Top-left corners of the pages laid out `columns` to a row, and the grid's size."""
    cells, width, y = [], 0, 0
    for start in range(0, len(pages), columns):
        row = pages[start:start + columns]
        x = 0
        for _, (w, _h) in row:
            cells.append((x, y))
            x += w
        width = max(width, x)
        y += max(h for _, (_w, h) in row)
    return cells, width, y


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    """A private X server on a free display (Xvfb picks it and writes it to a pipe)."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen([XVFB, "-displayfd", str(write_end), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                               pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number:
        process.kill()
        raise EngineUnavailable("Xvfb did not start")
    return process, f":{number}"


def _js(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


ENGINES = {engine.name: engine for engine in (ChromiumEngine, FirefoxEngine, WebKitEngine)}
"""Every engine the suite checks, by name; all are required."""


class EnginePool:
    """Starts engines on demand and keeps one running at a time (the tests are ordered engine by
    engine), so a 2-core machine never runs two browsers at once. A browser that does not start
    fails every test that needs it, quickly, with the same message."""

    def __init__(self):
        self._current: Engine | None = None
        self._errors: dict[str, Exception] = {}

    def get(self, name: str) -> Engine:
        if self._current is not None and self._current.name == name:
            return self._current
        if name in self._errors:
            raise EngineUnavailable(str(self._errors[name]))
        self.close()
        try:
            self._current = ENGINES[name]()
        except Exception as error:
            self._errors[name] = error
            raise
        return self._current

    def close(self) -> None:
        if self._current is not None:
            engine, self._current = self._current, None
            engine.close()
