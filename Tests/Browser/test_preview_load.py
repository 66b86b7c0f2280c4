"""`segue preview` under load: 50 pages on loopback hold their reload streams while the transition
file is saved 20 times. Every page hears of every build, the server's memory stays flat, and Ctrl-C
still stops it at once, with exit status 0. (No browser: the pages are plain HTTP clients.)"""

from __future__ import annotations

import json
import socket
import threading
import time
from urllib.parse import urlparse

from segue_browser.preview import SLIDE, PreviewProcess
from segue_browser.report import REPORT

CLIENTS = 50
SAVES = 20
BUILD_TIMEOUT = 90
"""Seconds a save may take to reach every page (a cold swiftc compile on a busy machine)."""

WARM_UP = 5
"""Saves after which the server's memory is taken as the baseline."""

MAX_GROWTH_MIB = 16
"""How much the server's resident memory may grow from the baseline to the last save."""


class ReloadStream:
    """One page's `/events` connection, read on a thread: every status version it hears."""

    def __init__(self, host: str, port: int):
        self.versions: list[int] = []
        self.closed = False
        self._socket = socket.create_connection((host, port), timeout=BUILD_TIMEOUT + 30)
        self._socket.sendall(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        buffer = b""
        try:
            while chunk := self._socket.recv(65536):
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.startswith(b"data: "):
                        try:
                            self.versions.append(json.loads(line[6:])["version"])
                        except (ValueError, KeyError):
                            pass
        except OSError:
            pass
        self.closed = True

    def close(self) -> None:
        try:
            self._socket.close()
        except OSError:
            pass


def _resident_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS in /proc/PID/status")


def _wait(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_fifty_pages_hear_twenty_saves_and_ctrl_c_stops_the_server(segue, tmp_path):
    source = tmp_path / "Slide.swift"
    source.write_text(SLIDE.format(x=100), encoding="utf-8")
    preview = PreviewProcess(segue.binary, str(source))
    address = urlparse(preview.url)
    streams: list[ReloadStream] = []
    try:
        _wait(lambda: "built slide" in preview.stdout, BUILD_TIMEOUT, f"the first build did not finish: {preview.stderr}")
        streams = [ReloadStream(address.hostname, address.port) for _ in range(CLIENTS)]
        _wait(lambda: all(1 in s.versions for s in streams), 30, "not every page got the current build on connecting")

        memory = []
        started = time.monotonic()
        for save in range(1, SAVES + 1):
            source.write_text(SLIDE.format(x=100 + 5 * save), encoding="utf-8")
            version = save + 1
            _wait(lambda: all(version in s.versions for s in streams), BUILD_TIMEOUT,
                  f"save {save}: {sum(version in s.versions for s in streams)} of {CLIENTS} pages heard of build {version}"
                  f"\n{preview.stderr}")
            memory.append(_resident_mib(preview.process.pid))
        elapsed = time.monotonic() - started

        assert not any(s.closed for s in streams), "the server dropped a page's reload stream"
        for stream in streams:
            assert sorted(set(stream.versions)) == list(range(1, SAVES + 2)), stream.versions
        growth = memory[-1] - memory[WARM_UP - 1]
        assert growth < MAX_GROWTH_MIB, f"resident memory grew {growth:.1f} MiB over {SAVES - WARM_UP} saves: {memory}"
    finally:
        for stream in streams[:CLIENTS // 2]:
            stream.close()
        stopping = time.monotonic()
        status = preview.stop()
        stop_seconds = time.monotonic() - stopping
        for stream in streams:
            stream.close()
    assert status == 0, f"segue preview exited with {status} on Ctrl-C: {preview.stderr}"
    assert stop_seconds < 5, f"Ctrl-C took {stop_seconds:.1f} s with {CLIENTS // 2} pages still connected"
    REPORT.record_figure(
        f"preview load: {CLIENTS} reload streams held through {SAVES} saves ({elapsed:.1f} s), every page heard every build; "
        f"resident memory {memory[WARM_UP - 1]:.1f} → {memory[-1]:.1f} MiB after save {WARM_UP} → {SAVES}; "
        f"Ctrl-C with {CLIENTS // 2} pages connected: exit 0 in {stop_seconds:.2f} s")
