"""A local HTTP server for the `<img>` checks.

It serves files from one folder, and `/hold?seconds=S`: a 1x1 PNG answered after S seconds. A page
that also loads `/hold` fires its load event (and Firefox takes its `--screenshot`) only then, so a
capture shows an `<img>` animation S seconds after the page started, in every engine alike.
"""

from __future__ import annotations

import base64
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

_PIXEL = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


class _Handler(SimpleHTTPRequestHandler):
    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/hold":
            time.sleep(float(parse_qs(url.query).get("seconds", ["0"])[0]))
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(_PIXEL)))
            self.end_headers()
            self.wfile.write(_PIXEL)
            return
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


class LocalServer:
    """Serves `root` on 127.0.0.1 at a free port until `close()`."""

    def __init__(self, root: Path):
        self.root = root
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(root)))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/{path.lstrip('/')}"

    def hold_url(self, seconds: float, tag: str) -> str:
        return self.url(f"hold?seconds={seconds:.3f}&tag={tag}")

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
