"""What the browser tests share: ``latinum serve`` in a process, a system Chromium, a tab
of the game and a small terminal emulator that rebuilds the text the page shows from the
bytes it receives. benchmarks/serve_start.py and docs/screenshots/browser.py use it too."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
LAPTOP, PHONE = (1280, 720), (375, 667)
CONTROL = re.compile(r"\x1b\[([0-9;?<>=$]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


def chromium() -> str | None:
    """The system Chromium (LATINUM_CHROMIUM names another), or None."""
    named = os.environ.get("LATINUM_CHROMIUM")
    if named:
        return named
    return next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)


def launch(playwright):
    """Headless system Chromium (as root, as in CI, it needs --no-sandbox)."""
    return playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """``latinum serve ARGS`` on a free loopback port, saving under ``state``."""

    def __init__(self, args: list[str], state: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        environment = dict(os.environ, XDG_STATE_HOME=str(state))
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "latinum", "serve", *args, "--port", str(self.port)],
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
        )
        self.first_line = self.process.stderr.readline()
        if "open http" not in self.first_line:
            self.process.kill()
            raise RuntimeError(f"latinum serve did not start: {self.first_line}")

    def stop(self, timeout: float = 20) -> tuple[int, str]:
        """Ctrl-C, as a user stops it; the exit status and what it said after starting."""
        self.process.send_signal(signal.SIGINT)
        try:
            _, said = self.process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        return self.process.returncode, said


class Terminal:
    """The screen text of the bytes a terminal received: cursor moves and text; styles and
    modes are ignored, which is all the game's full redraws and updates need."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.lines = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0

    def feed(self, text: str) -> None:
        at = 0
        for control in CONTROL.finditer(text):
            self._write(text[at : control.start()])
            at = control.end()
            if control.group(2) == "H":
                row, _, column = (control.group(1) or "1;1").partition(";")
                self.y, self.x = int(row or 1) - 1, int(column or 1) - 1
        self._write(text[at:])

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.x = 0
            elif char == "\n":
                self.y += 1
            elif 0 <= self.y < self.rows and 0 <= self.x < self.columns:
                self.lines[self.y][self.x] = char
                self.x += 1

    def text(self) -> str:
        return "\n".join("".join(line).rstrip() for line in self.lines)

    def find(self, words: str) -> tuple[int, int] | None:
        """(column, row) where ``words`` start on the screen, or None."""
        for row, line in enumerate(self.text().splitlines()):
            column = line.find(words)
            if column >= 0:
                return column, row
        return None


class Tab:
    """One browser tab on the game: the text it shows, clicks and keys."""

    def __init__(self, browser, url: str, size: tuple[int, int]) -> None:
        width, height = size
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.received: list[bytes] = []
        self.columns_rows = (80, 24)
        self.page.on("websocket", self._watch)
        self.page.goto(url, wait_until="domcontentloaded")

    def _watch(self, socket) -> None:
        socket.on("framereceived", self._received)
        socket.on("framesent", self._sent)

    def _received(self, frame) -> None:
        if isinstance(frame, bytes):
            self.received.append(frame)

    def _sent(self, frame) -> None:
        if isinstance(frame, str) and frame.startswith('["resize"'):
            size = json.loads(frame)[1]
            self.columns_rows = (size["width"], size["height"])

    def screen(self) -> Terminal:
        terminal = Terminal(*self.columns_rows)
        terminal.feed(b"".join(self.received).decode("utf-8", "replace"))
        return terminal

    def wait_for(self, words: str, timeout: float = 20) -> Terminal:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.page.wait_for_timeout(100)
            screen = self.screen()
            if words in screen.text():
                return screen
        raise AssertionError(f"{words!r} never showed; the page shows:\n{self.screen().text()}")

    def click(self, column: int, row: int) -> None:
        box = self.page.locator(".xterm-screen").bounding_box()
        columns, rows = self.columns_rows
        x = box["x"] + (column + 0.5) * box["width"] / columns
        y = box["y"] + (row + 0.5) * box["height"] / rows
        self.page.mouse.click(x, y)
