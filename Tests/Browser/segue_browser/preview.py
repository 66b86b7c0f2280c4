"""`segue preview` run as a user runs it: started, its URL read from what it prints, stopped with
Ctrl-C (SIGINT), after which it must exit 0."""

from __future__ import annotations

import signal
import subprocess
import tempfile
import time
from pathlib import Path


SLIDE = """import Segue

Transition("slide", duration: 1) {{ t in
    t.from.backgroundColor = Color(rgb: 0x3366CC)
    t.to.backgroundColor = Color(rgb: 0x2E9E4F)
    let card = Layer(frame: Rect(x: 20, y: 40, width: 100, height: 100), contents: .color(Color(rgb: 0xCC2244)))
    t.to.addSublayer(card)
    t.animate {{
        card.position = Point(x: {x}, y: 90)
    }}
}}
"""
"""A small transition file; `SLIDE.format(x=…)` sets where its card slides to."""


class PreviewProcess:
    """A running `segue preview ARGUMENTS` on a free port."""

    def __init__(self, binary: Path, *arguments: str, timeout: float = 120):
        self._log = tempfile.TemporaryFile(mode="w+")
        self._errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([str(binary), "preview", *arguments], stdout=self._log, stderr=self._errors, text=True)
        self.url = self._wait_for_url(timeout)

    def _read(self, stream) -> str:
        stream.seek(0)
        return stream.read()

    @property
    def stdout(self) -> str:
        return self._read(self._log)

    @property
    def stderr(self) -> str:
        return self._read(self._errors)

    def _wait_for_url(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.stdout.splitlines():
                if line.startswith("Previewing ") and "http://" in line:
                    return line[line.index("http://"):].split()[0]
            if self.process.poll() is not None:
                raise RuntimeError(f"segue preview exited with {self.process.returncode}: {self.stderr}")
            time.sleep(0.05)
        self.process.kill()
        raise RuntimeError(f"segue preview printed no URL within {timeout} s: {self.stderr}")

    def stop(self) -> int:
        """Ctrl-C; the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                return -1
        return self.process.returncode
